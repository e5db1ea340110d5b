//! The logged table's way back: a copy of its position every few submissions
//! ([`Checkpoint`]), and the records since played again from it. What puts back a
//! submission whose consequences never end, and what an undo starts from, at the cost of
//! one copy per [`CHECKPOINT_EVERY`] submissions rather than one per submission.
//!
//! Playing records again gives the game they gave because the rules are deterministic
//! given chance, which lives in the position: the same invariant a log's replay rests on
//! (`ARCHITECTURE.md`). The records played again are checked against the ones standing,
//! move for move, so a game that breaks it is caught, not silently rebuilt otherwise.

use std::time::Duration;

use crate::pieces::player::PlayerIndex;
use crate::position::{Position, RecordHeader, RecordKind, Recorder};
use crate::records::log::Record;
use crate::rules::flow::FlowEvent;
use crate::rules::game::Game;

/// How many submissions a checkpoint covers before the next one is taken.
///
/// Each submission of a logged table copied its whole position before it (a Hearts deal
/// spent 40,000 of its 152,000 instructions on it, `docs/PERFORMANCE.md`); a copy every
/// eighth costs an eighth of that. In return an undo, or the rare refusal of a submission
/// whose consequences never end, plays again up to seven submissions from the checkpoint:
/// the copy and the replay stay within ten submissions' cost, whatever the game's length
/// (an undo's check that nothing hidden was shown comes on top, `docs/PERFORMANCE.md`).
pub(super) const CHECKPOINT_EVERY: u32 = 8;

/// A copy of the table's position, the records standing when it was taken, and how many
/// submissions were applied since. Every record standing after `records` follows from the
/// position by its causes ([`play_again`]).
#[derive(Clone, Debug)]
pub(super) struct Checkpoint<G: Game> {
    pub(super) position: Position<G>,
    /// The records standing when it was taken.
    pub(super) records: usize,
    /// The submissions applied since.
    since: u32,
}

impl<G: Game> Checkpoint<G> {
    /// A checkpoint of `position`, with `records` standing.
    pub(super) fn new(position: &Position<G>, records: usize) -> Box<Self> {
        Box::new(Checkpoint {
            position: position.clone(),
            records,
            since: 0,
        })
    }

    /// Counts a submission about to be applied on `position`, with `records` standing,
    /// first copying `position` into this checkpoint when it covers
    /// [`CHECKPOINT_EVERY`] submissions already. The copy is made into the old one,
    /// field by field, so that its vectors keep their room.
    pub(super) fn before_submission(&mut self, position: &Position<G>, records: usize) {
        if self.since >= CHECKPOINT_EVERY {
            self.position.clone_from(position);
            self.records = records;
            self.since = 0;
        }
        self.since += 1;
    }
}

/// Where a logged table stood before a submission or a clock move: enough, with its
/// [`Checkpoint`], to put it back exactly. Four numbers, taken before every submission.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mark {
    /// The records standing.
    pub(super) records: usize,
    /// The journal's lines, once there is one.
    pub(super) journal: Option<usize>,
    /// The history's clock, in milliseconds.
    pub(super) history_clock: u64,
    /// The position's clock, in milliseconds: later than the last record's when time
    /// moved on since without firing anything.
    pub(super) position_clock: u64,
}

/// Plays on `position` (a checkpoint's copy) what caused each of `records`, the records
/// that followed it: a submission is applied again at the clock it was made at, a timer
/// or a timeout fires again at its clock, as a log's replay plays its lines
/// ([`Engine::play_line`](crate::Engine::play_line)); the records that follow from those
/// (forced plays, passes, the flow's) come out of playing them. Each record played is
/// checked against the one in `records`, move for move; `first` is the first one's index
/// in the log, to name a record that differs.
///
/// # Errors
/// What differs, in words, when a record comes out otherwise, a submission is refused,
/// or a timer's consequences never end: the game's rules are then not deterministic given
/// chance. `position` is left where it stopped.
pub(super) fn play_again<G: Game>(
    position: &mut Position<G>,
    records: &[Record<G>],
    first: usize,
) -> Result<(), String> {
    let mut retracing = Retracing {
        expected: records,
        first,
        next: 0,
        moves: 0,
        diverged: None,
    };
    for (index, record) in records.iter().enumerate() {
        match record.kind {
            RecordKind::Submitted => {
                let (Some(player), Some(action)) = (record.player, record.action.clone()) else {
                    return Err(format!(
                        "record {} is a submission without its action",
                        first + index
                    ));
                };
                position.set_clock(record.clock);
                position.note_acted(player);
                position
                    .apply(player, action, &mut retracing)
                    .map_err(|endless| endless.into_error().to_string())?;
            }
            RecordKind::Timer | RecordKind::Timeout => {
                position
                    .advance_clock_recorded(Duration::from_millis(record.clock), &mut retracing)
                    .map_err(|error| error.to_string())?;
            }
            // Played by what caused them, already.
            RecordKind::Setup
            | RecordKind::Forced
            | RecordKind::Pass
            | RecordKind::Flow
            | RecordKind::Undo => {}
        }
        if let Some(reason) = retracing.diverged.take() {
            return Err(reason);
        }
    }
    if retracing.next != records.len() {
        return Err(format!(
            "playing again made {} records where {} stood",
            retracing.next,
            records.len()
        ));
    }
    Ok(())
}

/// The recorder of [`play_again`]: keeps nothing, and checks each move and record against
/// the records that stood. Keeps the flow's records, as the logged table's does, so that
/// the position is played exactly as it was.
struct Retracing<'a, G: Game> {
    expected: &'a [Record<G>],
    /// The index in the log of the first of `expected`.
    first: usize,
    /// The record being played again, in `expected`.
    next: usize,
    /// Its moves applied so far.
    moves: usize,
    /// The first difference found.
    diverged: Option<String>,
}

impl<G: Game> Retracing<'_, G> {
    /// Notes a difference at record `index` of those played again, the first only.
    fn differs(&mut self, index: usize, what: impl FnOnce() -> String) {
        if self.diverged.is_none() {
            let record = self.first + index;
            self.diverged = Some(format!("record {record} came out otherwise: {}", what()));
        }
    }

    /// Closes the record being played as one of `kind` by `player`.
    fn close(&mut self, kind: RecordKind, player: Option<PlayerIndex>) {
        match self.expected.get(self.next) {
            Some(expected) if expected.kind == kind && expected.player == player => {
                if expected.moves.len() != self.moves {
                    let (stood, made) = (expected.moves.len(), self.moves);
                    self.differs(self.next, || format!("{made} moves where {stood} stood"));
                }
            }
            Some(expected) => {
                let stood = (expected.kind, expected.player);
                self.differs(self.next, || {
                    format!("{:?} where {stood:?} stood", (kind, player))
                });
            }
            None => self.differs(self.next, || {
                format!("a {kind:?} record past the last that stood")
            }),
        }
        self.next += 1;
        self.moves = 0;
    }
}

impl<G: Game> Recorder<G> for Retracing<'_, G> {
    fn applied(&mut self, _after: &G, moved: G::Move) {
        let stood = self
            .expected
            .get(self.next)
            .and_then(|record| record.moves.get(self.moves));
        if stood != Some(&moved) {
            let index = self.moves;
            self.differs(self.next, || {
                format!("move {index} is {moved:?}, where {stood:?} stood")
            });
        }
        self.moves += 1;
    }

    fn record(&mut self, header: RecordHeader<G>) {
        self.close(header.kind, header.player);
    }

    fn flow_event(&mut self, event: FlowEvent) {
        let stood = self
            .expected
            .get(self.next)
            .and_then(|record| record.event.as_ref());
        if stood != Some(&event) {
            let stood = stood.cloned();
            self.differs(self.next, || format!("{event:?} where {stood:?} stood"));
        }
        self.close(RecordKind::Flow, None);
    }

    fn mark_last(&mut self, event: FlowEvent) {
        // The record just closed.
        let last = self.next.saturating_sub(1);
        let stood = self
            .expected
            .get(last)
            .and_then(|record| record.event.as_ref());
        if stood != Some(&event) {
            let stood = stood.cloned();
            self.differs(last, || format!("{event:?} where {stood:?} stood"));
        }
    }
}
