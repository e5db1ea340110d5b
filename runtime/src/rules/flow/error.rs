//! What can go wrong with a flow ([`FlowError`]), with the two words its errors name: how
//! deep steps may nest ([`DEPTH`]) and what an interrupt does ([`Interrupt`]). They stand
//! apart from the flow's machine so that the crate's errors can carry a flow's error
//! without importing the flow.

use serde::Serialize;

/// How deeply a flow's steps may nest ([`FlowError::TooDeep`]).
pub const DEPTH: usize = 8;

/// What an interrupt does to the loop it names ([`Step::break_loop`](crate::flow::Step::break_loop),
/// [`MoveContext::interrupt`](crate::MoveContext::interrupt)), after Boardzilla's loop
/// interrupts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Interrupt {
    /// Leaves the loop: the flow goes on after it.
    Break,
    /// Ends this round: the loop asks for the next one as if the round were over.
    Continue,
    /// Plays this round again from its start (the same player's turn, the same count).
    Repeat,
}

/// A mistake in a flow's declaration, or a flow that cannot go on: reported when a
/// position starts ([`SetupError::Flow`](crate::SetupError::Flow)) or by the submission
/// that ran into it, with the state unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "flow", rename_all = "snake_case")]
#[non_exhaustive]
pub enum FlowError {
    /// [`FlowPosition::before_step`](crate::flow::FlowPosition::before_step) names a step where players act that the flow does not
    /// declare.
    #[error("the flow has no step `{step}` where players act")]
    NoSuchStep {
        /// The name asked for.
        step: String,
    },
    /// A step where players act offers no action ([`Step::offering`](super::Step::offering)).
    #[error("step `{step}` offers no action: add `.offering::<Action>()`")]
    NothingOffered {
        /// The step's name.
        step: &'static str,
    },
    /// A step offers an action past the first 64 of the game's actions enum: a step's
    /// actions are bits of one word.
    #[error(
        "step `{step}` offers action {index} of the game's actions, past the 64 a step can offer"
    )]
    TooManyActions {
        /// The step's name.
        step: &'static str,
        /// The action's index in the actions enum.
        index: usize,
    },
    /// Two loops or phases share a name, so an interrupt could not say which it means.
    #[error("two loops or phases are named `{name}`")]
    NameTwice {
        /// The name.
        name: &'static str,
    },
    /// An interrupt names a loop that does not enclose it.
    #[error("`{interrupt:?}` names `{loop_name}`, which is not a loop around it")]
    NoSuchLoop {
        /// What the interrupt does.
        interrupt: Interrupt,
        /// The loop it names.
        loop_name: &'static str,
    },
    /// A move asked a decision ([`MoveContext::ask`](crate::MoveContext::ask)) that is no
    /// follow-up of this game (a move type shared by two games, asking with the other's
    /// actions): a bug of the game. Decisions are kept typed, so nothing else can make one
    /// unreadable since 0.3.
    #[error("a move asked a decision the game cannot read back: {reason}")]
    UnreadableDecision {
        /// What reading it said.
        reason: String,
    },
    /// The effects an action set off ran past the loop guard's budget of steps
    /// ([`Effects::STEP_BUDGET`](crate::rules::effects::Effects::STEP_BUDGET)): two effects that
    /// answer each other for ever ("after a minion moves here, move it there", both ways).
    /// The action is refused and the state stays as it was.
    #[error("the effects of this action ran past {steps} steps without ending: a loop of effects")]
    RunawayResolution {
        /// The budget spent.
        steps: u32,
    },
    /// A move asks for a subflow the game's flow does not declare
    /// ([`MoveContext::subflow`](crate::MoveContext::subflow)).
    #[error("no subflow is named `{name}` in this game's declared flow")]
    NoSuchSubflow {
        /// The name asked for.
        name: String,
    },
    /// A subflow declared on a flow written by hand ([`Flow::by_hand`](super::Flow::by_hand)):
    /// subflows run within a declared flow ([`Flow::new`](super::Flow::new)).
    #[error(
        "subflow `{name}` is declared on a flow written by hand; declare the flow with `Flow::new`"
    )]
    SubflowByHand {
        /// The subflow's name.
        name: &'static str,
    },
    /// An interrupt from a move names a loop the flow is not in now.
    #[error("an interrupt names `{loop_name}`, which is not a loop the flow is in now")]
    NotInLoop {
        /// The loop named.
        loop_name: String,
    },
    /// A step the flow can never reach: it comes after an interrupt or after a loop that
    /// goes round forever without a break out of it.
    #[error("step `{step}` is never reached: it follows an interrupt or a loop without end")]
    Unreachable {
        /// The step, by name.
        step: &'static str,
    },
    /// A loop that goes round forever, asks nobody anything and has no break.
    #[error("loop `{loop_name}` can neither end nor ask anyone anything")]
    Endless {
        /// The loop's name.
        loop_name: &'static str,
    },
    /// The flow went through this many steps without anyone to ask and without the game
    /// ending: a loop that never ends.
    #[error(
        "the flow went through {steps} steps without asking anyone anything (last `{step}`): a loop that never ends"
    )]
    Runaway {
        /// How many steps.
        steps: usize,
        /// The last step entered.
        step: String,
    },
    /// Steps nested deeper than a flow position holds ([`DEPTH`]).
    #[error("steps nest {depth} deep, more than {DEPTH}")]
    TooDeep {
        /// How deep.
        depth: usize,
    },
    /// More steps than a flow holds (65,535).
    #[error("the flow has {steps} steps, more than 65,535")]
    TooLarge {
        /// How many.
        steps: usize,
    },
    /// A saved flow position that does not fit this game's flow.
    #[error("the flow position does not fit this game's flow: {reason}")]
    Position {
        /// What does not fit.
        reason: String,
    },
}
