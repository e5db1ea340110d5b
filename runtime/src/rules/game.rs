//! The [`Game`] trait: state, setup, whose turn it is, and the outcome.

use std::fmt::Debug;
use std::ops::RangeInclusive;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::pieces::board::{RowsError, Space};
use crate::pieces::outcome::Outcome;
use crate::pieces::player::{PlayerIndex, PlayerSet, Seats};
use crate::rules::action::ActionSet;
use crate::rules::flow::{Flow, FlowError, Progress};
use crate::rules::moves::Move;
use crate::seen::scene::Scene;
use crate::seen::view::{Serialized, View, Viewer};

/// A game: its state type, its setup, its flow and its outcome.
///
/// The state is the whole truth of a game in progress; the engine
/// ([`Engine`](crate::Engine)) owns it and changes it only by applying the game's
/// [`Move`]s, which come from the behaviours of its [`Actions`](Self::Actions) and from
/// the consequences of other moves.
///
/// Its [`View`] says what each viewer may see of it: `#[derive(View)]` with a policy per
/// field (every field visible by default, for games of perfect information).
///
/// The state is plain data that serializes (serde's `Serialize`), so it can be hashed,
/// compared and shown: the runtime reaches it through
/// [`View::serialize_state`](crate::View::serialize_state), which `#[derive(View)]`
/// forwards to the state's `Serialize`. It is not a bound of this trait, so a state that
/// forgets its serde derive gets one error, at the state, not one at every place that
/// names the game.
pub trait Game: Clone + Debug + View + 'static {
    /// The game's variants and options, checked by
    /// [`validate_config`](Self::validate_config) before [`setup`](Self::setup).
    /// Serialized into every log, so a replay sets the game up the same way. `()` for a
    /// game without options.
    type Config: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned;
    /// The small steps that change the state: usually an enum the author writes.
    type Move: Move<Self>;
    /// Every action of the game: an enum with `#[derive(Actions)]`.
    type Actions: ActionSet<Game = Self>;

    /// The game's name as typed on the command line and written in logs (`"hearts"`).
    const NAME: &'static str;

    /// How many players the game is played by (`4..=4` for Hearts, `2..=6` for Memory),
    /// within 1 to [`Seats::MAX`]. The engine refuses any other count with
    /// [`SetupError::PlayerCount`] before [`setup`](Self::setup) is called.
    const PLAYERS: RangeInclusive<usize>;

    /// The version of these rules, written in every log ([`GameLog::rules`]): raise it
    /// when a change to the rules would make an older game's records come out otherwise,
    /// so that restoring such a game says so ([`ReplayError::Rules`]) instead of
    /// diverging somewhere in the middle. A change of a message's wording needs no new
    /// version ([`Engine::restore`]). 1 by default.
    ///
    /// [`GameLog::rules`]: crate::GameLog::rules
    /// [`ReplayError::Rules`]: crate::ReplayError::Rules
    /// [`Engine::restore`]: crate::Engine::restore
    const RULES_VERSION: u32 = 1;

    /// Builds the initial state for a table of `seats` from `config`, with the moves that
    /// begin the game (a deal, say). The engine applies those moves, and their
    /// consequences, as the first action record of the log, whose chance they may draw.
    ///
    /// The engine calls it only with a count within [`PLAYERS`](Self::PLAYERS) and a
    /// config that passed [`validate_config`](Self::validate_config), so it need not check
    /// them again.
    ///
    /// # Errors
    /// [`SetupError`] when the game cannot be set up for a reason the config and the
    /// count alone do not say (rarely needed).
    fn setup(config: &Self::Config, seats: Seats) -> Result<Setup<Self>, SetupError>;

    /// Checks `config` for a table of `seats`: the engine calls it before
    /// [`setup`](Self::setup) and refuses to set the game up when it fails, so the values
    /// are checked in this one place. Accepts any config by default.
    ///
    /// ```
    /// # use meeple::{Seats, SetupError};
    /// # #[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
    /// # struct RaceConfig { laps: u32 }
    /// # struct Race;
    /// # impl Race {
    /// fn validate_config(config: &RaceConfig, seats: Seats) -> Result<(), SetupError> {
    ///     let most = 10 * seats.count() as u32;
    ///     if !(1..=most).contains(&config.laps) {
    ///         return Err(SetupError::Config {
    ///             field: "laps",
    ///             reason: format!("must be 1 to {most}, not {}", config.laps),
    ///         });
    ///     }
    ///     Ok(())
    /// }
    /// # }
    /// # assert!(Race::validate_config(&RaceConfig { laps: 3 }, Seats::new(2)).is_ok());
    /// # assert!(Race::validate_config(&RaceConfig { laps: 0 }, Seats::new(2)).is_err());
    /// ```
    ///
    /// # Errors
    /// [`SetupError::Config`] naming the field at fault and what would be accepted.
    fn validate_config(config: &Self::Config, seats: Seats) -> Result<(), SetupError> {
        let _ = (config, seats);
        Ok(())
    }

    /// Checks a state an author built to start from ([`Engine::from_start`]), at a table
    /// of `seats` under `config` (already checked by
    /// [`validate_config`](Self::validate_config)): the engine refuses to start from a
    /// state this refuses, so rules tests and stored positions cannot begin where the
    /// game could never be (Tic-tac-toe: more marks of one player than the other's plus
    /// one). Accepts any state by default.
    ///
    /// [`Engine::from_start`]: crate::Engine::from_start
    ///
    /// # Errors
    /// [`SetupError::State`] saying what is wrong with the state.
    fn validate_state(&self, config: &Self::Config, seats: Seats) -> Result<(), SetupError> {
        let _ = (config, seats);
        Ok(())
    }

    /// The game's flow: its phases, loops and turns, and the steps where players act with
    /// the actions each offers ([`Flow`], after Boardzilla's flow and jkomoros/boardgame's
    /// phases). The engine derives from it who may act and which actions they are offered,
    /// so that conditions need not test the phase or the turn. Called once when a position
    /// starts. The default, [`Flow::by_hand`], leaves it to [`to_act`](Self::to_act).
    fn flow() -> Flow<Self> {
        Flow::by_hand()
    }

    /// For a game whose flow is written by hand ([`Flow::by_hand`], the default of
    /// [`flow`](Self::flow)): the seats that may act now, one player, several at once
    /// (simultaneous passing), or nobody (the game is over); every action is offered to
    /// them, and their conditions say which they may take. The engine asks pending
    /// follow-ups first. Not read when the game declares a flow. Nobody, by default.
    fn to_act(&self) -> PlayerSet {
        PlayerSet::EMPTY
    }

    /// The result once the game is over; `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// What happens when `player` is to act, the game is not over, and no action of theirs
    /// can be completed. The default, [`WhenStuck::Deadlock`], makes it an explicit
    /// [`Status::Stuck`](crate::Status::Stuck) that the engine reports; a game may instead
    /// pass for the player with moves of its own.
    fn when_stuck(&self, player: PlayerIndex) -> WhenStuck<Self::Move> {
        let _ = player;
        WhenStuck::Deadlock
    }

    /// Whether players remember what they have seen (perfect recall, a part of the game's
    /// information as its views are): the engine then keeps, for each player, every move
    /// as [`Move::view`](crate::Move::view) showed it to them (the setup's first), and
    /// determinization receives that history
    /// ([`Search::determinize_recalled`](crate::Search::determinize_recalled)). The engine
    /// needs it from its first record, so it is declared with the rules, not with the
    /// search. For games where what was seen and hidden again matters (Memory); off by
    /// default, since keeping the history costs a view of every move for every player.
    const RECALLS: bool = false;

    /// The name of a board space in messages: how a template shows an argument of type
    /// [`Space`](crate::Space) or [`Placement`](crate::Placement) (Breakthrough's `c3`,
    /// Tic-tac-toe's `1,1`). Defaults to `space N`, its number.
    fn space_name(&self, space: Space) -> String {
        format!("space {}", space.0)
    }

    /// The move the engine plays for `player` when their clock per move runs out
    /// ([`PositionSettings::move_clock`](crate::PositionSettings::move_clock)), recorded as
    /// [`RecordKind::Timeout`](crate::RecordKind::Timeout); asked only of a player who is
    /// to act. `None` (the default), or an action the rules refuse now, plays the player's
    /// first completion in
    /// [`Position::for_each_completion`](crate::Position::for_each_completion)'s order.
    /// Hearts plays its lowest legal card, a game of bids a pass. `flow` is where the
    /// flow stands (its phase says which).
    fn timeout_action(&self, flow: Progress<'_>, player: PlayerIndex) -> Option<Self::Actions> {
        let _ = (flow, player);
        None
    }

    /// Whether the game's effects may forbid completed actions ([`prohibits`](Self::prohibits)):
    /// the one switch of the engine's fast paths that take a selection's own options and
    /// validation as its only filter (completions counted at once, `valid` sets kept as
    /// bits). With it on, the engine walks completions and asks `prohibits` of each, in a
    /// state where [`may_prohibit`](Self::may_prohibit) says a prohibition may be in force: a
    /// game with prohibitions ("this minion cannot be destroyed", see
    /// [`effects`](crate::rules::effects)) turns it on; every other game pays nothing. Off by
    /// default.
    const PROHIBITS: bool = false;

    /// Why `player`'s completed `action` is forbidden now by an effect in force (a
    /// prohibition: General Ivan's "your minions cannot be destroyed" against a destroy),
    /// in words for the prompt, or `None` when nothing forbids it. Read only when
    /// [`PROHIBITS`](Self::PROHIBITS) is on: a forbidden completion is not offered (its
    /// option is shown refused with this reason when no other completion goes through it),
    /// not counted, not drawn by agents, and refused when submitted
    /// ([`Refusal::Prohibited`](crate::Refusal::Prohibited)). `None` by default. The
    /// options of a group of selections are not pruned member by member: a prohibited
    /// completion through a group is refused when submitted.
    fn prohibits(&self, player: PlayerIndex, action: &Self::Actions) -> Option<String> {
        let _ = (player, action);
        None
    }

    /// Whether any prohibition may be in force now, for a game with
    /// [`PROHIBITS`](Self::PROHIBITS) on: when not, the engine answers this state's
    /// questions (counts, draws, prompts) from the actions' own fast paths, as for a game
    /// without prohibitions, instead of asking [`prohibits`](Self::prohibits) of every
    /// completion. It must be `true` whenever `prohibits` would forbid some completion in
    /// this state (a game can make that hold by construction: its prohibitions come from a
    /// kind of ability, and this asks whether an ability of that kind is in force,
    /// [`EffectState::any_in_force`](crate::rules::effects::EffectState::any_in_force)). `true` by
    /// default.
    fn may_prohibit(&self) -> bool {
        true
    }

    /// The name of a seat in messages and prompts. Defaults to `Player N`, 1-based.
    fn player_name(&self, player: PlayerIndex) -> String {
        format!("Player {}", player.0.saturating_add(1))
    }

    /// A move just applied, as `viewer` sees it ([`Move::view`]'s result, so what is hidden
    /// from them is concealed already), in a sentence for a person, with the players' names
    /// ("East plays QS", "You are dealt 7H"); `self` is the state right after the move.
    /// Shown by the command line, and sent beside each move to a server's clients
    /// ([`ViewedRecord::texts`](crate::ViewedRecord::texts)), so it must say nothing the
    /// state hides from `viewer`. `None` for a move with nothing to say (the bookkeeping of
    /// a resolution), and by default: a client then shows the move's fields.
    fn describe_move(&self, applied: &Self::Move, viewer: Viewer) -> Option<String> {
        let _ = (applied, viewer);
        None
    }

    /// Whether the state right after `applied`, `self`, is a beat: a moment of a record a
    /// client holds long enough for a person to see it before it shows the record's later
    /// moves (the fourth card of a trick, before the trick is taken; the end of a hand,
    /// before the next is dealt). A server sends the scene of each beat with the record
    /// ([`RecordFollower::write_view_and_draw`](crate::RecordFollower::write_view_and_draw)).
    /// `false` by default: a record is shown as it ends.
    fn is_beat(&self, applied: &Self::Move) -> bool {
        let _ = applied;
        false
    }

    /// What `viewer` sees of the game laid out as pieces on a table ([`Scene`]), for a
    /// client that draws any game with no code of its own. `self` is `viewer`'s own view
    /// ([`View::view`]), never the whole state, so the scene can show nothing the view
    /// hides; `seats` is the table's. By default the view written out
    /// ([`Scene::written_out`]: its boards, stacks and numbers); a game draws its own to
    /// show its cards as cards, say what its pieces cannot ([`Scene::summary`]) and let
    /// its pieces be chosen ([`Piece::choosing`](crate::seen::scene::Piece::choosing)).
    /// [`check_views`](crate::testing::check_views) reads each viewer's scene at every step and
    /// fails on one that names a value hidden from its viewer.
    fn scene(&self, viewer: Viewer, seats: Seats) -> Scene {
        let _ = viewer;
        let view = serde_json::to_value(Serialized(self)).unwrap_or(serde_json::Value::Null);
        Scene::written_out(&view, seats)
    }
}

/// What [`Game::setup`] returns: the initial state and the moves that begin the game.
#[derive(Clone, Debug)]
pub struct Setup<G: Game> {
    /// The state before any move.
    pub state: G,
    /// Moves the engine applies first (with their consequences), as the `setup` record.
    pub moves: Vec<G::Move>,
}

impl<G: Game> Setup<G> {
    /// The setup of a table of `players` seats under `config`, checked as the engine
    /// checks it: the count against [`Game::PLAYERS`], then the config with
    /// [`Game::validate_config`], then [`Game::setup`]. What
    /// [`Engine::new`](crate::Engine::new) starts from, for a tool that wants to know
    /// whether a table can be set up before it makes anything for its seats.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] for a count outside [`Game::PLAYERS`] (or outside 1 to
    /// [`Seats::MAX`]), [`SetupError::Config`] from [`Game::validate_config`], or the
    /// game's own error from [`Game::setup`].
    pub fn for_table(config: &G::Config, players: usize) -> Result<Self, SetupError> {
        let seats = SetupError::seats_for::<G>(players)?;
        G::validate_config(config, seats)?;
        G::setup(config, seats)
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The game is not played by this many players.
    #[error("{game} is played by {expected} players, not {players}")]
    PlayerCount {
        /// The game's name.
        game: &'static str,
        /// The count asked for.
        players: usize,
        /// The counts the game allows, in words (`"4"`, `"2 to 6"`).
        expected: String,
    },
    /// A config value is out of range or inconsistent.
    #[error("invalid config: {field}: {reason}")]
    Config {
        /// The config field at fault.
        field: &'static str,
        /// What is wrong with it and what would be accepted.
        reason: String,
    },
    /// A state to start from ([`Engine::from_start`](crate::Engine::from_start)) that the
    /// game refuses ([`Game::validate_state`]), or whose pending follow-ups name a seat
    /// outside the table.
    #[error("invalid state to start from: {reason}")]
    State {
        /// What is wrong with the state, in the game's words.
        reason: String,
    },
    /// The game's flow is declared wrong ([`Game::flow`]), or could not go on from the
    /// setup.
    #[error("the game's flow: {0}")]
    Flow(#[from] FlowError),
    /// After the setup, the engine played records for the players
    /// [`PositionSettings::forced_limit`](crate::PositionSettings::forced_limit) times in a row
    /// (forced completions or passes), the last of them `action`: a game that never ends
    /// and never asks anyone anything (a bug of the game).
    #[error(
        "`{action}` was played for the players {records} times in a row after the setup: the game would never end"
    )]
    ForcedWithoutEnd {
        /// The action played last, by name.
        action: String,
        /// How many records were played in a row.
        records: usize,
    },
}

impl From<RowsError> for SetupError {
    /// A position drawn as text that could not be read is a state the game refuses.
    fn from(error: RowsError) -> Self {
        SetupError::State {
            reason: error.to_string(),
        }
    }
}

impl SetupError {
    /// [`SetupError::PlayerCount`] unless `players` is among the counts `G` allows
    /// ([`Game::PLAYERS`], within 1 to [`Seats::MAX`]), its `expected` written `"4"` or
    /// `"2 to 6"`; the table of that many seats otherwise.
    pub(crate) fn seats_for<G: Game>(players: usize) -> Result<Seats, SetupError> {
        let allowed = G::PLAYERS;
        let low = (*allowed.start()).max(1);
        let high = (*allowed.end()).min(Seats::MAX);
        match Seats::try_new(players) {
            Some(seats) if (low..=high).contains(&players) => Ok(seats),
            _ => Err(SetupError::PlayerCount {
                game: G::NAME,
                players,
                expected: if low == high {
                    low.to_string()
                } else {
                    format!("{low} to {high}")
                },
            }),
        }
    }
}

/// What the engine does for a player who is to act but has nothing possible.
#[derive(Clone, Debug, PartialEq)]
pub enum WhenStuck<M> {
    /// The player passes: the engine records a forced `pass` with these moves.
    Pass(Vec<M>),
    /// Nothing can be done: the engine reports [`Status::Stuck`](crate::Status::Stuck)
    /// and refuses submissions with [`Refusal::Stuck`](crate::Refusal::Stuck).
    Deadlock,
}
