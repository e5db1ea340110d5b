//! Where the flow stands, as the rules read it ([`Progress`]): the one record of phase and
//! turn, so that no game keeps a copy of its own.

use super::cursor::FlowPosition;
use crate::pieces::player::{PlayerIndex, PlayerSet};

/// What kind of step a compiled step is, for [`Progress`]'s questions by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    Phase,
    Loop,
    Act,
    Moves,
    Other,
}

/// A compiled step's name and kind, apart from its functions, so that [`Progress`] does
/// not depend on the game's type.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Outline {
    pub(crate) name: &'static str,
    pub(crate) role: Role,
}

/// Where a game's flow stands, read by the rules: the phase, the step, whose turn it is
/// and each loop's round. What boardgame.io hands its moves as `ctx` and Boardzilla its
/// steps as flow arguments.
///
/// The rules get one wherever they are asked something between records: an action's
/// conditions, prompts, options, validations, `confirm` and behaviour (bound as `flow` in
/// the expressions of [`#[derive(Action)]`](crate::Action)), every function of a declared
/// flow ([`Step::moves`](super::Step::moves), a loop's count or first player, a
/// condition, a fix-up) and [`Game::timeout_action`](crate::Game::timeout_action);
/// [`Position::progress`](crate::Position::progress) reads it from outside. A game whose
/// flow is written by hand ([`Flow::by_hand`](super::Flow::by_hand)) stands nowhere:
/// every answer is `None`.
///
/// A view's words and [`Game::scene`](crate::Game::scene) get none: a scene is also drawn
/// at a record's beats, in the middle of a record, where the flow has not moved yet, so
/// they read the state (Hearts reads its cards).
///
/// A move does not get one: a move is applied again, to each player's view, by followers
/// that do not run the flow ([`RecordFollower`](crate::RecordFollower)), so what a move needs of
/// the flow is put in its data by the step or behaviour that pushes it (Smash's
/// `EndTurn { player, .. }`).
///
/// Cheap to copy (two pointers); each question walks the steps entered, at most
/// [`DEPTH`](super::DEPTH).
#[derive(Clone, Copy, Debug)]
pub struct Progress<'a> {
    at: Option<&'a FlowPosition>,
    /// A thin pointer (to the flow's vector): every question to an action carries a
    /// `Progress`, and the walks pass it down every selection.
    outline: &'a Vec<Outline>,
}

/// The outline of a flow written by hand: no step.
static NO_STEPS: Vec<Outline> = Vec::new();

impl<'a> Progress<'a> {
    /// Where a flow written by hand stands, or a flow not started: nowhere.
    pub const NOWHERE: Progress<'static> = Progress {
        at: None,
        outline: &NO_STEPS,
    };

    pub(crate) fn new(at: &'a FlowPosition, outline: &'a Vec<Outline>) -> Self {
        Progress {
            at: Some(at),
            outline,
        }
    }

    /// The steps entered with their outlines, innermost last.
    fn entered(&self) -> impl DoubleEndedIterator<Item = (Outline, super::Frame)> + '_ {
        let frames = self.at.map_or(&[][..], |at| at.frames());
        frames.iter().filter_map(|frame| {
            self.outline
                .get(usize::from(frame.step()))
                .map(|outline| (*outline, *frame))
        })
    }

    /// The innermost phase the flow is in, by the name it was declared with
    /// ([`Step::phase`](super::Step::phase)); `None` outside every phase.
    #[must_use]
    pub fn phase(&self) -> Option<&'static str> {
        self.entered()
            .rev()
            .find(|(outline, _)| outline.role == Role::Phase)
            .map(|(outline, _)| outline.name)
    }

    /// Whether the flow is in the phase named `name`, innermost or around it.
    #[must_use]
    pub fn in_phase(&self, name: &str) -> bool {
        self.entered()
            .any(|(outline, _)| outline.role == Role::Phase && outline.name == name)
    }

    /// The step where players act now, or the step whose moves the engine plays now, by
    /// name; `None` between steps and once the flow is over.
    #[must_use]
    pub fn step(&self) -> Option<&'static str> {
        self.entered()
            .next_back()
            .filter(|(outline, _)| matches!(outline.role, Role::Act | Role::Moves))
            .map(|(outline, _)| outline.name)
    }

    /// Whose turn it is: the player of the innermost
    /// [`Step::each_player`](super::Step::each_player) loop; `None` outside every such
    /// loop.
    #[must_use]
    pub fn turn(&self) -> Option<PlayerIndex> {
        self.at.and_then(FlowPosition::turn)
    }

    /// The round the loop named `name` is in, the first `0` (for a
    /// [`Step::each_player`](super::Step::each_player) loop, the turns taken in it before
    /// this one); `None` when the flow is not in that loop.
    #[must_use]
    pub fn round(&self, name: &str) -> Option<u32> {
        self.entered()
            .rev()
            .find(|(outline, _)| outline.role == Role::Loop && outline.name == name)
            .map(|(_, frame)| frame.round())
    }

    /// Who may act now in the step where players act: those it asks, less those who have
    /// acted. Empty between steps.
    #[must_use]
    pub fn to_act(&self) -> PlayerSet {
        self.at.map_or(PlayerSet::EMPTY, FlowPosition::to_act)
    }
}
