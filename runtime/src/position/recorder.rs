//! Where the records a position plays go ([`Recorder`]), and what a position knows of a
//! record when it closes one ([`RecordHeader`], [`RecordKind`]): the log's types that the
//! lookahead core writes, kept here so that the core does not import the log built on it.

use serde::{Deserialize, Serialize};

use crate::pieces::player::PlayerIndex;
use crate::rules::action::ActionSet;
use crate::rules::flow::FlowEvent;
use crate::rules::game::Game;

/// Where the records a position plays go: nowhere for a lookahead or a simulation
/// ([`Unrecorded`]), into the log for the logged table ([`Engine`](crate::Engine)).
pub(crate) trait Recorder<G: Game> {
    /// Whether it keeps the records of the flow's changes ([`RecordKind::Flow`] without
    /// moves): a position played on its own only counts them.
    const KEEPS_FLOW: bool = true;

    /// Takes `moved`, a move just applied (an action's own or a consequence), with the
    /// full state right after it.
    fn applied(&mut self, after: &G, moved: G::Move);

    /// Closes the record of the moves applied since the last one, which the recorder took
    /// one by one.
    fn record(&mut self, header: RecordHeader<G>);

    /// Takes a record of the flow without moves, `event`: by nobody (a turn's player is
    /// in the event, not the record's acting player). Called only when
    /// [`KEEPS_FLOW`](Self::KEEPS_FLOW).
    fn flow_event(&mut self, event: FlowEvent) {
        let _ = event;
    }

    /// Marks the record just closed as the flow's `event` (a step's moves). Called only
    /// when [`KEEPS_FLOW`](Self::KEEPS_FLOW).
    fn mark_last(&mut self, event: FlowEvent) {
        let _ = event;
    }
}

/// The recorder of one submission to a position played on its own: it keeps the action of
/// the first record, the submitted one's, to hand it back if what follows never ends.
pub(crate) struct KeptAction<A>(pub(crate) Option<A>);

impl<G: Game> Recorder<G> for KeptAction<G::Actions> {
    const KEEPS_FLOW: bool = false;

    fn applied(&mut self, _after: &G, _moved: G::Move) {}

    fn record(&mut self, header: RecordHeader<G>) {
        if self.0.is_none() {
            self.0 = header.action;
        }
    }
}

/// The recorder of a position played on its own: its records go nowhere.
pub(crate) struct Unrecorded;

impl<G: Game> Recorder<G> for Unrecorded {
    const KEEPS_FLOW: bool = false;

    fn applied(&mut self, _after: &G, _moved: G::Move) {}

    fn record(&mut self, _header: RecordHeader<G>) {}
}

/// A record as a position closes it: every field of a [`Record`] but its moves, which
/// only a log keeps (and takes one by one as they are applied), so that a position played
/// without a log never builds the room for them.
pub(crate) struct RecordHeader<G: Game> {
    pub(crate) player: Option<PlayerIndex>,
    pub(crate) kind: RecordKind,
    pub(crate) action: Option<G::Actions>,
    pub(crate) follow_up: bool,
    pub(crate) drew_chance: bool,
}

impl<G: Game> RecordHeader<G> {
    /// The header of a record of `kind` by `player`, before its moves: no action, not a
    /// follow-up, no chance drawn yet.
    pub(crate) fn opened(kind: RecordKind, player: Option<PlayerIndex>) -> Self {
        RecordHeader {
            player,
            kind,
            action: None,
            follow_up: false,
            drew_chance: false,
        }
    }

    /// The record's action name, as [`Record::name`].
    pub(crate) fn name(&self) -> &'static str {
        record_name(self.action.as_ref(), self.kind)
    }
}

/// The name of a record of `kind` with `action`: the action's, `setup` for the setup,
/// `pass` for a pass.
pub(crate) fn record_name<A: ActionSet>(action: Option<&A>, kind: RecordKind) -> &'static str {
    match (action, kind) {
        (Some(action), _) => action.name(),
        (None, RecordKind::Setup) => "setup",
        (None, RecordKind::Flow) => "flow",
        (None, RecordKind::Timer) => "timer",
        (None, RecordKind::Forced) => "fix_up",
        (None, RecordKind::Undo) => "undo",
        (None, RecordKind::Timeout) => "timeout",
        (None, _) => "pass",
    }
}

/// How an action record came about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordKind {
    /// The setup moves of [`Game::setup`].
    Setup,
    /// A player submitted the action.
    Submitted,
    /// The engine played the player's only possible completion for them; or, by nobody and
    /// without an action, a fix-up of the flow ([`Flow::fix_up`](crate::Flow::fix_up)).
    Forced,
    /// The player had nothing possible and the game passed for them
    /// ([`WhenStuck::Pass`](crate::WhenStuck::Pass)).
    Pass,
    /// The game's flow moved on ([`Game::flow`]): a phase or a turn began or ended, or the
    /// engine played a step's moves ([`Record::event`](crate::Record::event) says which).
    Flow,
    /// A step's timer fired and the engine played its moves
    /// ([`Step::timer`](crate::rules::flow::Step::timer)): [`Record::event`](crate::Record::event) names the step and
    /// [`Record::clock`](crate::Record::clock) says when.
    Timer,
    /// A player's clock per move ran out ([`PositionSettings::move_clock`]) and the engine
    /// played the game's timeout move for them ([`Game::timeout_action`]): [`Record::clock`](crate::Record::clock)
    /// says when.
    ///
    /// [`PositionSettings::move_clock`]: crate::PositionSettings::move_clock
    /// [`Game::timeout_action`]: crate::Game::timeout_action
    Timeout,
    /// A player took back actions ([`Engine::undo`](crate::Engine::undo), or
    /// [`take_back`](crate::Engine::take_back) when the record's action is `take_back`):
    /// only in a written log ([`StoredRecord::cancels`](crate::StoredRecord::cancels) says which records it cancelled,
    /// which stay in the log before it), so that a log is only ever appended to.
    Undo,
}
