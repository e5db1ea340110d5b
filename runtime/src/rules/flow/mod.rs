//! A game's flow, declared: the steps of a game as its rulebook gives them (phases, loops,
//! turns, steps where one player, several or everyone acts, moves the engine makes), from
//! which the engine derives who may act now and with which actions.
//!
//! ```text
//! hand after hand: in a hand that passes, everyone passes at once; then 13 tricks, each
//! player in turn from the trick's leader
//! ```
//!
//! reads, in Hearts' [`Game::flow`] (the deal and the scoring are consequences of the
//! moves that start and end a hand):
//!
//! ```ignore
//! Flow::new(Step::forever("hands", [
//!     Step::when(|game, _| game.passes_this_hand(), [
//!         Step::phase("passing", [Step::everyone("pass").offering::<PassCards>()]),
//!     ]),
//!     Step::phase("tricks", [Step::times("trick", |_, _| 13, [
//!         Step::each_player("turn", |game, _| game.leader(), [
//!             Step::turn("play").offering::<PlayCard>(),
//!         ]),
//!     ])]),
//! ]))
//! ```
//!
//! Every function of a flow gets the state and where the flow stands ([`Progress`]: the
//! phase, whose turn, each loop's round), so the rules never keep a copy of either.
//!
//! The vocabulary is Boardzilla's flow (`loop`, `whileLoop`, `forLoop`, `eachPlayer`,
//! `everyPlayer`, `ifElse`, loop interrupts) with jkomoros/boardgame's phases; the
//! declaration is checked once, when a position starts ([`FlowError`]), and where the flow
//! stands ([`FlowPosition`]) is plain data that serializes with a saved game.
//!
//! The engine keeps the position and moves it on after every record: a step where players
//! act ends once each of them has acted, and what follows is entered at once, with a
//! record for each phase and turn entered or left ([`FlowEvent`]) and for the moves of each
//! [`Step::moves`]. Follow-ups freeze the flow: it moves on once none is pending.

mod cursor;
pub(crate) mod error;
mod progress;

use std::any::{Any, TypeId};
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

pub(crate) use cursor::Next;
pub use cursor::Suspended;
pub use cursor::{Acting, FlowEvent, FlowPosition, Frame};
pub use error::{DEPTH, FlowError, Interrupt};
pub use progress::Progress;
pub(crate) use progress::{Outline, Role};

use crate::pieces::player::{PlayerIndex, PlayerSet};
use crate::rules::action::InGame;
use crate::rules::game::Game;

/// The moves a step plays (a [`Step::moves`], a [`Step::timer`] firing, a
/// [`Flow::fix_up`]), pushed given the state and where the flow stands ([`Progress`]:
/// for a step's moves, that step entered).
pub(crate) type StepMoves<G> = fn(&G, Progress<'_>, &mut Vec<<G as Game>::Move>);

/// The moves that bind a for-each loop's item into the state ([`Step::for_each`]), pushed
/// given the state and the item.
pub(crate) type ItemMoves<G> = fn(&G, Progress<'_>, u32, &mut Vec<<G as Game>::Move>);

/// The index of a step in a compiled [`Flow`] (depth-first order of the declaration).
pub(crate) type StepId = u16;

/// Who acts in a step where players act ([`Step::turn`], [`Step::player`],
/// [`Step::everyone`], [`Step::players`]).
pub enum Actors<G> {
    /// The player whose turn it is: the innermost [`Step::each_player`] loop's.
    Turn,
    /// The one player the state names when the step begins (`|game, _flow| game.dealer`).
    One(fn(&G, Progress<'_>) -> PlayerIndex),
    /// Every seat still in the game ([`Flow::skipping`]), all at once, each on their own.
    Everyone,
    /// The seats the state names when the step begins, all at once, each on their own.
    Some(fn(&G, Progress<'_>) -> PlayerSet),
}

impl<G> Clone for Actors<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Actors<G> {}

/// How a loop goes round ([`Step::until`], [`Step::times`], [`Step::each_player`], ...).
pub enum Repeat<G: Game> {
    /// While the condition holds, asked before each round (after the move that ended the
    /// last one).
    While(fn(&G, Progress<'_>) -> bool),
    /// Until the condition holds, asked before each round.
    Until(fn(&G, Progress<'_>) -> bool),
    /// As many rounds as the state says when the loop begins (fixed at entry).
    Times(fn(&G, Progress<'_>) -> u32),
    /// A round for each seat still in the game, in seat order from the one the state
    /// names when the loop begins: each round is that player's turn.
    EachPlayer(fn(&G, Progress<'_>) -> PlayerIndex),
    /// Round after round, until a [`Step::break_loop`] or the end of the game.
    Forever,
    /// A round for each item of the set the state names when the loop begins (indices
    /// below 32, as bits), in increasing order, fixed then: the set may change during the
    /// loop, its rounds do not. Each round begins with the moves that bind its item into
    /// the state ([`Step::for_each`]).
    ForEach(fn(&G, Progress<'_>) -> u32, ItemMoves<G>),
}

impl<G: Game> Clone for Repeat<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Repeat<G> {}

/// What a move asks of the flow, kept until its record has resolved
/// ([`MoveContext::interrupt`](crate::MoveContext::interrupt),
/// [`MoveContext::subflow`](crate::MoveContext::subflow)), with the loop or subflow named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FlowRequest {
    /// Interrupt the loop named.
    Interrupt(Interrupt),
    /// Run the subflow named.
    Subflow,
    /// Refuse the record: its resolution ran past this many steps of effects
    /// ([`effects`](crate::rules::effects)' loop guard).
    Runaway(u32),
    /// Refuse the record: a move asked a decision of another game, named beside.
    ForeignDecision,
}

/// One step of a flow, as declared: built with the functions of this type, nested, and
/// compiled by [`Flow::new`].
pub struct Step<G: Game> {
    kind: StepKind<G>,
}

pub(crate) enum StepKind<G: Game> {
    Act {
        name: &'static str,
        actors: Actors<G>,
        actions: u64,
        asks: Asks<G>,
        timer: Option<Timer<G>>,
        /// The actions of the stages after the first ([`Step::next_stage`]).
        later: Vec<u64>,
        /// An action offered past the 64 a step's bits hold, by its index.
        beyond: Option<usize>,
    },
    Moves {
        name: &'static str,
        moves: StepMoves<G>,
    },
    Sequence(Vec<Step<G>>),
    Phase {
        name: &'static str,
        body: Box<Step<G>>,
    },
    Loop {
        name: &'static str,
        repeat: Repeat<G>,
        body: Box<Step<G>>,
    },
    Branch {
        condition: fn(&G, Progress<'_>) -> bool,
        then: Box<Step<G>>,
        otherwise: Box<Step<G>>,
    },
    Interrupt {
        interrupt: Interrupt,
        target: &'static str,
    },
}

impl<G: Game> Step<G> {
    fn act(name: &'static str, actors: Actors<G>) -> Self {
        Step {
            kind: StepKind::Act {
                name,
                actors,
                actions: 0,
                asks: Asks::Once,
                timer: None,
                later: Vec::new(),
                beyond: None,
            },
        }
    }

    /// A step where the player whose turn it is (the innermost [`each_player`](Self::each_player)
    /// loop's) takes one of the actions offered ([`offering`](Self::offering)); `name`
    /// says what they do ("play"). It ends once they have acted (follow-ups included).
    #[must_use]
    pub fn turn(name: &'static str) -> Self {
        Self::act(name, Actors::Turn)
    }

    /// A step where the one player `who` names when it begins takes one of the actions
    /// offered.
    #[must_use]
    pub fn player(name: &'static str, who: fn(&G, Progress<'_>) -> PlayerIndex) -> Self {
        Self::act(name, Actors::One(who))
    }

    /// A step where every seat still in the game takes one of the actions offered, all at
    /// once and each on their own (Hearts' pass): it ends once each has acted, in any
    /// order.
    #[must_use]
    pub fn everyone(name: &'static str) -> Self {
        Self::act(name, Actors::Everyone)
    }

    /// A step where each of the seats `who` names when it begins takes one of the actions
    /// offered, all at once and each on their own; skipped when it names nobody.
    #[must_use]
    pub fn players(name: &'static str, who: fn(&G, Progress<'_>) -> PlayerSet) -> Self {
        Self::act(name, Actors::Some(who))
    }

    /// Offers action `A` in this step (a step where players act), besides those offered
    /// already. An action not listed in the game's actions enum does not compile.
    ///
    /// # Panics
    /// On a step where nobody acts: offering is for [`turn`](Self::turn),
    /// [`player`](Self::player), [`everyone`](Self::everyone) and
    /// [`players`](Self::players).
    #[must_use]
    pub fn offering<A: InGame<Game = G>>(mut self) -> Self {
        match &mut self.kind {
            StepKind::Act {
                actions,
                later,
                beyond,
                ..
            } => match 1u64.checked_shl(u32::try_from(A::INDEX).unwrap_or(u32::MAX)) {
                Some(bit) => *later.last_mut().unwrap_or(actions) |= bit,
                None => *beyond = Some(A::INDEX),
            },
            _ => panic!("`offering` is for a step where players act"),
        }
        self
    }

    /// Ends a stage of this step (a step where players act): the actions offered after it
    /// make the next stage, which each player reaches once they acted in the one before,
    /// on their own, without waiting for the others. The step ends once every player
    /// went through every stage. Every player at once through a body of several steps,
    /// each at their own pace (discard, then draw; choose a card, then a target), after
    /// Boardzilla's `everyPlayer` with a multi-step body, which must never wait for the
    /// slowest to go on. A repeated step ([`repeated_until`](Self::repeated_until),
    /// [`repeated_while`](Self::repeated_while)) asks its players again from the first
    /// stage.
    ///
    /// # Panics
    /// On a step where nobody acts, as [`offering`](Self::offering).
    #[must_use]
    pub fn next_stage(mut self) -> Self {
        match &mut self.kind {
            StepKind::Act { later, .. } => later.push(0),
            _ => panic!("`next_stage` is for a step where players act"),
        }
        self
    }

    /// Makes this step (a step where players act) ask each of its players again and
    /// again until `done` holds for them, asked after each of their actions with the
    /// state after it (Blackjack's hits until the player stands or busts): a step that is
    /// repeated until done, rather than one action each.
    ///
    /// # Panics
    /// On a step where nobody acts, as [`offering`](Self::offering).
    #[must_use]
    pub fn repeated_until(mut self, until_done: fn(&G, PlayerIndex) -> bool) -> Self {
        match &mut self.kind {
            StepKind::Act { asks, .. } => *asks = Asks::Until(until_done),
            _ => panic!("`repeated_until` is for a step where players act"),
        }
        self
    }

    /// Makes this step (a step where players act) ask each of its players as long as
    /// `more` holds for them: asked as the step begins (a player for whom it does not hold
    /// is not asked at all, and a step that asks nobody is skipped) and after each of
    /// their actions, with the state after it. Blackjack's turn: hit or stand while the
    /// hand is under 21 and the player has not stood; a player dealt a blackjack has no
    /// turn. Where [`repeated_until`](Self::repeated_until) asks at least once, this may
    /// ask none.
    ///
    /// # Panics
    /// On a step where nobody acts, as [`offering`](Self::offering).
    #[must_use]
    pub fn repeated_while(mut self, more: fn(&G, PlayerIndex) -> bool) -> Self {
        match &mut self.kind {
            StepKind::Act { asks, .. } => *asks = Asks::While(more),
            _ => panic!("`repeated_while` is for a step where players act"),
        }
        self
    }

    /// Gives this step (a step where players act) a timer: once the step has waited
    /// `after` (asked of the state when the step begins and again after each action in
    /// it; `None` stops the timer) with nobody acting, the engine applies the moves `fire`
    /// pushes as a record of its own ([`RecordKind::Timer`](crate::RecordKind::Timer)),
    /// and the step goes on (its players still to act, the timer asked again). After
    /// jkomoros/boardgame's timers, which propose a move when they fire.
    ///
    /// Time enters only through [`Engine::advance_clock`](crate::Engine::advance_clock):
    /// the deadline is part of the flow position ([`FlowPosition::deadline`]), so a game
    /// saved and restored fires it once, at the same time, and a replay fires it exactly
    /// where the log did. Memory turns the cards of a miss face down after a delay unless
    /// the player does it first: `after` is `Some(delay)` only while they lie face up.
    ///
    /// # Panics
    /// On a step where nobody acts, as [`offering`](Self::offering).
    #[must_use]
    pub fn timer(
        mut self,
        after: fn(&G) -> Option<Duration>,
        fire: fn(&G, Progress<'_>, &mut Vec<G::Move>),
    ) -> Self {
        match &mut self.kind {
            StepKind::Act { timer, .. } => *timer = Some(Timer { after, fire }),
            _ => panic!("`timer` is for a step where players act"),
        }
        self
    }

    /// A step the engine plays itself: the moves `moves` pushes, given the state and where
    /// the flow stands (this step entered: [`Progress::step`] is its name, and
    /// [`Progress::turn`] whose turn it is in), applied with their consequences as one
    /// record (a deal, a score, "draw at the start of your turn").
    #[must_use]
    pub fn moves(name: &'static str, moves: fn(&G, Progress<'_>, &mut Vec<G::Move>)) -> Self {
        Step {
            kind: StepKind::Moves { name, moves },
        }
    }

    /// The steps in order. A sequence of one step is that step.
    #[must_use]
    pub fn sequence(steps: impl IntoIterator<Item = Step<G>>) -> Self {
        let mut steps: Vec<Step<G>> = steps.into_iter().collect();
        if steps.len() == 1
            && let Some(step) = steps.pop()
        {
            return step;
        }
        Step {
            kind: StepKind::Sequence(steps),
        }
    }

    /// A named phase of the game: entering and leaving it are records
    /// ([`FlowEvent::EnterPhase`], [`FlowEvent::LeavePhase`]), and views say which phase
    /// the game is in ([`FlowPosition::phase`]).
    #[must_use]
    pub fn phase(name: &'static str, steps: impl IntoIterator<Item = Step<G>>) -> Self {
        Step {
            kind: StepKind::Phase {
                name,
                body: Box::new(Self::sequence(steps)),
            },
        }
    }

    /// A loop named `name` that goes round as `repeat` says, playing `steps` each round.
    #[must_use]
    pub fn repeat(
        name: &'static str,
        repeat: Repeat<G>,
        steps: impl IntoIterator<Item = Step<G>>,
    ) -> Self {
        Step {
            kind: StepKind::Loop {
                name,
                repeat,
                body: Box::new(Self::sequence(steps)),
            },
        }
    }

    /// `steps` round after round while `condition` holds (asked before each round).
    #[must_use]
    pub fn while_(
        name: &'static str,
        condition: fn(&G, Progress<'_>) -> bool,
        steps: impl IntoIterator<Item = Step<G>>,
    ) -> Self {
        Self::repeat(name, Repeat::While(condition), steps)
    }

    /// `steps` round after round until `condition` holds (asked before each round).
    #[must_use]
    pub fn until(
        name: &'static str,
        condition: fn(&G, Progress<'_>) -> bool,
        steps: impl IntoIterator<Item = Step<G>>,
    ) -> Self {
        Self::repeat(name, Repeat::Until(condition), steps)
    }

    /// `steps` as many times as `count` says when the loop begins.
    #[must_use]
    pub fn times(
        name: &'static str,
        count: fn(&G, Progress<'_>) -> u32,
        steps: impl IntoIterator<Item = Step<G>>,
    ) -> Self {
        Self::repeat(name, Repeat::Times(count), steps)
    }

    /// A turn for each seat still in the game, in seat order from the one `first` names
    /// when the loop begins: each player's turn plays `steps`, with turn records
    /// ([`FlowEvent::StartTurn`], [`FlowEvent::EndTurn`]).
    #[must_use]
    pub fn each_player(
        name: &'static str,
        first: fn(&G, Progress<'_>) -> PlayerIndex,
        steps: impl IntoIterator<Item = Step<G>>,
    ) -> Self {
        Self::repeat(name, Repeat::EachPlayer(first), steps)
    }

    /// `steps` once for each item of the set `items` names when the loop begins (indices
    /// below 32, as the bits of a `u32`: suits, lots, the seats of a table of up to 32), in
    /// increasing order; the set is fixed then, so an item the rounds take out of the state
    /// is still visited and one they add is not (Boardzilla's `forEach`, over a collection
    /// fixed at entry). Each round begins with the moves `bind` pushes for its item, given
    /// the state, as a record of the engine's ([`FlowEvent::Moves`] named `name`): how
    /// the item reaches the state the round's actions read (`SetLot { lot }`).
    #[must_use]
    pub fn for_each(
        name: &'static str,
        items: fn(&G, Progress<'_>) -> u32,
        bind: fn(&G, Progress<'_>, u32, &mut Vec<G::Move>),
        steps: impl IntoIterator<Item = Step<G>>,
    ) -> Self {
        Self::repeat(name, Repeat::ForEach(items, bind), steps)
    }

    /// `steps` round after round until a [`break_loop`](Self::break_loop) of this loop
    /// (or an action's interrupt) or the end of the game.
    #[must_use]
    pub fn forever(name: &'static str, steps: impl IntoIterator<Item = Step<G>>) -> Self {
        Self::repeat(name, Repeat::Forever, steps)
    }

    /// `then` when `condition` holds as the flow reaches this step, else `otherwise`.
    #[must_use]
    pub fn branch(
        condition: fn(&G, Progress<'_>) -> bool,
        then: impl IntoIterator<Item = Step<G>>,
        otherwise: impl IntoIterator<Item = Step<G>>,
    ) -> Self {
        Step {
            kind: StepKind::Branch {
                condition,
                then: Box::new(Self::sequence(then)),
                otherwise: Box::new(Self::sequence(otherwise)),
            },
        }
    }

    /// `steps` only when `condition` holds as the flow reaches this step.
    #[must_use]
    pub fn when(
        condition: fn(&G, Progress<'_>) -> bool,
        steps: impl IntoIterator<Item = Step<G>>,
    ) -> Self {
        Self::branch(condition, steps, [])
    }

    /// Leaves the enclosing loop named `target`.
    #[must_use]
    pub fn break_loop(target: &'static str) -> Self {
        Self::interrupt(Interrupt::Break, target)
    }

    /// Ends this round of the enclosing loop named `target`.
    #[must_use]
    pub fn continue_loop(target: &'static str) -> Self {
        Self::interrupt(Interrupt::Continue, target)
    }

    /// Plays this round of the enclosing loop named `target` again.
    #[must_use]
    pub fn repeat_round(target: &'static str) -> Self {
        Self::interrupt(Interrupt::Repeat, target)
    }

    fn interrupt(interrupt: Interrupt, target: &'static str) -> Self {
        Step {
            kind: StepKind::Interrupt { interrupt, target },
        }
    }
}

/// How often a step where players act asks each of them ([`Step::repeated_until`],
/// [`Step::repeated_while`]).
pub(crate) enum Asks<G> {
    /// One action each.
    Once,
    /// Again after each action until this holds for the player (at least once).
    Until(fn(&G, PlayerIndex) -> bool),
    /// As long as this holds for the player, asked first as the step begins.
    While(fn(&G, PlayerIndex) -> bool),
}

impl<G> Clone for Asks<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Asks<G> {}

impl<G> Asks<G> {
    /// Whether the step asks its players more than once.
    pub(crate) fn repeats(self) -> bool {
        !matches!(self, Asks::Once)
    }

    /// Whether `player` is to be asked again after an action, by `state`.
    pub(crate) fn again(self, state: &G, player: PlayerIndex) -> bool {
        match self {
            Asks::Once => false,
            Asks::Until(done) => !done(state, player),
            Asks::While(more) => more(state, player),
        }
    }
}

/// A step's timer ([`Step::timer`]): how long the step waits, from the state, and the
/// moves it plays when it fires.
pub(crate) struct Timer<G: Game> {
    pub(crate) after: fn(&G) -> Option<Duration>,
    pub(crate) fire: StepMoves<G>,
}

impl<G: Game> Clone for Timer<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Timer<G> {}

/// A compiled step: its kind and where it sits.
pub(crate) struct Node<G: Game> {
    pub(crate) kind: NodeKind<G>,
    pub(crate) parent: Option<StepId>,
    /// A step where the player whose turn it is acts, the whole body of an each-player
    /// loop: the turn passes from one seat to the next without the general machinery
    /// ([`FlowPosition::next_turn`]).
    pub(crate) turn_body: bool,
}

pub(crate) enum NodeKind<G: Game> {
    Act {
        name: &'static str,
        actors: Actors<G>,
        actions: u64,
        asks: Asks<G>,
        timer: Option<Timer<G>>,
        /// The actions of each stage, the first's (`actions`) first: one stage but for a
        /// step of several ([`Step::next_stage`]).
        stages: Vec<u64>,
    },
    Moves {
        name: &'static str,
        moves: StepMoves<G>,
    },
    Sequence(Vec<StepId>),
    Phase {
        name: &'static str,
        body: StepId,
    },
    Loop {
        name: &'static str,
        repeat: Repeat<G>,
        body: StepId,
    },
    Branch {
        condition: fn(&G, Progress<'_>) -> bool,
        then: StepId,
        otherwise: StepId,
    },
    Interrupt {
        interrupt: Interrupt,
        /// The loop interrupted: an ancestor, found when the flow is compiled.
        target: StepId,
    },
}

/// A game's flow, compiled from its declaration ([`Flow::new`]) and checked: what
/// [`Game::flow`] returns.
pub struct Flow<G: Game> {
    pub(crate) nodes: Vec<Node<G>>,
    /// Each step's name and kind, by the same index as `nodes`: what [`Progress`] reads.
    pub(crate) outline: Vec<Outline>,
    pub(crate) skipping: Option<fn(&G, PlayerIndex) -> bool>,
    /// Whether a step has a timer ([`Step::timer`]).
    pub(crate) timed: bool,
    /// The fix-ups, in declaration order ([`Flow::fix_up`]).
    pub(crate) fix_ups: Vec<(&'static str, StepMoves<G>)>,
    /// The subflows by name, each the root of its steps and how deep they nest
    /// ([`Flow::subflow`]).
    pub(crate) subflows: Vec<(&'static str, StepId, usize)>,
    pub(crate) error: Option<FlowError>,
}

impl<G: Game> fmt::Debug for Flow<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Flow")
            .field("steps", &self.nodes.len())
            .field("error", &self.error)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Flow<G> {
    /// The flow that plays `root`, then ends (the game should be over by then: a flow that
    /// ends first leaves nobody to act, [`Status::Stuck`](crate::Status::Stuck)).
    ///
    /// The declaration is checked here, and a mistake is kept to be reported when a
    /// position starts ([`SetupError::Flow`](crate::SetupError::Flow)): a step where
    /// players act offering no action, two loops or phases of one name, an interrupt
    /// naming no enclosing loop, a loop that can neither end nor ask anyone anything, a
    /// step that no path reaches.
    #[must_use]
    pub fn new(root: Step<G>) -> Self {
        let mut flow = Flow {
            nodes: Vec::new(),
            outline: Vec::new(),
            skipping: None,
            timed: false,
            fix_ups: Vec::new(),
            subflows: Vec::new(),
            error: None,
        };
        let mut loops = Vec::new();
        let mut names = Vec::new();
        flow.compile(root, None, &mut loops, &mut names);
        let deepest = (0..flow.nodes.len())
            .map(|id| flow.depth(id))
            .max()
            .unwrap_or(0);
        if deepest > DEPTH {
            flow.fail(FlowError::TooDeep { depth: deepest });
        }
        flow.outline_steps();
        if flow.error.is_none() && flow.nodes.len() > usize::from(StepId::MAX) {
            flow.error = Some(FlowError::TooLarge {
                steps: flow.nodes.len(),
            });
        }
        flow
    }

    /// The flow written by hand: [`Game::to_act`] says who acts, every action is offered
    /// to them, and the engine keeps no flow position. The default of [`Game::flow`].
    #[must_use]
    pub fn by_hand() -> Self {
        Flow {
            nodes: Vec::new(),
            outline: Vec::new(),
            skipping: None,
            timed: false,
            fix_ups: Vec::new(),
            subflows: Vec::new(),
            error: None,
        }
    }

    /// Leaves out the seats `out` says are out of the game (eliminated, bust, gone): no
    /// turn of theirs in [`Step::each_player`], and nothing asked of them in any step
    /// where players act ([`Step::turn`], [`Step::player`], [`Step::everyone`],
    /// [`Step::players`]), from the moment `out` says so: a seat put out in the first
    /// step of its turn is asked nothing in the next ones, and the turn passes.
    ///
    /// `out` is asked again of the state after every record (it is not remembered), so a
    /// seat it stops naming comes back: a player out for one round only is written as
    /// `out` reading that round's state.
    #[must_use]
    pub fn skipping(mut self, out: fn(&G, PlayerIndex) -> bool) -> Self {
        self.skipping = Some(out);
        self
    }

    /// Declares a fix-up named `name`: moves the engine applies whenever `moves` pushes
    /// any, given the state after a record (a hand over its limit discards, a piece with
    /// no liberty leaves the board), after jkomoros/boardgame's fix-up moves. Fix-ups are
    /// asked after every record while the game goes on, in declaration order, the first
    /// that pushes moves applied as a record of its own (kind
    /// [`RecordKind::Forced`](crate::RecordKind::Forced), by nobody, its event
    /// [`FlowEvent::FixUp`]), then all asked again from the first: so a fix-up must push
    /// nothing once its moves are applied. One that never stops is the loop the engine
    /// stops after [`PositionSettings::forced_limit`](crate::PositionSettings::forced_limit)
    /// records, the state as it was before the submission. Works with a flow written by
    /// hand too (declare `Flow::by_hand().fix_up(...)`).
    #[must_use]
    pub fn fix_up(mut self, name: &'static str, moves: StepMoves<G>) -> Self {
        self.fix_ups.push((name, moves));
        self
    }

    /// Declares the subflow `name`, the steps of `root`, which a move runs in the middle of
    /// the flow ([`MoveContext::subflow`](crate::MoveContext::subflow)): the flow stands
    /// still where it is, plays the subflow to its end, then goes on where it stood, as
    /// Boardzilla's subflows do. Its steps are checked as the flow's are, and its interrupts
    /// name only its own loops. Mistakes are kept for [`check`](Self::check): a name
    /// declared twice, a subflow that cannot fit on top of the deepest step where players
    /// act ([`DEPTH`]).
    #[must_use]
    pub fn subflow(mut self, name: &'static str, root: Step<G>) -> Self {
        if self.nodes.is_empty() {
            // With no flow of its own declared, the subflow would be taken for it.
            self.fail(FlowError::SubflowByHand { name });
        }
        if self.subflows.iter().any(|(declared, ..)| *declared == name) {
            self.fail(FlowError::NameTwice { name });
        }
        let main = self.nodes.len();
        let mut loops = Vec::new();
        let mut names = Vec::new();
        let id = self.compile(root, None, &mut loops, &mut names);
        // A subflow runs on top of a step where players act (or of any step the engine
        // plays): both depths together must fit in a flow position.
        let under = (0..main).map(|node| self.depth(node)).max().unwrap_or(0);
        let own = (main..self.nodes.len())
            .map(|node| self.depth(node))
            .max()
            .unwrap_or(0);
        self.subflows.push((name, id, own));
        self.outline_steps();
        if under + own > DEPTH {
            self.fail(FlowError::TooDeep { depth: under + own });
        }
        self
    }

    /// The root step of the subflow `name` and how deep its steps nest, if the flow
    /// declares one.
    pub(crate) fn subflow_root(&self, name: &str) -> Option<(StepId, usize)> {
        self.subflows
            .iter()
            .find(|(declared, ..)| *declared == name)
            .map(|&(_, root, depth)| (root, depth))
    }

    /// Whether the flow is written by hand ([`by_hand`](Self::by_hand)).
    #[must_use]
    pub fn is_by_hand(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The mistake found in the declaration, if any.
    ///
    /// # Errors
    /// The [`FlowError`] kept by [`new`](Self::new).
    pub fn check(&self) -> Result<(), FlowError> {
        self.error.clone().map_or(Ok(()), Err)
    }

    /// Writes each step's name and kind into `outline`, for [`Progress`].
    fn outline_steps(&mut self) {
        self.outline = self
            .nodes
            .iter()
            .map(|node| {
                let (name, role) = match &node.kind {
                    NodeKind::Phase { name, .. } => (*name, Role::Phase),
                    NodeKind::Loop { name, .. } => (*name, Role::Loop),
                    NodeKind::Act { name, .. } => (*name, Role::Act),
                    NodeKind::Moves { name, .. } => (*name, Role::Moves),
                    _ => ("", Role::Other),
                };
                Outline { name, role }
            })
            .collect();
    }

    /// Where `at` stands in this flow, as the rules read it.
    #[must_use]
    pub fn progress<'a>(&'a self, at: &'a FlowPosition) -> Progress<'a> {
        Progress::new(at, &self.outline)
    }

    fn fail(&mut self, error: FlowError) {
        self.error.get_or_insert(error);
    }

    fn push(&mut self, kind: NodeKind<G>, parent: Option<StepId>) -> StepId {
        let id = StepId::try_from(self.nodes.len()).unwrap_or(StepId::MAX);
        self.nodes.push(Node {
            kind,
            parent,
            turn_body: false,
        });
        id
    }

    /// Compiles `step` under `parent`, depth first; `loops` are the enclosing loops (name,
    /// step), `names` every loop and phase named so far.
    fn compile(
        &mut self,
        step: Step<G>,
        parent: Option<StepId>,
        loops: &mut Vec<(&'static str, StepId)>,
        names: &mut Vec<&'static str>,
    ) -> StepId {
        // Children are compiled after their parent is pushed, so a placeholder comes first.
        let id = self.push(NodeKind::Sequence(Vec::new()), parent);
        let kind = match step.kind {
            StepKind::Act {
                name,
                actors,
                actions,
                asks,
                timer,
                later,
                beyond,
            } => {
                if let Some(index) = beyond {
                    self.fail(FlowError::TooManyActions { step: name, index });
                }
                if actions == 0 || later.contains(&0) {
                    self.fail(FlowError::NothingOffered { step: name });
                }
                if timer.is_some() {
                    self.timed = true;
                }
                NodeKind::Act {
                    name,
                    actors,
                    actions,
                    asks,
                    timer,
                    stages: std::iter::once(actions).chain(later).collect(),
                }
            }
            StepKind::Moves { name, moves } => NodeKind::Moves { name, moves },
            StepKind::Sequence(steps) => {
                let steps: Vec<StepId> = steps
                    .into_iter()
                    .map(|step| self.compile(step, Some(id), loops, names))
                    .collect();
                // A step after one that never ends there (an interrupt, a loop without
                // end) is never reached.
                if let Some(pair) = steps.windows(2).find(|pair| !self.completes(pair[0])) {
                    let step = self.describe(pair[1]);
                    self.fail(FlowError::Unreachable { step });
                }
                NodeKind::Sequence(steps)
            }
            StepKind::Phase { name, body } => {
                self.name(name, names);
                let body = self.compile(*body, Some(id), loops, names);
                NodeKind::Phase { name, body }
            }
            StepKind::Loop { name, repeat, body } => {
                self.name(name, names);
                loops.push((name, id));
                let asks = body.asks_anyone();
                let body = self.compile(*body, Some(id), loops, names);
                loops.pop();
                if !asks && matches!(repeat, Repeat::Forever) && !self.breaks(body, id) {
                    self.fail(FlowError::Endless { loop_name: name });
                }
                if matches!(repeat, Repeat::EachPlayer(_))
                    && let Some(node) = self.nodes.get_mut(usize::from(body))
                    && matches!(
                        node.kind,
                        NodeKind::Act {
                            actors: Actors::Turn,
                            ..
                        }
                    )
                {
                    node.turn_body = true;
                }
                NodeKind::Loop { name, repeat, body }
            }
            StepKind::Branch {
                condition,
                then,
                otherwise,
            } => {
                let then = self.compile(*then, Some(id), loops, names);
                let otherwise = self.compile(*otherwise, Some(id), loops, names);
                NodeKind::Branch {
                    condition,
                    then,
                    otherwise,
                }
            }
            StepKind::Interrupt { interrupt, target } => {
                let found = loops.iter().rev().find(|(name, _)| *name == target);
                let target = match found {
                    Some(&(_, step)) => step,
                    None => {
                        self.fail(FlowError::NoSuchLoop {
                            interrupt,
                            loop_name: target,
                        });
                        0
                    }
                };
                NodeKind::Interrupt { interrupt, target }
            }
        };
        if let Some(node) = self.nodes.get_mut(usize::from(id)) {
            node.kind = kind;
        }
        id
    }

    fn name(&mut self, name: &'static str, names: &mut Vec<&'static str>) {
        if names.contains(&name) {
            self.fail(FlowError::NameTwice { name });
        }
        names.push(name);
    }

    /// Whether the flow can go on after step `node` ends normally: not after an
    /// interrupt, nor after a loop that goes round forever without a break out of it.
    fn completes(&self, node: StepId) -> bool {
        match self.node(node).map(|found| &found.kind) {
            Some(NodeKind::Sequence(steps)) => steps.iter().all(|&step| self.completes(step)),
            Some(NodeKind::Phase { body, .. }) => self.completes(*body),
            Some(NodeKind::Loop {
                repeat: Repeat::Forever,
                body,
                ..
            }) => self.breaks(*body, node),
            Some(NodeKind::Branch {
                then, otherwise, ..
            }) => self.completes(*then) || self.completes(*otherwise),
            Some(NodeKind::Interrupt { .. }) => false,
            _ => true,
        }
    }

    /// How a step is named in an error: its own name, else what it is.
    fn describe(&self, node: StepId) -> &'static str {
        match self.node(node).map(|found| &found.kind) {
            Some(
                NodeKind::Act { name, .. }
                | NodeKind::Moves { name, .. }
                | NodeKind::Phase { name, .. }
                | NodeKind::Loop { name, .. },
            ) => name,
            Some(NodeKind::Sequence(_)) => "a sequence",
            Some(NodeKind::Branch { .. }) => "a branch",
            Some(NodeKind::Interrupt { .. }) => "an interrupt",
            None => "a step",
        }
    }

    /// Whether a step under `node` breaks out of loop `target`.
    fn breaks(&self, node: StepId, target: StepId) -> bool {
        let mut stack = vec![node];
        while let Some(at) = stack.pop() {
            match self.nodes.get(usize::from(at)).map(|node| &node.kind) {
                Some(NodeKind::Interrupt {
                    interrupt: Interrupt::Break,
                    target: interrupted,
                }) if *interrupted == target => return true,
                Some(NodeKind::Sequence(steps)) => stack.extend(steps),
                Some(NodeKind::Phase { body, .. } | NodeKind::Loop { body, .. }) => {
                    stack.push(*body);
                }
                Some(NodeKind::Branch {
                    then, otherwise, ..
                }) => stack.extend([*then, *otherwise]),
                _ => {}
            }
        }
        false
    }

    /// How many steps are entered when step `id` is: itself and those around it.
    fn depth(&self, id: usize) -> usize {
        let mut depth = 1;
        let mut at = self.nodes.get(id).and_then(|node| node.parent);
        while let Some(parent) = at {
            depth += 1;
            at = self
                .nodes
                .get(usize::from(parent))
                .and_then(|node| node.parent);
        }
        depth
    }

    #[inline]
    pub(crate) fn node(&self, id: StepId) -> Option<&Node<G>> {
        self.nodes.get(usize::from(id))
    }
}

/// The flow of `G`, compiled once per process ([`Game::flow`] is called the first time a
/// position of `G` starts): a simulation starts a position per game, and compiling the
/// flow each time would cost more than a short game.
pub(crate) fn compiled<G: Game>() -> Arc<Flow<G>> {
    type Compiled = Vec<(TypeId, Arc<dyn Any + Send + Sync>)>;
    static FLOWS: OnceLock<Mutex<Compiled>> = OnceLock::new();
    let mut flows = FLOWS
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    let found = flows
        .iter()
        .find(|(game, _)| *game == TypeId::of::<G>())
        .and_then(|(_, flow)| Arc::clone(flow).downcast::<Flow<G>>().ok());
    if let Some(flow) = found {
        return flow;
    }
    let flow = Arc::new(G::flow());
    flows.push((
        TypeId::of::<G>(),
        Arc::clone(&flow) as Arc<dyn Any + Send + Sync>,
    ));
    flow
}

impl<G: Game> Step<G> {
    /// Whether a step under this one asks a player anything.
    fn asks_anyone(&self) -> bool {
        match &self.kind {
            StepKind::Act { .. } => true,
            StepKind::Moves { .. } | StepKind::Interrupt { .. } => false,
            StepKind::Sequence(steps) => steps.iter().any(Step::asks_anyone),
            StepKind::Phase { body, .. } | StepKind::Loop { body, .. } => body.asks_anyone(),
            StepKind::Branch {
                then, otherwise, ..
            } => then.asks_anyone() || otherwise.asks_anyone(),
        }
    }
}
