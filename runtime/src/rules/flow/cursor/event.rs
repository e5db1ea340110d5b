//! The changes of the flow the engine records ([`FlowEvent`]).

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::pieces::player::PlayerIndex;

/// A change of the flow the engine records, as a record of kind
/// [`RecordKind::Flow`](crate::RecordKind::Flow): for clients to show and for effects to
/// trigger on (start and end of turn). When several happen at once they come innermost
/// first: a turn ends before its phase is left, a phase is entered before its first turn
/// starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum FlowEvent {
    /// The game enters the phase.
    EnterPhase {
        /// The phase's name.
        phase: Cow<'static, str>,
    },
    /// The game leaves the phase.
    LeavePhase {
        /// The phase's name.
        phase: Cow<'static, str>,
    },
    /// The player's turn begins ([`Step::each_player`](crate::rules::flow::Step::each_player)).
    StartTurn {
        /// Whose turn.
        player: PlayerIndex,
    },
    /// The player's turn ends.
    EndTurn {
        /// Whose turn it was.
        player: PlayerIndex,
    },
    /// The engine plays the moves of a step ([`Step::moves`](crate::rules::flow::Step::moves)).
    Moves {
        /// The step's name.
        step: Cow<'static, str>,
    },
    /// The timer of a step where players act fired
    /// ([`Step::timer`](crate::rules::flow::Step::timer)), and the engine plays its moves.
    Timer {
        /// The step's name.
        step: Cow<'static, str>,
    },
    /// A fix-up applied its moves ([`Flow::fix_up`](crate::rules::flow::Flow::fix_up)).
    FixUp {
        /// The fix-up's name.
        name: Cow<'static, str>,
    },
}

impl fmt::Display for FlowEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FlowEvent::EnterPhase { phase } => write!(f, "phase {phase} begins"),
            FlowEvent::LeavePhase { phase } => write!(f, "phase {phase} ends"),
            FlowEvent::StartTurn { player } => write!(f, "turn of {player} begins"),
            FlowEvent::EndTurn { player } => write!(f, "turn of {player} ends"),
            FlowEvent::Moves { step } => write!(f, "{step}"),
            FlowEvent::Timer { step } => write!(f, "the time for {step} ran out"),
            FlowEvent::FixUp { name } => write!(f, "{name}"),
        }
    }
}
