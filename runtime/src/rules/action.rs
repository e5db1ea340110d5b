//! Actions: what `#[derive(Action)]` and `#[derive(Actions)]` implement, and what
//! behaviours return.

use std::fmt::{Debug, Display};
use std::ops::ControlFlow;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{DecodeError, NotDistinct, Refusal, SubmitError};
use crate::pieces::player::{PlayerIndex, PlayerSet};
use crate::rules::distinct::{PathStep, SelectionBlock};
use crate::rules::flow::Progress;
use crate::rules::game::Game;
use crate::seen::prompt::SelectionKind;

/// What every question to an action is asked in: the state (`game`), where the flow stands
/// (`flow`), the acting seat (`player`) and the action's arguments (`args`, given by
/// whoever asked for the action: a follow-up; `()`-like for an action without `#[arg]`
/// fields). The names are the ones an author's expressions read.
#[derive(Debug)]
pub struct ActionContext<'a, G, Args> {
    /// The state, before the action.
    pub game: &'a G,
    /// Where the flow stands ([`Progress`]): bound as `flow` in the action's expressions.
    pub flow: Progress<'a>,
    /// The seat taking the action.
    pub player: PlayerIndex,
    /// The action's arguments: one action's `<Action>Args`, or the game's enum of them.
    pub args: &'a Args,
}

impl<'a, G, Args> ActionContext<'a, G, Args> {
    /// The context of `player`'s action under `args` in `game`, with the flow at `flow`.
    pub fn new(game: &'a G, flow: Progress<'a>, player: PlayerIndex, args: &'a Args) -> Self {
        ActionContext {
            game,
            flow,
            player,
            args,
        }
    }
}

impl<G, Args> Clone for ActionContext<'_, G, Args> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G, Args> Copy for ActionContext<'_, G, Args> {}

/// A question about the action that some arguments name, answered by that action's type:
/// what [`ActionSet::with_args`] dispatches.
pub trait ArgsVisitor<G: Game> {
    /// The answer.
    type Output;
    /// Answers for action `A`, with its own arguments; `wrap` turns an `A` into the game's
    /// enum of actions (its variant).
    fn visit<A: Action<Game = G>>(
        self,
        cx: ActionContext<'_, G, A::Args>,
        wrap: fn(A) -> G::Actions,
    ) -> Self::Output;
}

/// A question about an action already made, answered by its type: what
/// [`ActionSet::with_action`] dispatches.
pub trait ActionVisitor<G: Game> {
    /// The answer.
    type Output;
    /// Answers for `action`.
    fn visit<A: Action<Game = G>>(self, action: &A) -> Self::Output;
}

/// One action of a game, implemented by `#[derive(Action)]` on a struct whose fields are
/// its selections (in order) and its arguments (`#[arg]`).
///
/// Not public: generated code implements it (through `__private`) and the engine reaches
/// it through the game's [`ActionSet`] dispatch (`crate::position::dispatch`); authors write the
/// derive, clients read prompts. A question about an action not yet made is asked in an
/// [`ActionContext`]: the state (`game`), the acting seat (`player`) and the arguments
/// given by whoever asked for the action (`args`, a follow-up's).
pub trait Action: Sized + Clone + Debug {
    /// The game this action belongs to (given by the `#[derive(Actions)]` enum).
    type Game: Game;
    /// The action's arguments: a generated struct `<Action>Args` of its `#[arg]` fields.
    type Args: Clone + Debug + PartialEq + Serialize + DeserializeOwned;

    /// The action's name in prompts, submissions and logs: the struct name in snake case.
    const NAME: &'static str;
    /// The names of the selections, in the order the player makes them.
    const SELECTIONS: &'static [&'static str];
    /// Whether a selection of this action is asked even when it has a single option (free
    /// text, `skip_if = "never"`, a group, several values without a fixed `count`), so that
    /// the action is never played for the player on its own.
    const ALWAYS_ASKS: bool;
    /// Whether [`count_completions`](Self::count_completions) answers without walking the
    /// completions (no selection, or one whose kind counts its options at once: a `valid`
    /// set's size, the options of a choice that nothing checks, `C(n, k)` sets), so that
    /// the engine counts the action at every decision.
    const COUNTS_AT_ONCE: bool;

    /// This action's arguments.
    fn args(&self) -> Self::Args;
    /// The arguments when the action is taken in the ordinary flow: `Some` when it has no
    /// `#[arg]` fields, `None` when it can only be a follow-up.
    fn free_args() -> Option<Self::Args>;
    /// The action's `condition`: whether it is available at all (true when not declared).
    fn condition(cx: ActionContext<'_, Self::Game, Self::Args>) -> bool;
    /// Why the action's `condition` refuses it, when it says ([`Condition::reason`]):
    /// asked only to explain a refusal.
    fn unavailable(cx: ActionContext<'_, Self::Game, Self::Args>) -> Option<String>;
    /// The action's `prompt` text (its name when not declared).
    fn prompt(cx: ActionContext<'_, Self::Game, Self::Args>) -> String;
    /// The action's `description`, shown to the others while this player chooses.
    fn description(cx: ActionContext<'_, Self::Game, Self::Args>) -> Option<String>;
    /// The action's `confirm` text, rendered once every selection is made: the client asks
    /// the player to confirm before submitting.
    fn confirm(&self, game: &Self::Game, flow: Progress<'_>, player: PlayerIndex)
    -> Option<String>;
    /// Whether at least one valid completion exists; depth-first, stops at the first found.
    fn has_completion(cx: ActionContext<'_, Self::Game, Self::Args>) -> bool;
    /// The selection that follows the values of `prefix` (one JSON value per selection
    /// already made, in order), with its options, or [`SelectionStep::Complete`].
    ///
    /// # Errors
    /// A [`SubmitError`] when a value of `prefix` is malformed, not offered, invalid, or
    /// when `prefix` holds more values than the action has selections.
    fn step(
        cx: ActionContext<'_, Self::Game, Self::Args>,
        prefix: &[Value],
    ) -> Result<SelectionStep, SubmitError>;
    /// The name and label of the last value of `prefix` (one JSON value per selection
    /// made, in order) as a prompt shows a chosen value; `None` for an empty prefix. Reads
    /// the values without checking that they are offered ([`step`](Self::step) checks).
    ///
    /// # Errors
    /// [`DecodeError::MalformedSelection`] for a value that does not decode, or
    /// [`DecodeError::ExtraSelection`] when `prefix` holds more values than the action has
    /// selections.
    fn chosen(
        cx: ActionContext<'_, Self::Game, Self::Args>,
        prefix: &[Value],
    ) -> Result<Option<(&'static str, String)>, DecodeError>;
    /// Calls `visit` with every valid completion, in option order, until it breaks.
    /// Free text cannot be enumerated: an action with an `enter_text` selection yields
    /// nothing here.
    fn for_each_completion(
        cx: ActionContext<'_, Self::Game, Self::Args>,
        visit: &mut dyn FnMut(Self) -> ControlFlow<()>,
    ) -> ControlFlow<()>;
    /// How many completions [`for_each_completion`](Self::for_each_completion) visits,
    /// counted without building them where the selections allow: the last selection's
    /// options are counted, and a last multi-selection without validation or `within` is
    /// counted as `C(n, count)` without building its sets. Saturates at `u64::MAX`.
    fn count_completions(cx: ActionContext<'_, Self::Game, Self::Args>) -> u64;
    /// The completion at position `index` (from 0) in
    /// [`for_each_completion`](Self::for_each_completion)'s order, or `None` when there are
    /// no more than `index`. Branches before it are skipped by their count, so drawing
    /// `index` uniformly below [`count_completions`](Self::count_completions) draws a
    /// uniform completion at the cost of about one walk, or a few steps for an unchecked
    /// multi-selection.
    fn nth_completion(cx: ActionContext<'_, Self::Game, Self::Args>, index: u64) -> Option<Self>;
    /// [`count_completions`](Self::count_completions), with what the engine may keep of
    /// this decision to draw and check its completions faster: the bits of the only
    /// selection's `valid` set when the set is kept as bits ([`ValidSet::to_bits`]).
    /// By default, the count and nothing kept.
    ///
    /// [`ValidSet::to_bits`]: crate::ValidSet::to_bits
    fn count_keeping(cx: ActionContext<'_, Self::Game, Self::Args>) -> (u64, Option<u64>) {
        (Self::count_completions(cx), None)
    }
    /// [`nth_completion`](Self::nth_completion) in the decision whose
    /// [`count_keeping`](Self::count_keeping) kept `kept`, the state unchanged since.
    fn nth_kept(
        cx: ActionContext<'_, Self::Game, Self::Args>,
        index: u64,
        kept: u64,
    ) -> Option<Self> {
        let _ = kept;
        Self::nth_completion(cx, index)
    }
    /// Builds the action from its arguments and the submitted values of its selections.
    ///
    /// # Errors
    /// [`DecodeError::MissingSelection`], [`DecodeError::ExtraSelection`] or
    /// [`DecodeError::MalformedSelection`].
    fn from_selections(
        args: Self::Args,
        selections: &serde_json::Map<String, Value>,
    ) -> Result<Self, DecodeError>;
    /// The values of the selections, as JSON, in selection order.
    fn selections(&self) -> Vec<(&'static str, Value)>;
    /// Checks every selection in order: offered (among the options, in range, right count)
    /// and valid.
    ///
    /// # Errors
    /// [`Refusal::NotOffered`] or [`Refusal::Invalid`] for the first selection at fault.
    fn check(
        &self,
        game: &Self::Game,
        flow: Progress<'_>,
        player: PlayerIndex,
    ) -> Result<(), Refusal>;
    /// [`check`](Self::check) in the decision whose [`count_keeping`](Self::count_keeping)
    /// kept `kept`, the state unchanged since.
    ///
    /// # Errors
    /// As [`check`](Self::check).
    fn check_kept(
        &self,
        game: &Self::Game,
        flow: Progress<'_>,
        player: PlayerIndex,
        kept: u64,
    ) -> Result<(), Refusal> {
        let _ = kept;
        self.check(game, flow, player)
    }
    /// The messages of the action, rendered from the state before its moves apply. They
    /// read no [`Progress`]: a record's messages are written again from the log, where
    /// only the state is kept.
    fn messages(&self, game: &Self::Game, player: PlayerIndex) -> Vec<Message>;
    /// The blocks of this action's selections among the game's distinct actions, in
    /// selection order, appended to `out`: read from `game` as set up
    /// ([`Distinct::count`](crate::Distinct::count) of each selection's values, of an item
    /// for a set, with a `done` index when the set's size is the player's).
    ///
    /// # Errors
    /// [`NotDistinct`] for the first selection whose values' type is not
    /// [`Distinct`](crate::Distinct) for the game, or that asks for free text; by default
    /// (an action not derived), [`NotDistinct::NotDerived`].
    fn distinct_blocks(
        game: &Self::Game,
        out: &mut Vec<SelectionBlock>,
    ) -> Result<(), NotDistinct> {
        let _ = (game, out);
        Err(NotDistinct::NotDerived { action: Self::NAME })
    }
    /// This action's selections as distinct actions, appended to `out`: a step per
    /// selection, in order, with its value's [`Distinct::index`](crate::Distinct::index);
    /// for a set, a step per item in ascending index, then the block's `done` when the
    /// set's size is the player's.
    ///
    /// # Errors
    /// As [`distinct_blocks`](Self::distinct_blocks).
    fn distinct_path(&self, game: &Self::Game, out: &mut Vec<PathStep>) -> Result<(), NotDistinct> {
        let _ = (game, out);
        Err(NotDistinct::NotDerived { action: Self::NAME })
    }
    /// The action's behaviour: pushes its moves onto `moves`, in the order they apply (the
    /// engine's stack, reused from action to action, so a behaviour allocates nothing),
    /// and returns the follow-ups it asks for, in order. Takes the action by reference:
    /// the engine keeps it in its record afterwards (the typed log).
    fn behaviour(
        &self,
        game: &Self::Game,
        flow: Progress<'_>,
        player: PlayerIndex,
        moves: &mut Vec<<Self::Game as Game>::Move>,
    ) -> Vec<FollowUp<Self::Game>>;
}

/// A game's set of actions, implemented by `#[derive(Actions)]` on an enum with one
/// variant per action (`PlayCard(PlayCard)`): each action's name, index and arguments.
///
/// The derive also emits the table the engine asks any action through (its hidden
/// methods `with_args` and `with_action`, which hand a visitor the variant's own type):
/// they are for the engine alone.
pub trait ActionSet: Sized + Clone + Debug {
    /// The game.
    type Game: Game<Actions = Self>;
    /// The arguments of any action: a generated enum `<Enum>Args` with one variant per
    /// action, carrying that action's `<Action>Args`.
    type Args: Clone + Debug + PartialEq + Serialize + DeserializeOwned;

    /// The actions' names, in declaration order.
    const NAMES: &'static [&'static str];

    /// The index of this action in [`NAMES`](Self::NAMES).
    fn index(&self) -> usize;
    /// The arguments of this action.
    fn args(&self) -> Self::Args;

    /// This action's name.
    fn name(&self) -> &'static str {
        Self::NAMES[self.index()]
    }

    /// The index of the action these arguments belong to.
    #[doc(hidden)]
    fn args_index(args: &Self::Args) -> usize;
    /// The arguments of action `index` when it is taken in the ordinary flow, not as a
    /// follow-up: `Some` for actions without `#[arg]` fields, `None` for the others (they
    /// are offered only as follow-ups).
    #[doc(hidden)]
    fn free_args(index: usize) -> Option<Self::Args>;
    /// Hands `visitor` the action `cx.args` name, as its own type with its own arguments:
    /// the table every question about an action not yet made goes through.
    #[doc(hidden)]
    fn with_args<V: ArgsVisitor<Self::Game>>(
        cx: ActionContext<'_, Self::Game, Self::Args>,
        visitor: V,
    ) -> V::Output;
    /// Hands `visitor` this action as its own type: the table every question about an
    /// action already made goes through.
    #[doc(hidden)]
    fn with_action<V: ActionVisitor<Self::Game>>(&self, visitor: V) -> V::Output;
    /// [`Action::distinct_blocks`] of the action at `index` in [`NAMES`](Self::NAMES).
    ///
    /// # Errors
    /// As [`Action::distinct_blocks`]; [`NotDistinct::NotDerived`] by default.
    #[doc(hidden)]
    fn distinct_blocks(
        index: usize,
        game: &Self::Game,
        out: &mut Vec<SelectionBlock>,
    ) -> Result<(), NotDistinct> {
        let _ = (game, out);
        Err(NotDistinct::NotDerived {
            action: Self::NAMES.get(index).copied().unwrap_or("?"),
        })
    }
}

/// What generated code reports of an action at a given point of its selections: part of
/// the protocol between the derives and the engine, reachable only through `__private`;
/// clients read [`Prompt`](crate::Prompt)s instead.
#[derive(Clone, Debug, PartialEq)]
pub enum SelectionStep {
    /// Every selection is made: the action can be submitted.
    Complete,
    /// The next selection to make.
    Select(SelectionState),
}

/// One selection as generated code computes it, before the engine applies skipping
/// (generated code only, as [`SelectionStep`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SelectionState {
    /// The selection's name (the field name).
    pub name: &'static str,
    /// Its own prompt, when it declares one.
    pub prompt: Option<String>,
    /// Its skip strategy, with any `skip_if` expression already evaluated.
    pub skip: Skip,
    /// What kind of choice it is, with its bounds (for numbers: the viable ones).
    pub kind: SelectionKind,
    /// The options in the order the game gave them: viable ones, and ones whose own
    /// validation failed (kept in place, with their error). Options after which nothing
    /// can be completed are already removed. Empty for text and for wide number ranges.
    pub options: Vec<OptionState>,
    /// For multi-selections and wide number ranges with no viable value: the first
    /// validation error met, so the action can still be shown with a reason. `None` when
    /// no validation refused anything.
    pub error: Option<String>,
    /// Whether at least one value is valid and followed by a valid completion (always
    /// true for free text, which cannot be enumerated).
    pub viable: bool,
    /// When this selection begins a group (`group = name`): the whole group, shown
    /// together.
    pub group: Option<GroupState>,
}

/// A group of selections shown together (`choose_group`), as generated code computes it:
/// each member with its options and their own validation; the group's validation is
/// checked on the whole and decides, with what follows, whether the group is viable.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupState {
    /// The group's name.
    pub name: &'static str,
    /// Its prompt, when it declares one.
    pub prompt: Option<String>,
    /// Its selections, in order.
    pub members: Vec<SelectionState>,
}

/// One option of a [`SelectionState`] (generated code only, as [`SelectionStep`]).
#[derive(Clone, Debug, PartialEq)]
pub struct OptionState {
    /// The option's value as submitted (JSON).
    pub value: Value,
    /// How to show it.
    pub label: String,
    /// The validation's text when it refused this option.
    pub error: Option<String>,
    /// Valid and followed by at least one valid completion.
    pub viable: bool,
}

/// A selection's skip strategy (after Boardzilla's `skipIf`), as generated code reports it;
/// authors write `skip = ..` and `skip_if = ..`, clients see forced choices made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Skip {
    /// Made for the player when exactly one option is viable (the default).
    OnlyOne,
    /// Always asked, even with a single option.
    Never,
    /// Folded into the next selection: the player picks both at once.
    Always,
    /// Left out of the prompt and filled with its first viable option (the first that
    /// passes its validation and after which the action can be completed): what
    /// `skip_if = <bool expr>` gives while the expression is true, after Boardzilla's
    /// `skipIf: fn`. With no viable option the action is not offered.
    First,
}

/// What a behaviour returns: the moves of the action, in order, and the follow-up actions
/// it asks for.
#[derive(Clone, Debug)]
pub struct Behaviour<G: Game> {
    /// The moves, applied in order, each with its consequences before the next.
    pub moves: Vec<G::Move>,
    /// Actions to take next, before the game's ordinary flow resumes, in order.
    pub follow_ups: Vec<FollowUp<G>>,
}

impl<G: Game> FollowUp<G> {
    /// `player` must next take the action that `args` belong to, with those arguments,
    /// under the action's own prompt: what a behaviour's [`Behaviour::follow_up`] adds, or
    /// what a move asks now ([`MoveContext::ask`](crate::MoveContext::ask)).
    pub fn new(player: PlayerIndex, args: impl Into<<G::Actions as ActionSet>::Args>) -> Self {
        FollowUp {
            player,
            args: args.into(),
            prompt: None,
            joint: false,
        }
    }
}

impl<G: Game> Behaviour<G> {
    /// A behaviour of these moves and no follow-up.
    pub fn moves(moves: impl IntoIterator<Item = G::Move>) -> Self {
        Behaviour {
            moves: moves.into_iter().collect(),
            follow_ups: Vec::new(),
        }
    }

    /// Adds a follow-up: `player` must next take the action that `args` belong to,
    /// with those arguments (`TakeResourcesArgs { amount: 2 }`).
    #[must_use]
    pub fn follow_up(
        mut self,
        player: PlayerIndex,
        args: impl Into<<G::Actions as ActionSet>::Args>,
    ) -> Self {
        self.follow_ups.push(FollowUp {
            player,
            args: args.into(),
            prompt: None,
            joint: false,
        });
        self
    }

    /// Adds a follow-up for each of `players`, asked of them all at once (everyone discards
    /// a card): each takes the action that `args` belong to, on their own and in any order,
    /// and the game goes on once all have (or lapsed: a follow-up that cannot be completed
    /// is dropped). Nothing is added for an empty set.
    #[must_use]
    pub fn follow_up_each(
        mut self,
        players: PlayerSet,
        args: impl Into<<G::Actions as ActionSet>::Args>,
    ) -> Self {
        let args = args.into();
        let count = players.len();
        for (at, player) in players.iter().enumerate() {
            self.follow_ups.push(FollowUp {
                player,
                args: args.clone(),
                prompt: None,
                joint: at + 1 < count,
            });
        }
        self
    }

    /// As [`follow_up`](Self::follow_up), with the text the player's prompt shows for it
    /// instead of the action's own `prompt` ("Take 2 more resources").
    #[must_use]
    pub fn follow_up_with_prompt(
        mut self,
        player: PlayerIndex,
        args: impl Into<<G::Actions as ActionSet>::Args>,
        prompt: impl Into<String>,
    ) -> Self {
        self.follow_ups.push(FollowUp {
            player,
            args: args.into(),
            prompt: Some(prompt.into()),
            joint: false,
        });
        self
    }
}

/// An action a behaviour asks a player to take next, with its arguments.
///
/// # After a follow-up
///
/// While a follow-up is pending, its player alone acts (with the players of the follow-ups
/// asked together with it, [`Behaviour::follow_up_each`]), and may take that action only,
/// whoever the game's [`to_act`](Game::to_act) names; the prompt shows its arguments
/// ([`ActionPrompt::args`](crate::ActionPrompt::args)) and, if the behaviour gave one, its
/// own text ([`Behaviour::follow_up_with_prompt`]). Once it is taken, the next pending
/// follow-up comes (those it asked for first, depth-first), then the game's own flow:
/// ```
/// # use meeple::{Action, Actions, Behaviour, Engine, Game, Move, MoveContext, Outcome, PerPlayer, PlayerIndex, PlayerSet, Seats, Setup, SetupError};
/// # use serde::{Deserialize, Serialize};
/// # #[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
/// # struct Table { seats: Seats, coins: PerPlayer<u32>, turn: PlayerIndex }
/// # #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// # enum Coins { Earn { player: PlayerIndex, coins: u32 }, Steal { player: PlayerIndex, coins: u32 } }
/// # impl Move<Table> for Coins {
/// #     fn apply(&self, table: &mut Table, _next: &mut MoveContext<'_, Self>) {
/// #         match *self {
/// #             Coins::Earn { player, coins } => {
/// #                 table.coins[player] += coins;
/// #                 table.turn = table.seats.next(player);
/// #             }
/// #             Coins::Steal { player, coins } => {
/// #                 table.coins[player] += coins;
/// #                 table.coins[table.seats.next(player)] -= coins;
/// #             }
/// #         }
/// #     }
/// # }
/// /// Earn 1 or 2 coins, then (a follow-up) steal up to as many from the other player.
/// #[derive(Clone, Debug, Action)]
/// #[action(behaviour = Behaviour::moves([Coins::Earn { player, coins: *coins }])
///     .follow_up_with_prompt(player, StealArgs { most: *coins }, format!("Steal up to {coins}?")))]
/// struct Earn {
///     #[choose_number(min = 1, max = 2)]
///     coins: u32,
/// }
///
/// /// Only as a follow-up, while the player has fewer than 3 coins.
/// #[derive(Clone, Debug, Action)]
/// #[action(condition = game.coins[player] < 3,
///          behaviour = [Coins::Steal { player, coins: *coins }])]
/// struct Steal {
///     #[arg]
///     most: u32,
///     #[choose_number(min = 0, max = (*most).min(game.coins[game.seats.next(player)]))]
///     coins: u32,
/// }
/// # #[derive(Clone, Debug, Actions)]
/// # #[actions(game = Table)]
/// # enum TableAction { Earn(Earn), Steal(Steal) }
/// # impl Game for Table {
/// #     type Config = Vec<u32>;
/// #     type Move = Coins;
/// #     type Actions = TableAction;
/// #     const NAME: &'static str = "table";
/// #     const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;
/// #     fn setup(start: &Vec<u32>, seats: Seats) -> Result<Setup<Self>, SetupError> {
/// #         let coins = PerPlayer::from_fn(seats, |seat| start.get(seat.0).copied().unwrap_or(0));
/// #         Ok(Setup { state: Table { seats, coins, turn: PlayerIndex(0) }, moves: vec![] })
/// #     }
/// #     fn to_act(&self) -> PlayerSet { PlayerSet::one(self.turn) }
/// #     /// Whoever has 5 coins wins.
/// #     fn outcome(&self) -> Option<Outcome> {
/// #         let (winner, _) = self.coins.enumerate().find(|(_, coins)| **coins >= 5)?;
/// #         Some(Outcome::win(winner, self.coins.seats()))
/// #     }
/// # }
/// # const P0: PlayerIndex = PlayerIndex(0);
/// # const P1: PlayerIndex = PlayerIndex(1);
/// let mut engine = Engine::<Table>::new(vec![0, 3], 2, 7).unwrap();
/// engine.submit(P0, TableAction::Earn(Earn { coins: 2 })).unwrap();
/// // The game's turn has passed to P1, but P0's follow-up comes first: P0 alone acts, and
/// // may only steal; the prompt shows its arguments and its own text.
/// assert_eq!(engine.position().to_act(), PlayerSet::one(P0));
/// let prompt = engine.position().prompt(P0);
/// assert_eq!(prompt.actions.len(), 1);
/// assert_eq!(prompt.actions[0].action, "steal");
/// assert_eq!(prompt.actions[0].prompt, "Steal up to 2?");
/// assert_eq!(prompt.actions[0].args, Some(serde_json::json!({ "most": 2 })));
/// assert!(engine.submit(P0, TableAction::Earn(Earn { coins: 1 })).is_err());
/// // Once it is taken, the game's own flow resumes.
/// engine.submit(P0, TableAction::Steal(Steal { most: 2, coins: 1 })).unwrap();
/// assert_eq!(engine.position().state().coins.iter().collect::<Vec<_>>(), [&3, &2]);
/// assert_eq!(engine.position().to_act(), PlayerSet::one(P1));
/// ```
///
/// A follow-up whose condition is false, or that has no completion, lapses: it is
/// dropped without being offered, and what follows goes on.
/// ```
/// # use meeple::{Action, Actions, Behaviour, Engine, Game, Move, MoveContext, Outcome, PerPlayer, PlayerIndex, PlayerSet, Seats, Setup, SetupError};
/// # use serde::{Deserialize, Serialize};
/// # #[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
/// # struct Table { seats: Seats, coins: PerPlayer<u32>, turn: PlayerIndex }
/// # #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// # enum Coins { Earn { player: PlayerIndex, coins: u32 }, Steal { player: PlayerIndex, coins: u32 } }
/// # impl Move<Table> for Coins {
/// #     fn apply(&self, table: &mut Table, _next: &mut MoveContext<'_, Self>) {
/// #         match *self {
/// #             Coins::Earn { player, coins } => {
/// #                 table.coins[player] += coins;
/// #                 table.turn = table.seats.next(player);
/// #             }
/// #             Coins::Steal { player, coins } => {
/// #                 table.coins[player] += coins;
/// #                 table.coins[table.seats.next(player)] -= coins;
/// #             }
/// #         }
/// #     }
/// # }
/// /// Earn 1 or 2 coins, then (a follow-up) steal up to as many from the other player.
/// #[derive(Clone, Debug, Action)]
/// #[action(behaviour = Behaviour::moves([Coins::Earn { player, coins: *coins }])
///     .follow_up_with_prompt(player, StealArgs { most: *coins }, format!("Steal up to {coins}?")))]
/// struct Earn {
///     #[choose_number(min = 1, max = 2)]
///     coins: u32,
/// }
///
/// /// Only as a follow-up, while the player has fewer than 3 coins.
/// #[derive(Clone, Debug, Action)]
/// #[action(condition = game.coins[player] < 3,
///          behaviour = [Coins::Steal { player, coins: *coins }])]
/// struct Steal {
///     #[arg]
///     most: u32,
///     #[choose_number(min = 0, max = (*most).min(game.coins[game.seats.next(player)]))]
///     coins: u32,
/// }
/// # #[derive(Clone, Debug, Actions)]
/// # #[actions(game = Table)]
/// # enum TableAction { Earn(Earn), Steal(Steal) }
/// # impl Game for Table {
/// #     type Config = Vec<u32>;
/// #     type Move = Coins;
/// #     type Actions = TableAction;
/// #     const NAME: &'static str = "table";
/// #     const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;
/// #     fn setup(start: &Vec<u32>, seats: Seats) -> Result<Setup<Self>, SetupError> {
/// #         let coins = PerPlayer::from_fn(seats, |seat| start.get(seat.0).copied().unwrap_or(0));
/// #         Ok(Setup { state: Table { seats, coins, turn: PlayerIndex(0) }, moves: vec![] })
/// #     }
/// #     fn to_act(&self) -> PlayerSet { PlayerSet::one(self.turn) }
/// #     /// Whoever has 5 coins wins.
/// #     fn outcome(&self) -> Option<Outcome> {
/// #         let (winner, _) = self.coins.enumerate().find(|(_, coins)| **coins >= 5)?;
/// #         Some(Outcome::win(winner, self.coins.seats()))
/// #     }
/// # }
/// # const P0: PlayerIndex = PlayerIndex(0);
/// # const P1: PlayerIndex = PlayerIndex(1);
/// let mut engine = Engine::<Table>::new(vec![2, 0], 2, 7).unwrap();
/// // P0 earns a third coin: `steal`'s condition is false, so the follow-up lapses at once
/// // and the game's flow goes on without it.
/// engine.submit(P0, TableAction::Earn(Earn { coins: 1 })).unwrap();
/// assert!(engine.position().follow_ups().is_empty());
/// assert_eq!(engine.position().to_act(), PlayerSet::one(P1));
/// ```
///
/// Once the game is over, nobody acts: pending follow-ups are not offered.
/// ```
/// # use meeple::{Action, Actions, Behaviour, Engine, Game, Move, MoveContext, Outcome, PerPlayer, PlayerIndex, PlayerSet, Seats, Setup, SetupError};
/// # use serde::{Deserialize, Serialize};
/// # #[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
/// # struct Table { seats: Seats, coins: PerPlayer<u32>, turn: PlayerIndex }
/// # #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// # enum Coins { Earn { player: PlayerIndex, coins: u32 }, Steal { player: PlayerIndex, coins: u32 } }
/// # impl Move<Table> for Coins {
/// #     fn apply(&self, table: &mut Table, _next: &mut MoveContext<'_, Self>) {
/// #         match *self {
/// #             Coins::Earn { player, coins } => {
/// #                 table.coins[player] += coins;
/// #                 table.turn = table.seats.next(player);
/// #             }
/// #             Coins::Steal { player, coins } => {
/// #                 table.coins[player] += coins;
/// #                 table.coins[table.seats.next(player)] -= coins;
/// #             }
/// #         }
/// #     }
/// # }
/// /// Earn 1 or 2 coins, then (a follow-up) steal up to as many from the other player.
/// #[derive(Clone, Debug, Action)]
/// #[action(behaviour = Behaviour::moves([Coins::Earn { player, coins: *coins }])
///     .follow_up_with_prompt(player, StealArgs { most: *coins }, format!("Steal up to {coins}?")))]
/// struct Earn {
///     #[choose_number(min = 1, max = 2)]
///     coins: u32,
/// }
///
/// /// Only as a follow-up, while the player has fewer than 3 coins.
/// #[derive(Clone, Debug, Action)]
/// #[action(condition = game.coins[player] < 3,
///          behaviour = [Coins::Steal { player, coins: *coins }])]
/// struct Steal {
///     #[arg]
///     most: u32,
///     #[choose_number(min = 0, max = (*most).min(game.coins[game.seats.next(player)]))]
///     coins: u32,
/// }
/// # #[derive(Clone, Debug, Actions)]
/// # #[actions(game = Table)]
/// # enum TableAction { Earn(Earn), Steal(Steal) }
/// # impl Game for Table {
/// #     type Config = Vec<u32>;
/// #     type Move = Coins;
/// #     type Actions = TableAction;
/// #     const NAME: &'static str = "table";
/// #     const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;
/// #     fn setup(start: &Vec<u32>, seats: Seats) -> Result<Setup<Self>, SetupError> {
/// #         let coins = PerPlayer::from_fn(seats, |seat| start.get(seat.0).copied().unwrap_or(0));
/// #         Ok(Setup { state: Table { seats, coins, turn: PlayerIndex(0) }, moves: vec![] })
/// #     }
/// #     fn to_act(&self) -> PlayerSet { PlayerSet::one(self.turn) }
/// #     /// Whoever has 5 coins wins.
/// #     fn outcome(&self) -> Option<Outcome> {
/// #         let (winner, _) = self.coins.enumerate().find(|(_, coins)| **coins >= 5)?;
/// #         Some(Outcome::win(winner, self.coins.seats()))
/// #     }
/// # }
/// # const P0: PlayerIndex = PlayerIndex(0);
/// # const P1: PlayerIndex = PlayerIndex(1);
/// let mut engine = Engine::<Table>::new(vec![3, 1], 2, 7).unwrap();
/// // P0's fifth coin ends the game: nobody acts any more, so the follow-up is never
/// // offered (it stays listed in `follow_ups`).
/// engine.submit(P0, TableAction::Earn(Earn { coins: 2 })).unwrap();
/// assert!(engine.position().outcome().is_some());
/// assert!(engine.position().to_act().is_empty());
/// assert!(engine.position().prompt(P0).actions.is_empty());
/// assert_eq!(engine.position().follow_ups().len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct FollowUp<G: Game> {
    /// Who takes it.
    pub player: PlayerIndex,
    /// Which action, with which arguments.
    pub args: <G::Actions as ActionSet>::Args,
    /// The text of its prompt, instead of the action's own `prompt`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt: Option<String>,
    /// Whether it is asked together with the follow-up after it: the follow-ups of one
    /// [`Behaviour::follow_up_each`], all but the last, which players take at once.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub joint: bool,
}

/// What a `behaviour = ...` expression may evaluate to: a [`Behaviour`] (moves and
/// follow-ups), or the moves alone in any sequence: a `Vec`, an array, or an iterator
/// (which lets a behaviour computed by the game's own method allocate nothing).
#[diagnostic::on_unimplemented(
    message = "a `behaviour` is a `Behaviour` or a sequence of the game's moves (an array, a `Vec`, an iterator), not `{Self}`",
    label = "not a sequence of `{G}`'s moves",
    note = "a single move goes in brackets: `behaviour = [move]`"
)]
pub trait IntoBehaviour<G: Game> {
    /// Pushes the moves onto `moves`, in order, and returns the follow-ups (none for moves
    /// alone, which allocates nothing).
    fn into_behaviour(self, moves: &mut Vec<G::Move>) -> Vec<FollowUp<G>>;
}

impl<G: Game> IntoBehaviour<G> for Behaviour<G> {
    fn into_behaviour(mut self, moves: &mut Vec<G::Move>) -> Vec<FollowUp<G>> {
        moves.append(&mut self.moves);
        self.follow_ups
    }
}

impl<G: Game, I: IntoIterator<Item = G::Move>> IntoBehaviour<G> for I {
    fn into_behaviour(self, moves: &mut Vec<G::Move>) -> Vec<FollowUp<G>> {
        moves.extend(self);
        Vec::new()
    }
}

/// What an action's `condition = ...` expression may evaluate to: `bool`, or
/// `Result<(), E>` whose error (`E: Display`) says why the action is not available, in
/// words for the player ("captures are mandatory"): shown in the refusal of a submission
/// of the action ([`Refusal::ActionNotAvailable`](crate::Refusal::ActionNotAvailable)'s
/// `reason`). Prefer a `&'static str` error: the condition is asked at every decision, and
/// its text is read only when a refusal explains itself.
#[diagnostic::on_unimplemented(
    message = "an action's `condition` is a `bool` or a `Result<(), E: Display>` (the reason shown to the player), not `{Self}`",
    label = "this is neither a `bool` nor a `Result<(), E>`"
)]
pub trait Condition {
    /// Whether the action is available; cheap, no allocation.
    fn holds(&self) -> bool;
    /// Why it is not, in the game's words: `None` when it is available, or when the
    /// condition gives no reason (a `bool`, or an empty text).
    fn reason(self) -> Option<String>;
}

impl Condition for bool {
    fn holds(&self) -> bool {
        *self
    }

    fn reason(self) -> Option<String> {
        None
    }
}

impl<E: Display> Condition for Result<(), E> {
    fn holds(&self) -> bool {
        self.is_ok()
    }

    fn reason(self) -> Option<String> {
        self.err()
            .map(|error| error.to_string())
            .filter(|text| !text.is_empty())
    }
}

/// What a `validate = ...` expression may evaluate to: `bool` (false refuses with
/// "not allowed") or `Result<(), E>` whose error text is shown to the player ("not
/// allowed" when it is empty).
pub trait Validation {
    /// Whether the value is accepted; cheap, no allocation.
    fn passed(&self) -> bool;
    /// The text shown to the player, `None` when accepted.
    fn into_error(self) -> Option<String>;
}

impl Validation for bool {
    fn passed(&self) -> bool {
        *self
    }

    fn into_error(self) -> Option<String> {
        (!self).then(|| "not allowed".to_owned())
    }
}

impl<E: Display> Validation for Result<(), E> {
    fn passed(&self) -> bool {
        self.is_ok()
    }

    fn into_error(self) -> Option<String> {
        // An empty text would show the player nothing: say what `false` says.
        self.err().map(|error| {
            let text = error.to_string();
            if text.is_empty() {
                "not allowed".to_owned()
            } else {
                text
            }
        })
    }
}

/// A message of an action, rendered from its template (`"{player} played {card}"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    /// Who receives it; `None` for everyone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<PlayerSet>,
    /// The text.
    pub text: String,
}

impl Message {
    /// Whether `player` receives this message.
    #[must_use]
    pub fn reaches(&self, player: PlayerIndex) -> bool {
        self.to.is_none_or(|to| to.contains(player))
    }
}

/// Ties an action struct to the game of the `#[derive(Actions)]` enum that lists it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not listed in any `#[derive(Actions)]` enum",
    label = "add a variant `{Self}({Self})` to the game's actions enum",
    note = "the game an action belongs to comes from the `#[actions(game = ...)]` enum that lists it"
)]
pub trait InGame {
    /// The game.
    type Game: Game;
    /// The action's index in the game's actions enum (its variant's, from 0), as
    /// [`ActionSet::index`] gives it: how a flow step names the actions it offers.
    const INDEX: usize;
}

/// The state type an action of `A` sees as `game`.
pub type GameOf<A> = <A as InGame>::Game;

/// The game's move type as an action's behaviour pushes it: `<A::Game as Game>::Move`
/// reached through a blanket impl, so a generated signature names it without asking for
/// the game's well-formedness (a state without a view is then reported once, at
/// `impl Game`, not again at every action's `behaviour`).
pub trait MoveOf {
    /// The move type.
    type Move;
}

impl<A: Action> MoveOf for A {
    type Move = <A::Game as Game>::Move;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_refusal_says_not_allowed() {
        assert_eq!(
            Err::<(), _>("").into_error().as_deref(),
            Some("not allowed")
        );
        assert_eq!(
            Err::<(), _>("too far").into_error().as_deref(),
            Some("too far")
        );
        assert_eq!(false.into_error().as_deref(), Some("not allowed"));
        assert_eq!(Ok::<(), &str>(()).into_error(), None);
    }
}
