//! Following records as each viewer sees them ([`RecordFollower`]): the state's views moved
//! on by each record's moves as that viewer sees them, the records written for the log
//! and for each viewer ([`ViewedRecord`]), and the scenes drawn at a record's beats
//! ([`FollowedRecord`]). What the engine, the server and the view harness use to say what
//! happened to whom.

use crate::pieces::chance::Chance;
use crate::pieces::player::{PlayerIndex, Seats};
use crate::position::RecordKind;
use crate::records::log::{Record, StoredRecord};
use crate::rules::action::Message;
use crate::rules::game::{Game, Setup, SetupError};
use crate::rules::moves::{Move, MoveContext};
use crate::seen::scene::Scene;
use crate::seen::view::Viewer;

use serde::{Deserialize, Serialize};

/// One action record as a viewer may see it: the messages that reach them and what they
/// see of each move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ViewedRecord<M> {
    /// Who acted; `None` for the setup.
    pub player: Option<PlayerIndex>,
    /// The action's name.
    pub action: std::borrow::Cow<'static, str>,
    /// How the record came about.
    pub kind: RecordKind,
    /// The messages that reach this viewer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub messages: Vec<Message>,
    /// The moves as this viewer sees them, in order; moves they do not see at all are left
    /// out.
    pub moves: Vec<M>,
    /// Each of `moves` in words for this viewer ([`Game::describe_move`]), in the same
    /// order, `None` for a move the game says nothing of; empty when it says nothing of
    /// any (a game without descriptions sends none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub texts: Vec<Option<String>>,
    /// For a record of the flow or a timer: what changed (a phase entered, a turn begun),
    /// public to every viewer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<crate::rules::flow::FlowEvent>,
    /// The game's clock when the record was made, in milliseconds ([`Record::clock`]).
    #[serde(default, rename = "clock_ms", skip_serializing_if = "is_zero")]
    pub clock: u64,
}

impl<M> ViewedRecord<M> {
    /// Adds `applied` as `viewer` sees it in `state` (the state right after it), with its
    /// words, unless they do not see it at all.
    fn see<G: Game<Move = M>>(&mut self, state: &G, applied: &M, viewer: Viewer)
    where
        M: Move<G>,
    {
        if let Some(seen) = applied.view(state, viewer) {
            self.texts.push(state.describe_move(&seen, viewer));
            self.moves.push(seen);
        }
    }

    /// Empties `texts` when the game said nothing of any move: nothing is sent then.
    fn settle_texts(&mut self) {
        if self.texts.iter().all(Option::is_none) {
            self.texts = Vec::new();
        }
    }
}

/// Whether a clock reading is 0, for serde's `skip_serializing_if`.
fn is_zero(clock: &u64) -> bool {
    *clock == 0
}

/// Follows a game move by move from its setup state, to show each viewer what each move
/// looks like to them ([`Move::view`]) with the state right after it, and to write each
/// record as a log holds it from the state right before it.
#[derive(Clone, Debug)]
pub struct RecordFollower<G: Game> {
    state: G,
    scratch: Chance,
}

impl<G: Game> RecordFollower<G> {
    /// Starts from the state [`Game::setup`] gives, before its setup moves, with the
    /// checks of [`Engine::new`](crate::Engine::new).
    ///
    /// # Errors
    /// As [`Engine::new`](crate::Engine::new): the count, the config, the game's setup.
    pub fn new(config: &G::Config, players: usize) -> Result<Self, SetupError> {
        Ok(RecordFollower {
            state: Setup::for_table(config, players)?.state,
            // Moves draw chance only for the data of consequences, which the records
            // already list: whatever is drawn here is thrown away.
            scratch: Chance::from_seed(0),
        })
    }

    /// Starts from `state`, the state [`Game::setup`] gave before its setup moves.
    pub(crate) fn starting_at(state: G) -> Self {
        RecordFollower {
            state,
            scratch: Chance::from_seed(0),
        }
    }

    /// The state after the moves followed so far.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// Applies `applied`, one move of a record (whose consequences the record lists after
    /// it). What a viewer sees of it is then `applied.view(self.state(), viewer)`.
    pub fn advance(&mut self, applied: &G::Move) {
        apply_alone(&mut self.state, &mut self.scratch, applied);
    }

    /// Follows every move of `record`, the next record of the game followed, without
    /// writing it.
    pub fn advance_record(&mut self, record: &Record<G>) {
        for applied in &record.moves {
            self.advance(applied);
        }
    }

    /// Follows every move of `record`, the next record of the game followed, and returns
    /// it as a log file holds it ([`Record::write`], its messages rendered from the state
    /// before it).
    pub fn write(&mut self, record: &Record<G>) -> StoredRecord<G::Move> {
        let written = record.write(&self.state);
        for applied in &record.moves {
            self.advance(applied);
        }
        written
    }

    /// Follows every move of `record`, the next record of the game followed, once, and
    /// returns it as a log holds it ([`write`](Self::write)) and as each of `viewers`
    /// sees it ([`follow_record`](Self::follow_record)), in the order of `viewers`: one
    /// state followed for every viewer of a table, not a copy per viewer. Its messages are
    /// rendered once.
    pub fn write_and_view(
        &mut self,
        record: &Record<G>,
        viewers: &[Viewer],
    ) -> (StoredRecord<G::Move>, Vec<ViewedRecord<G::Move>>) {
        self.write_view_and_draw(record, viewers, &[], Seats::checked(1))
            .into_written_and_viewed()
    }

    /// As [`write_and_view`](Self::write_and_view), and also, for each of `viewers` whose
    /// entry of `drawn` is `true`, the scene ([`Game::scene`]) of their view of the state
    /// at each beat of the record ([`Game::is_beat`]), for a client that holds those
    /// moments before it shows the record's end. `drawn` may be shorter than `viewers`
    /// (the rest are not drawn); `seats` is the table's.
    pub fn write_view_and_draw(
        &mut self,
        record: &Record<G>,
        viewers: &[Viewer],
        drawn: &[bool],
        seats: Seats,
    ) -> FollowedRecord<G::Move> {
        let drawing = drawn.iter().any(|&drawn| drawn);
        // Nothing allocated for a table nobody draws (a server's load, a simulation).
        let mut beats: Vec<Vec<Scene>> = if drawing {
            vec![Vec::new(); viewers.len()]
        } else {
            Vec::new()
        };
        let written = record.write(&self.state);
        let mut viewed: Vec<ViewedRecord<G::Move>> = viewers
            .iter()
            .map(|&viewer| ViewedRecord {
                player: record.player,
                action: std::borrow::Cow::Borrowed(record.name()),
                kind: record.kind,
                messages: written
                    .messages
                    .iter()
                    .filter(|message| reaches(message, viewer))
                    .cloned()
                    .collect(),
                moves: Vec::new(),
                texts: Vec::new(),
                event: record.event.clone(),
                clock: record.clock,
            })
            .collect();
        for applied in &record.moves {
            self.advance(applied);
            for (seen, &viewer) in viewed.iter_mut().zip(viewers) {
                seen.see(&self.state, applied, viewer);
            }
            if drawing && self.state.is_beat(applied) {
                for ((scenes, &viewer), _) in beats
                    .iter_mut()
                    .zip(viewers)
                    .zip(drawn)
                    .filter(|(_, drawn)| **drawn)
                {
                    scenes.push(self.state.view(viewer).scene(viewer, seats));
                }
            }
        }
        for seen in &mut viewed {
            seen.settle_texts();
        }
        FollowedRecord {
            written,
            viewed,
            beats,
        }
    }

    /// Follows every move of `record`, the next record of the game followed, and returns
    /// the record as `viewer` sees it.
    pub fn follow_record(&mut self, record: &Record<G>, viewer: Viewer) -> ViewedRecord<G::Move> {
        let mut viewed = ViewedRecord {
            player: record.player,
            action: std::borrow::Cow::Borrowed(record.name()),
            kind: record.kind,
            messages: record
                .messages(&self.state)
                .into_iter()
                .filter(|message| reaches(message, viewer))
                .collect(),
            moves: Vec::new(),
            texts: Vec::new(),
            event: record.event.clone(),
            clock: record.clock,
        };
        for applied in &record.moves {
            self.advance(applied);
            viewed.see(&self.state, applied, viewer);
        }
        viewed.settle_texts();
        viewed
    }
}

/// Whether `message` reaches `viewer`: a player the messages to them and to everyone, an
/// observer those to everyone, the admin all.
fn reaches(message: &Message, viewer: Viewer) -> bool {
    match viewer {
        Viewer::Player(player) => message.reaches(player),
        Viewer::Observer => message.to.is_none(),
        Viewer::Admin => true,
    }
}

/// Applies one move without running its consequences (they are listed after it in its
/// record): to follow a record, or to replay viewed moves onto a view.
pub fn apply_alone<G, M: Move<G>>(game: &mut G, scratch: &mut Chance, applied: &M) {
    let mut discarded = Vec::new();
    applied.apply(game, &mut MoveContext::new(&mut discarded, scratch));
}

/// A record followed by [`RecordFollower::write_view_and_draw`]: as the log holds it, as each
/// viewer sees it, and each drawn viewer's scenes at its beats.
#[derive(Clone, Debug)]
pub struct FollowedRecord<M> {
    /// The record as the log holds it.
    pub written: StoredRecord<M>,
    /// The record as each viewer sees it, in the order of the viewers asked.
    pub viewed: Vec<ViewedRecord<M>>,
    /// Each viewer's scenes at the record's beats, in order; empty for a viewer not drawn
    /// and for a record without beats, and empty altogether when no viewer is drawn.
    pub beats: Vec<Vec<Scene>>,
}

impl<M> FollowedRecord<M> {
    /// The record as the log holds it and as each viewer sees it.
    #[must_use]
    pub fn into_written_and_viewed(self) -> (StoredRecord<M>, Vec<ViewedRecord<M>>) {
        (self.written, self.viewed)
    }
}
