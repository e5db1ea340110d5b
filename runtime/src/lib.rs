//! # meeple
//!
//! The rules of a board or card game, written once as actions made of player selections,
//! and a runtime that offers each player only what can be completed (tree-shaking), makes
//! forced choices for them (skipping), applies submissions as small moves whose
//! consequences run depth-first, and keeps a log that replays byte for byte.
//!
//! A whole game in a few lines: players take 1 to 3 tokens from a pile of 10 in turn; who
//! takes the last one wins.
//!
//! ```
//! use meeple::flow::Step;
//! use meeple::{Action, Actions, Behaviour, Engine, Flow, Game, Move, MoveContext, Outcome, PlayerIndex, Refused, Seats, Setup, SetupError};
//! use serde::{Deserialize, Serialize};
//! use std::ops::RangeInclusive;
//!
//! #[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
//! struct Pile { seats: Seats, tokens: u32, winner: Option<PlayerIndex> }
//!
//! #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
//! enum PileMove { Take { player: PlayerIndex, tokens: u32 } }
//!
//! impl Move<Pile> for PileMove {
//!     fn apply(&self, pile: &mut Pile, _next: &mut MoveContext<'_, Self>) {
//!         let PileMove::Take { player, tokens } = *self;
//!         pile.tokens -= tokens;
//!         if pile.tokens == 0 { pile.winner = Some(player) }
//!     }
//! }
//!
//! #[derive(Clone, Debug, Action)]
//! #[action(prompt = "Take tokens", message = "{player} takes {tokens}",
//!          behaviour = [PileMove::Take { player, tokens: *tokens }])]
//! struct Take {
//!     #[choose_number(min = 1, max = game.tokens.min(3))]
//!     tokens: u32,
//! }
//!
//! #[derive(Clone, Debug, Actions)]
//! #[actions(game = Pile)]
//! enum PileAction { Take(Take) }
//!
//! impl Game for Pile {
//!     type Config = ();
//!     type Move = PileMove;
//!     type Actions = PileAction;
//!     const NAME: &'static str = "pile";
//!     const PLAYERS: RangeInclusive<usize> = 2..=4;
//!     fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
//!         Ok(Setup { state: Pile { seats, tokens: 10, winner: None }, moves: vec![] })
//!     }
//!     // Round after round, each player in turn from the first seat: a turn is one take.
//!     fn flow() -> Flow<Self> {
//!         Flow::new(Step::forever("rounds", [Step::each_player(
//!             "turns",
//!             |_, _| PlayerIndex(0),
//!             [Step::turn("take").offering::<Take>()],
//!         )]))
//!     }
//!     fn outcome(&self) -> Option<Outcome> {
//!         self.winner.map(|winner| Outcome::win(winner, self.seats))
//!     }
//! }
//!
//! let mut engine = Engine::<Pile>::new((), 2, 7).unwrap();
//! engine.submit(PlayerIndex(0), PileAction::Take(Take { tokens: 3 })).unwrap();
//! assert_eq!(engine.position().state().tokens, 7);
//! // Taking 4 is not offered: the refusal says why and hands the action back, and nothing
//! // changed.
//! let refused = engine.submit(PlayerIndex(1), PileAction::Take(Take { tokens: 4 })).err();
//! assert!(matches!(refused, Some(Refused { action: PileAction::Take(Take { tokens: 4 }), .. })));
//! assert_eq!(engine.position().state().tokens, 7);
//! // The engine checks the player count against `PLAYERS` before `setup`.
//! assert_eq!(
//!     Engine::<Pile>::new((), 5, 7).err().map(|error| error.to_string()),
//!     Some("pile is played by 2 to 4 players, not 5".to_owned())
//! );
//! ```
//!
//! ## The flow
//!
//! A game declares its flow in [`Game::flow`] as the rulebook gives it, and the engine
//! derives from it who may act and which actions each step offers ([`flow`], after
//! Boardzilla's flow and jkomoros/boardgame's phases):
//!
//! - steps where players act: [`Step::turn`](flow::Step::turn) (the player whose turn it
//!   is), [`player`](flow::Step::player) (one the state names),
//!   [`everyone`](flow::Step::everyone) and [`players`](flow::Step::players) (all at once,
//!   each on their own), each [`offering`](flow::Step::offering) its actions, checked by
//!   type against the game's actions enum, and asking each player once or
//!   [`repeated_until`](flow::Step::repeated_until) the state says they are done (or
//!   [`repeated_while`](flow::Step::repeated_while) it says they may go on, asked first);
//!   a step is optional when it offers the game's own pass action beside the others (a
//!   pass is then tree-shaken, logged and undone like any action, and a repeated step
//!   ends for a player whose pass the state remembers);
//! - [`moves`](flow::Step::moves), which the engine plays itself (a deal, a score);
//! - [`sequence`](flow::Step::sequence), [`phase`](flow::Step::phase),
//!   [`branch`](flow::Step::branch) and [`when`](flow::Step::when);
//! - loops: [`while_`](flow::Step::while_), [`until`](flow::Step::until),
//!   [`times`](flow::Step::times), [`each_player`](flow::Step::each_player) (a turn for
//!   each seat in order from the one the state names), [`for_each`](flow::Step::for_each)
//!   (a round per item of a set fixed at entry), [`forever`](flow::Step::forever),
//!   with [`break_loop`](flow::Step::break_loop), [`continue_loop`](flow::Step::continue_loop)
//!   and [`repeat_round`](flow::Step::repeat_round) as steps, or from a move with
//!   [`MoveContext::interrupt`];
//! - [`Flow::skipping`] leaves a seat out of every turn and step while the state says
//!   it is out (asked again after every record);
//! - [`timer`](flow::Step::timer) on a step where players act plays moves of its own once
//!   the step has waited as long as the state says (Memory's cards of a miss turned face
//!   down after a delay). Time enters only through [`Engine::advance_clock`]: the fired
//!   timer is a record ([`RecordKind::Timer`]), each record carries the clock it was made
//!   at ([`Record::clock`]), and the deadline is part of the flow position, so a replay or a
//!   restored game fires it exactly once, on time; a table may also run a clock per move
//!   ([`PositionSettings::move_clock`]), which plays the game's
//!   [`timeout_action`](Game::timeout_action) for a seat out of time
//!   ([`RecordKind::Timeout`]);
//! - [`next_stage`](flow::Step::next_stage) gives a step where players act several stages,
//!   which every player goes through at their own pace (discard, then draw);
//! - [`Flow::subflow`] declares steps a move runs in the middle of the flow
//!   ([`MoveContext::subflow`]: a duel within a turn), after which the flow goes on where it
//!   stood;
//! - [`Flow::fix_up`] declares moves the engine applies whenever they are due (a hand over
//!   its limit discarding), asked after every record in declaration order and logged as
//!   forced.
//!
//! A move may also stop its own resolution to ask a player a decision now
//! ([`MoveContext::ask`]: "you may destroy a minion", in the middle of a card's effect):
//! the decision is an ordinary action, asked as a follow-up, and the moves still pending
//! wait in the position ([`WaitingResolution`], kept by snapshots) until it and whatever it
//! asks are done, then resolve as the rest of its record.
//!
//! A step ends once each of its players acted (a follow-up of theirs first: follow-ups
//! freeze the flow), and its conditions see the state after the move that ended it.
//! Entering and leaving a phase, and a turn beginning and ending, are records of the log
//! ([`RecordKind::Flow`], [`flow::FlowEvent`]), innermost first when several happen at
//! once, none once the game is over; an undo takes those that followed the action with
//! it. Where the flow stands ([`Position::flow_position`]) serializes with a saved game and
//! a game starts from it ([`Start::with_flow`]). Mistakes of the declaration (a step
//! offering nothing, an interrupt naming no loop around it, a loop that can neither end nor
//! ask anyone anything, two loops or phases of one name) refuse the game's start
//! ([`SetupError::Flow`]); a loop that runs on without asking anyone is stopped after
//! [`PositionSettings::forced_limit`] records with the state unchanged. A game may still
//! write [`Game::to_act`] by hand: [`Flow::by_hand`] is the default.
//!
//! ```
//! # use meeple::flow::{FlowEvent, Step};
//! # use meeple::{Action, Actions, Engine, Flow, Game, Move, MoveContext, Outcome, PlayerIndex, RecordKind, Seats, Setup, SetupError, Submission};
//! # use serde::{Deserialize, Serialize};
//! # #[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
//! # struct Pile { seats: Seats, tokens: u32, winner: Option<PlayerIndex> }
//! # #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
//! # enum PileMove { Take { player: PlayerIndex, tokens: u32 } }
//! # impl Move<Pile> for PileMove {
//! #     fn apply(&self, pile: &mut Pile, _next: &mut MoveContext<'_, Self>) {
//! #         let PileMove::Take { player, tokens } = *self;
//! #         pile.tokens -= tokens;
//! #         if pile.tokens == 0 { pile.winner = Some(player) }
//! #     }
//! # }
//! # #[derive(Clone, Debug, PartialEq, Action)]
//! # #[action(prompt = "Take tokens", behaviour = [PileMove::Take { player, tokens: *tokens }])]
//! # struct Take { #[choose_number(min = 1, max = game.tokens.min(3))] tokens: u32 }
//! # #[derive(Clone, Debug, PartialEq, Actions)]
//! # #[actions(game = Pile)]
//! # enum PileAction { Take(Take) }
//! # impl Game for Pile {
//! #     type Config = ();
//! #     type Move = PileMove;
//! #     type Actions = PileAction;
//! #     const NAME: &'static str = "pile";
//! #     const PLAYERS: std::ops::RangeInclusive<usize> = 2..=4;
//! #     fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
//! #         Ok(Setup { state: Pile { seats, tokens: 10, winner: None }, moves: vec![] })
//! #     }
//! #     fn flow() -> Flow<Self> {
//! #         Flow::new(Step::forever("rounds", [Step::each_player(
//! #             "turns",
//! #             |_, _| PlayerIndex(0),
//! #             [Step::turn("take").offering::<Take>()],
//! #         )]))
//! #     }
//! #     fn outcome(&self) -> Option<Outcome> {
//! #         self.winner.map(|winner| Outcome::win(winner, self.seats))
//! #     }
//! # }
//! // The pile above, played in turns by its flow: the second seat's turn follows the first's.
//! let mut engine = Engine::<Pile>::new((), 2, 0)?;
//! assert_eq!(engine.position().turn(), Some(PlayerIndex(0)));
//! engine.submit_submission(PlayerIndex(0), &Submission::new("take").with("tokens", 2))?;
//! assert_eq!(engine.position().turn(), Some(PlayerIndex(1)));
//! let events: Vec<String> = engine
//!     .records()
//!     .iter()
//!     .filter(|record| record.kind == RecordKind::Flow)
//!     .filter_map(|record| record.event.as_ref().map(FlowEvent::to_string))
//!     .collect();
//! assert_eq!(
//!     events,
//!     ["turn of player 0 begins", "turn of player 0 ends", "turn of player 1 begins"]
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Effects: cards that change other cards' rules
//!
//! A game whose cards stop, replace or answer each other ("this minion cannot be
//! destroyed", "move it to another base instead", "after this minion is destroyed, draw a
//! card") declares them as data with [`effects`]: its rules *propose* effects with a cause,
//! and the runtime resolves each proposal through the prohibitions in force, then the
//! replacements (each at most once per chain, a player choosing among several), then
//! applies it and collects the triggers of the batch, abilities that just left play
//! included; the player whose turn began last ([`effects::EffectState::turn`], from the
//! game's [`effects::Resolution::TurnBegins`]) orders simultaneous triggers. Every choice on the way is
//! an ordinary action asked with [`MoveContext::ask`], so it is prompted, tree-shaken,
//! logged, undoable and offered to agents. Floating effects keep a window on the flow's
//! turns, a loop guard refuses a runaway chain with the state unchanged, and the event log
//! says what prevented or replaced what. To declare an effect in a game of one's own:
//!
//! 1. keep an [`effects::EffectState`] in the state, and give the move enum a variant that
//!    holds an [`effects::Resolution`] (its `apply` calls [`effects::Resolution::apply`]);
//! 2. implement [`effects::Effects`]: the game's types of effects, causes, abilities and
//!    triggers, which abilities are in force (from the objects in play, in an order the
//!    state fixes), and for each ability what it forbids, replaces and triggers, and how a
//!    trigger resolves;
//! 3. propose from actions and flow steps with [`effects::Resolution::propose`];
//! 4. declare the two decisions (which trigger next, which replacement), whose options are
//!    [`effects::EffectState::triggers_waiting`] and
//!    [`effects::EffectState::replacement_offers`];
//! 5. to prune selections by the prohibitions (a protected minion not offered for a
//!    destroy), turn [`Game::PROHIBITS`] on and answer [`Game::prohibits`] with
//!    [`effects::EffectState::prohibiting`]: the one switch of the engine's fast paths,
//!    so a game without effects pays nothing; answer [`Game::may_prohibit`] with
//!    [`effects::EffectState::any_in_force`] over the game's kinds of prohibition, and a
//!    state without one in force keeps the fast paths too.
//!
//! Here a ward forbids destroying the minion it guards: the destroy is prevented, and the
//! log says by what.
//!
//! ```
//! use std::fmt;
//! use std::ops::ControlFlow;
//! use meeple::effects::{EffectState, Effects, InForce, Pending, Proposal, Resolution, Resolver, Source};
//! use meeple::{Action, Actions, Engine, FollowUp, Game, Move, MoveContext, Outcome, PlayerIndex, PlayerSet, Seats, Setup, SetupError, Submission};
//! use serde::{Deserialize, Serialize};
//!
//! /// Minions by number (a ward guards minion 1), and the effects layer.
//! #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
//! struct Field { minions: Vec<u32>, effects: EffectState<Field> }
//!
//! /// What may happen: a minion is destroyed.
//! #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
//! struct Destroy(u32);
//! impl fmt::Display for Destroy {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "minion {} is destroyed", self.0) }
//! }
//! /// Who causes it.
//! #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
//! struct ByPlayer;
//! impl fmt::Display for ByPlayer {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str("by the player") }
//! }
//! /// The ward's ability: its minion cannot be destroyed.
//! #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
//! struct Ward(u32);
//! impl fmt::Display for Ward {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "the ward on minion {}", self.0) }
//! }
//!
//! #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
//! enum FieldMove { Effects(Resolution<Field>) }
//! impl Move<Field> for FieldMove {
//!     fn apply(&self, field: &mut Field, next: &mut MoveContext<'_, Self>) {
//!         let FieldMove::Effects(step) = self;
//!         step.apply(field, next);
//!     }
//! }
//!
//! /// Destroy a minion: proposed, then resolved.
//! #[derive(Clone, Debug, PartialEq, Action)]
//! #[action(behaviour = [FieldMove::Effects(Resolution::propose(Destroy(*minion), ByPlayer))])]
//! struct Strike { #[choose_from(game.minions.clone())] minion: u32 }
//! #[derive(Clone, Debug, PartialEq, Action)]
//! #[action(behaviour = [FieldMove::Effects(Resolution::Choose(*next))])]
//! struct Order { #[choose_from(game.effects.triggers_waiting())] next: usize }
//! #[derive(Clone, Debug, PartialEq, Action)]
//! #[action(behaviour = [FieldMove::Effects(Resolution::Replace(*choice))])]
//! struct Replace { #[choose_from(game.effects.replacement_offers())] choice: Option<usize> }
//! #[derive(Clone, Debug, PartialEq, Actions)]
//! #[actions(game = Field)]
//! enum FieldAction { Strike(Strike), Order(Order), Replace(Replace) }
//!
//! impl Game for Field {
//!     type Config = ();
//!     type Move = FieldMove;
//!     type Actions = FieldAction;
//!     const NAME: &'static str = "field";
//!     const PLAYERS: std::ops::RangeInclusive<usize> = 1..=1;
//!     fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
//!         Ok(Setup { state: Field { minions: vec![1, 2, 3], effects: EffectState::default() }, moves: vec![] })
//!     }
//!     fn to_act(&self) -> PlayerSet { PlayerSet::one(PlayerIndex(0)) }
//!     fn outcome(&self) -> Option<Outcome> { None }
//! }
//!
//! impl Effects for Field {
//!     type Effect = Destroy;
//!     type Cause = ByPlayer;
//!     type Ability = Ward;
//!     type Trigger = Ward;
//!     fn effects(&self) -> &EffectState<Self> { &self.effects }
//!     fn effects_mut(&mut self) -> &mut EffectState<Self> { &mut self.effects }
//!     fn effect_move(step: Resolution<Self>) -> FieldMove { FieldMove::Effects(step) }
//!     fn abilities(&self, visit: &mut impl FnMut(InForce<Ward>) -> ControlFlow<()>) -> ControlFlow<()> {
//!         let source = Source { object: 100, incarnation: 0 };
//!         visit(InForce { source, controller: PlayerIndex(0), ability: Ward(1) })
//!     }
//!     fn forbids(&self, ward: &InForce<Ward>, proposal: &Proposal<Self>) -> bool {
//!         proposal.effect.0 == ward.ability.0
//!     }
//!     fn apply(&mut self, proposal: &Proposal<Self>, _: &mut Resolver<'_, '_, Self>) -> Option<Destroy> {
//!         let at = self.minions.iter().position(|&minion| minion == proposal.effect.0)?;
//!         self.minions.remove(at);
//!         Some(proposal.effect.clone())
//!     }
//!     fn resolve(&mut self, _: &Pending<Self>, _: &mut Resolver<'_, '_, Self>) {}
//!     fn order_decision(&self, player: PlayerIndex) -> FollowUp<Self> { FollowUp::new(player, OrderArgs {}) }
//!     fn replacement_decision(&self, player: PlayerIndex) -> FollowUp<Self> { FollowUp::new(player, ReplaceArgs {}) }
//! }
//!
//! let mut engine = Engine::<Field>::new((), 1, 0)?;
//! engine.submit_submission(PlayerIndex(0), &Submission::new("strike").with("minion", 1))?;
//! engine.submit_submission(PlayerIndex(0), &Submission::new("strike").with("minion", 2))?;
//! let log: Vec<String> = engine.position().state().effects.events.iter().map(ToString::to_string).collect();
//! assert_eq!(log, [
//!     "minion 1 is destroyed (by the player): prevented by the ward on minion 1",
//!     "minion 2 is destroyed (by the player)",
//! ]);
//! assert_eq!(engine.position().state().minions, [1, 3]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The Smash Up–style game of `meeple-games` (`smash`) declares a dozen cards this way.
//!
//! ## Testing rules
//!
//! A rules test starts where the rule applies: build the state, and start an [`Engine`]
//! (or a [`Position`]) from it with [`Start`]: the table, the config, the seed of chance
//! from there, follow-ups already pending. The engine checks it first (the count, the
//! config, and the game's own [`Game::validate_state`]), so a test cannot begin where the
//! game never could. A game may offer constructors for its positions (Tic-tac-toe's
//! `TicTacToe::from_rows`). The log of such a game carries its start and replays like any.
//!
//! By default the engine plays a player's only completion for them
//! ([`PositionSettings::autoplay_forced`]): an opponent's only reply is played inside
//! `submit`, and a start where the player to act has one completion is played on before
//! [`Engine::from_start`] returns. To see the forced choice offered instead, turn it off:
//!
//! ```
//! # use meeple::{Action, Actions, Engine, Game, Move, MoveContext, Outcome, PlayerIndex, PlayerSet, Seats, Setup, SetupError};
//! # use serde::{Deserialize, Serialize};
//! # #[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
//! # struct Pile { seats: Seats, tokens: u32, next: PlayerIndex, winner: Option<PlayerIndex> }
//! # #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
//! # enum PileMove { Take { player: PlayerIndex, tokens: u32 } }
//! # impl Move<Pile> for PileMove {
//! #     fn apply(&self, pile: &mut Pile, _next: &mut MoveContext<'_, Self>) {
//! #         let PileMove::Take { player, tokens } = *self;
//! #         pile.tokens -= tokens;
//! #         if pile.tokens == 0 { pile.winner = Some(player) }
//! #         pile.next = pile.seats.next(player);
//! #     }
//! # }
//! # #[derive(Clone, Debug, PartialEq, Action)]
//! # #[action(prompt = "Take tokens", behaviour = [PileMove::Take { player, tokens: *tokens }])]
//! # struct Take { #[choose_number(min = 1, max = game.tokens.min(3))] tokens: u32 }
//! # #[derive(Clone, Debug, PartialEq, Actions)]
//! # #[actions(game = Pile)]
//! # enum PileAction { Take(Take) }
//! # impl Game for Pile {
//! #     type Config = ();
//! #     type Move = PileMove;
//! #     type Actions = PileAction;
//! #     const NAME: &'static str = "pile";
//! #     const PLAYERS: std::ops::RangeInclusive<usize> = 2..=4;
//! #     fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
//! #         Ok(Setup { state: Pile { seats, tokens: 10, next: PlayerIndex(0), winner: None }, moves: vec![] })
//! #     }
//! #     fn validate_state(&self, _: &(), seats: Seats) -> Result<(), SetupError> {
//! #         if self.seats != seats { return Err(SetupError::State { reason: "another table".into() }) }
//! #         Ok(())
//! #     }
//! #     fn to_act(&self) -> PlayerSet {
//! #         if self.winner.is_some() { PlayerSet::EMPTY } else { PlayerSet::one(self.next) }
//! #     }
//! #     fn outcome(&self) -> Option<Outcome> {
//! #         self.winner.map(|winner| Outcome::win(winner, self.seats))
//! #     }
//! # }
//! use meeple::{PositionSettings, Finish, Start};
//!
//! // The pile of the first example, one token left, the second player to take it.
//! let last = Pile { seats: Seats::new(2), tokens: 1, next: PlayerIndex(1), winner: None };
//!
//! // Taking it is forced: the engine plays it before `from_start` returns.
//! let engine = Engine::from_start(Start::new(last.clone(), 2))?;
//! assert_eq!(engine.position().outcome().map(|outcome| outcome.finish()), Some(Finish::Win(PlayerIndex(1))));
//!
//! // Without forced plays, the test sees the one choice and makes it.
//! let settings = PositionSettings { autoplay_forced: false, ..PositionSettings::default() };
//! let mut engine = Engine::from_start(Start::new(last.clone(), 2).with_settings(settings))?;
//! assert_eq!(engine.position().completions(PlayerIndex(1)), [PileAction::Take(Take { tokens: 1 })]);
//! engine.submit(PlayerIndex(1), PileAction::Take(Take { tokens: 1 }))?;
//! assert!(engine.position().outcome().is_some());
//!
//! // A state the game refuses is never played.
//! assert_eq!(
//!     Engine::from_start(Start::new(last, 3)).err().map(|error| error.to_string()),
//!     Some("invalid state to start from: another table".to_owned())
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Between all and nothing: [`PositionSettings::asked_always`] asks chosen seats their
//! forced moves while the engine plays the others', and
//! [`PositionSettings::stop_forced_at_next_player`] plays forced moves for the player who
//! acted only, so that a test sees the next player's turn rather than a chain of forced
//! plays through every seat. Both are kept in the log, so a replay does the same.
//!
//! ## The attributes
//!
//! [`attributes`] has an example of each. On the action struct, `#[action(...)]`:
//! - `prompt = <expr>`: the text shown with the action (its name by default);
//! - `condition = <bool expr>`: whether it is available at all; or a `Result<(), E>`
//!   whose error says why not, shown in the refusal;
//! - `description = "<template>"`: what the others see while the player chooses;
//! - `message = "<template>"` (to everyone) and `message(to = <players>, "<template>")`:
//!   templates naming `{player}`, the selections and the arguments (see *Templates*);
//! - `confirm = "<template>"` (or an expression): a question the client asks once every
//!   selection is made, before submitting ("Place the tile in row {row}?");
//! - `group(<name>, prompt = .., validate = ..)`: the prompt and the validation of the
//!   selections marked `group = <name>`;
//! - `move_piece(from = <place>, index = <usize>, to = <place>, at = <usize>)`,
//!   `swap_pieces(a = .., a_index = .., b = .., b_index = ..)`, `reorder(place = ..,
//!   order = <Vec<u16>>)`, `shuffle(place = ..)`: moves of pieces between the places of a
//!   state with `#[derive(Places)]` (see below), applied before the moves of `behaviour`;
//! - `behaviour = <expr>`: the moves (a `Vec` or array of moves, or a [`Behaviour`] with
//!   follow-ups; [`FollowUp`] says who acts after one). Required unless the action
//!   declares moves of pieces.
//!
//! On each field, in the order the player chooses:
//! - `#[choose_from(<options>, count = n | min = a, max = b, label = .., prompt = ..,
//!   validate = .., skip_if = .., within = ..)]`: one option, or several into a `Vec`.
//!   Several go into a `Vec`, or into a set type of your own named with `of = <value type>`
//!   (`CardSet` with `of = Card`: any `FromIterator` + `IntoIterator` of the values), which
//!   needs no allocation per set.
//!   With several, `within = <bool>` bounds every part of an acceptable set (a budget):
//!   the search drops a set as soon as it breaks the bound, without walking every subset.
//!   With one, `valid = <set>` names the values `validate` accepts, computed at once (an
//!   iterator of the field's type that knows its length: Hearts' legal cards as a
//!   `CardSet`): completions are counted by its length and ranked by its `nth`, while
//!   prompts and submissions still ask `validate` for the reason of each refusal; debug
//!   builds check that both agree;
//! - `#[choose_on_board(<components or spaces>, ..)]`: as `choose_from`, with the same
//!   keys, tree-shaking, validation and skips, for components or spaces that a client shows
//!   on the board (prompt kind `choose_on_board`);
//! - `#[place_piece(<spaces>, rotations = n, label = .., prompt = .., validate = ..,
//!   skip_if = ..)]`: where a piece goes, into a [`Placement`] field: one of the spaces, in
//!   one of `n` rotations (1 by default);
//! - `#[choose_number(min = .., max = .., initial = .., prompt = .., validate = .., skip_if =
//!   ..)]`, `initial` the value a client preselects;
//! - `#[enter_text(prompt = .., validate = ..)]`;
//! - `#[arg]`: given by whoever asks for the action as a follow-up; `#[arg(label = <expr>)]`
//!   says how templates show it.
//!
//! `group = <name>` on consecutive selections (numbers, choices, text) shows them together,
//! as one `choose_group` prompt (after Boardzilla's `chooseGroup`): each is submitted under
//! its own name, none is skipped, none may depend on another, and the group's `validate`
//! checks them together (tree-shaking tries their combinations; free text is assumed to
//! fit). A client may also ask them one by one with
//! [`Position::prompt_action`](crate::Position::prompt_action).
//!
//! Every expression sees `game` (the state, `&G`), `flow` (where the flow stands,
//! [`flow::Progress`]), `player` ([`PlayerIndex`]), the arguments and every selection
//! above it, by reference (a `message` sees no `flow`). In a selection's own `validate`
//! and `label`, its name is the option being considered. `validate` returns a `bool` or a
//! `Result<(), E: Display>` whose error text is shown to the player (an empty text
//! shows "not allowed"). `skip_if`, after Boardzilla's skip strategies:
//! - `"only-one"` (the default): made for the player when exactly one option is viable;
//! - `"never"`: always asked;
//! - `"always"`: folded into the next selection, whose options then come with each of
//!   this one's (the player still picks it, in one step with the next);
//! - a `bool` expression (Boardzilla's `skipIf: fn`): while it is true, the selection is
//!   left out of the prompt and the game chooses its first viable option (the first that
//!   passes its validation and after which the action can be completed); the walks and
//!   `submit` accept that value only, and the action is not offered when there is none.
//!   While it is false, the selection is `"only-one"`.
//!
//! A submission may leave out the selections the engine makes without asking (a single
//! viable option, a `skip_if` expression that is true); the log records them all.
//!
//! ## Templates
//!
//! `message`, `description` and `confirm` take templates, and fill their placeholders the
//! same way:
//! - `{player}`, the acting player: their name ([`Game::player_name`]);
//! - `{<selection>}`: its label, as the prompt shows the chosen value: the selection's
//!   `label` if it declares one (for several values, each one's, joined with `, `), else
//!   the value's JSON text (a string without its quotes);
//! - `{<argument>}`: its `label` when it declares one (`#[arg(label = <expr>)]`, an
//!   expression that sees `game`, `player` and the arguments); else an argument of type
//!   [`PlayerIndex`] shows the player's name, a [`Space`] or a [`Placement`] the game's
//!   name for it ([`Game::space_name`]: Breakthrough's `c3`), and any other its `Display`
//!   (a type without one is one error, at the template).
//!
//! `{{` and `}}` write braces. A `description` is shown while the player is still
//! choosing, so it names no selection; `message` and `confirm` are rendered once every
//! selection is made. A placeholder the action does not have is a compile error.
//!
//! ## Components, boards and views
//!
//! Physical things are [`Deck`]s of immutable components whose pieces lie in places: growable
//! [`Stack`]s, [`SizedStack`]s with fixed slots, [`Board`]s on a [`Grid`] (or spaces joined
//! by a [`Graph`]). [`move_piece`], [`swap_pieces`], `move_within` and `arrange` (a shuffle
//! drawn by [`Arrangement::shuffle`]) are the only ways to change where a piece lies; an
//! impossible change is a [`PlaceError`] that changes nothing. A [`Chest`] checks that every
//! component lies in exactly one place.
//!
//! What each viewer may see is declared on the state with `#[derive(View)]`, a policy per
//! field (after boardgame's sanitization policies):
//! - `#[view(visible)]` (the default), `#[view(hidden)]` (the field's default value, or an
//!   empty place);
//! - for places: `#[view(order)]` (hidden pieces behind tokens that follow them until
//!   shuffled), `#[view(len)]` (how many), `#[view(non_empty)]` (whether any);
//! - `#[view(others = <policy>)]` on a [`PerPlayer`] field: its owner sees their entry,
//!   the others see it under the policy;
//! - `#[view(place)]` marks a visible place for the one-place check, `#[view(nested)]` a
//!   field with its own [`View`].
//!
//! `#[derive(Places)]` with `#[places(component = Card)]` addresses the places that
//! `#[view(..)]` marks (`<State>Place::Discard`, `<State>Place::Hands(seat)`), so actions
//! can declare their moves of pieces without hand-written code: the game's move enum holds
//! a [`PieceMove`] variant (with `From`), applies it with [`PieceMove::apply`] and views it
//! with [`PieceMove::view`], which shows each viewer the pieces as they see them.
//!
//! A move that carries hidden data shows each viewer their part through [`Move::view`].
//! [`testing::check_views`] plays random games and checks at every step that every prompt computed
//! from the player's view equals the one from the full state, and that every viewer's moves
//! replayed from the viewed setup give their view.
//!
//! ### A game of moving pieces
//!
//! A board game of moving and capturing pieces fits the same machinery (`meeple-games` has
//! two, Connect Four and Breakthrough, with OpenSpiel's rules):
//! - the pieces are the components of a [`Deck`], and every place they can lie is a field
//!   of the state marked `#[view(place)]`: the [`Board`] of a [`Grid`], and a [`Stack`] per
//!   player for the pieces not yet played (Connect Four's discs) or taken (Breakthrough's
//!   pawns). A captured piece moves off the board into its captor's stack, so every piece
//!   lies in exactly one place at every moment, as the [`Chest`] check of the view harness
//!   requires;
//! - `#[derive(Places)]` names those places as data (`BreakthroughPlace::Board`,
//!   `BreakthroughPlace::Taken(player)`), and an action declares its first move of pieces
//!   with `move_piece(from = .., index = .., to = .., at = ..)`: a step is a move within the
//!   board (`index = from.0`, `at = to.0`); a capture first moves the piece taken to the
//!   captor's stack, and its `behaviour` moves the captor with a [`PieceMove`];
//! - a move is chosen in two `choose_on_board` selections, the piece then where it goes
//!   (`#[choose_on_board(game.pieces_of(player))] from: Space`,
//!   `#[choose_on_board(game.targets(player, *from))] to: Space`): a piece without a move
//!   is tree-shaken away, and a rule that binds every move (captures are mandatory) goes in
//!   the action's `condition`, with its reason;
//! - the geometry is the grid's: [`Grid::step`] in a [`Direction`], and
//!   [`Grid::run_through`] for "n in a row" along each of [`Direction::AXES`], without
//!   listing any line, so a move allocates nothing;
//! - rules tests start from positions ([`Start`], see *Testing rules*): each game reads one
//!   from its rows of text (`ConnectFour::from_rows`), and [`Game::validate_state`] refuses
//!   one no game reaches (a floating disc, both sides with four).
//!
//! The runtime plays a game in two layers. A [`Position`] is the game as it stands (state,
//! chance, follow-ups, what each player recalls) with everything to play it: prompts,
//! completions, submissions in stages ([`Position::decode`], [`Position::admit`], then
//! apply) and the forced plays that follow; it keeps no records, so agents look ahead in
//! one and simulations play one. An [`Engine`] is the logged table on top: a position
//! and every record it played, for the log, undo, replay and seals; what a terminal or a
//! server embeds. A refused submission leaves both exactly as they were. A stored game
//! comes back by [`Engine::restore`] (its log replayed, messages not compared: a reworded
//! template stops nothing), from a snapshot ([`Engine::snapshot`]: a log that starts where
//! the game stood, chance and clocks included), and follows lines another process logged
//! one at a time ([`Engine::play_line`]).
//!
//! Bots are [`Agent`]s: a [`RandomAgent`], and a [`SearchAgent`] (UCT, or information-set
//! MCTS for hidden information). An agent decides from its seat's own copy of the game
//! ([`Engine::for_agent`]: a [`Position`] of the seat's view, with a chance of its own),
//! counts and ranks completions without listing them ([`Position::count_completions`],
//! [`Position::nth_completion`]) and plays them out by position ([`Position::submit_nth`]). A
//! game helps the search, apart from its rules, by implementing [`Search`] (its defaults
//! suit a game of perfect information: `impl Search for MyGame {}`):
//! [`Search::determinize`] draws a full
//! state consistent with a view, [`Search::evaluate`] scores a nearer horizon than the end,
//! and a game whose players must remember what they saw (Memory) sets [`Game::RECALLS`]
//! and draws from that history in [`Search::determinize_recalled`].

extern crate self as meeple;

/// The reference of every attribute of the derives, with an example each.
#[doc = include_str!("attributes.md")]
pub mod attributes {}

// The folders follow the layers, bottom up: the pieces a state is made of, the types a
// client reads, the rules an author writes, the lookahead core, records, the logged
// engine, and agents. `ARCHITECTURE.md` maps them; `tests/layers.rs` keeps their imports
// one way.
mod agents;
mod engine;
mod error;
mod pieces;
mod position;
mod records;
mod rules;
mod seen;
pub mod testing;

pub use rules::{effects, flow};
pub use seen::scene;

#[doc(hidden)]
pub mod __private;
mod deprecated;

// The walks' protocol (the per-action trait `Action`, the action table's `ActionContext`
// and visitors, `SelectionStep`, `SelectionState`, `GroupState`, `OptionState`, `Skip`) is for
// generated code alone and reachable only through `__private`: authors write the derives,
// clients read prompts. (`meeple::Action` is the derive.)
pub use agents::{
    Agent, Budget, Environment, EnvironmentError, RandomAgent, SearchAgent, StepError,
};
pub use deprecated::*;
pub use engine::{Engine, ReplayError};
pub use error::{
    ClockError, DecodeError, NamedSeat, NotDistinct, Refusal, Refused, SubmitError, UndoError,
};
pub use meeple_macros::{Action, Actions, Observe, Places, View};
pub use pieces::board::{
    Adjacency, Board, Coord, CoordParseError, Direction, Graph, Grid, Placement, RowsError, Space,
    SpaceSet,
};
pub use pieces::chance::Chance;
pub use pieces::components::{
    Arrangement, Chest, ChestError, ComponentId, Deck, DeckId, MergedStack, Piece, Pieces, Place,
    PlaceError, SizedStack, Slot, Stack, move_piece, swap_pieces,
};
pub use pieces::outcome::{Best, Finish, Outcome};
pub use pieces::player::{PerPlayer, PlayerIndex, PlayerSet, Seats};
pub use position::{
    ActionLayout, ChooseError, DistinctDecision, FirstPosition, LayoutBlock,
    MAX_DISTINCT_COMPLETIONS, NotLegal, Played, Position, PositionSettings, RecordKind, Start,
    Status,
};
pub use records::follower::{FollowedRecord, RecordFollower, ViewedRecord};
pub use records::log::{GameLog, LOG_FORMAT, LogSeal, LogStart, Record, RecordMoves, StoredRecord};
pub use rules::action::{ActionSet, Behaviour, FollowUp, Message};
pub use rules::distinct::{Distinct, PathStep, SelectionBlock};
pub use rules::flow::Flow;
pub use rules::game::{Game, Setup, SetupError, WhenStuck};
pub use rules::moves::{Move, MoveContext, WaitingResolution, apply_moves};
pub use rules::places::{PieceMove, PieceMoveError, Places};
pub use rules::search::Search;
pub use rules::selection::choice::ValidSet;
pub use seen::observation::{Categorical, ObservationLayout, ObservationPiece, Observe, Observer};
pub use seen::prompt::{
    ActionPrompt, Choice, Prompt, PromptOption, SelectionKind, SelectionPrompt,
};
pub use seen::submission::Submission;
pub use seen::view::{Conceal, Hide, Policy, Serialized, View, Viewer};
