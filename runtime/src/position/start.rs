//! [`Start`]: a position an author builds to start a game from, instead of the game's
//! setup: where a rules test begins, and what a stored match is restored to.

use std::time::Duration;

use super::settings::PositionSettings;
use crate::pieces::player::{PlayerIndex, Seats};
use crate::rules::action::FollowUp;
use crate::rules::flow::FlowPosition;
use crate::rules::game::{Game, SetupError};

/// A game to start from a state the author built rather than from [`Game::setup`]: the
/// state, the table, the config, the seed of chance from here on, the follow-ups already
/// pending (the second jump of a multi-jump) and the engine's settings.
///
/// [`Engine::from_start`](crate::Engine::from_start) and
/// [`Position::from_start`](crate::Position::from_start) check it (the count against
/// [`Game::PLAYERS`], the config with [`Game::validate_config`], the state with
/// [`Game::validate_state`], each follow-up's seat) and refuse it with a [`SetupError`]
/// before anything is played; then they play what the engine plays for the players
/// (forced completions, passes), as after a setup, unless the settings say otherwise. The
/// state is taken as it is: no setup moves are applied, and the log's first record, the
/// setup, has none.
///
/// After shakmaty's `Setup` and `Position::from_setup`: an unchecked description becomes a
/// playable position only through a constructor that can fail.
#[derive(Clone, Debug)]
pub struct Start<G: Game> {
    /// The state to start from.
    pub state: G,
    /// The number of seats.
    pub players: usize,
    /// The config the game is played under (its default by [`new`](Self::new)).
    pub config: G::Config,
    /// The seed of the game's chance from the start on (0 by [`new`](Self::new)).
    pub seed: u64,
    /// The follow-ups waiting to be taken, the next first (none by [`new`](Self::new)).
    pub follow_ups: Vec<FollowUp<G>>,
    /// How the engine treats forced completions ([`PositionSettings::default`] by
    /// [`new`](Self::new): a player's only completion is played for them at once, even
    /// before the start returns).
    pub settings: PositionSettings,
    /// Where the game's flow stands ([`Game::flow`]); `None` (by [`new`](Self::new)) starts
    /// the flow from its first step, as a new game does, with the state given: right for a
    /// flow whose steps read whose turn it is from the state (Tic-tac-toe's next mark).
    pub flow: Option<FlowPosition>,
    /// The game's clock at the start, as time since the game began (zero by
    /// [`new`](Self::new)): with [`flow`](Self::flow), a saved game's timers fire when
    /// they would have ([`Step::timer`](crate::rules::flow::Step::timer)).
    pub clock: Duration,
}

impl<G: Game> Start<G> {
    /// Starts from `state` at a table of `players`, under the default config, with chance
    /// seeded by 0, no follow-up pending and the default settings; change any of them with
    /// the methods below.
    #[must_use]
    pub fn new(state: G, players: usize) -> Self {
        Start {
            state,
            players,
            config: G::Config::default(),
            seed: 0,
            follow_ups: Vec::new(),
            settings: PositionSettings::default(),
            flow: None,
            clock: Duration::ZERO,
        }
    }

    /// This start under `config`.
    #[must_use]
    pub fn with_config(mut self, config: G::Config) -> Self {
        self.config = config;
        self
    }

    /// This start with chance seeded by `seed`.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// This start with `follow_up` pending, after those already given.
    #[must_use]
    pub fn with_follow_up(mut self, follow_up: FollowUp<G>) -> Self {
        self.follow_ups.push(follow_up);
        self
    }

    /// This start with its flow where `flow` says: a position saved with a game
    /// ([`Position::flow_position`](crate::Position::flow_position)), checked against the
    /// game's flow when the game starts.
    #[must_use]
    pub fn with_flow(mut self, flow: FlowPosition) -> Self {
        self.flow = Some(flow);
        self
    }

    /// This start with its flow about to enter the step where players act named `step`,
    /// with `turn` the player of every each-player loop around it
    /// ([`FlowPosition::before_step`]): a test plays a step of a declared flow from a
    /// state it built, without playing the game up to it. Who acts in the step is asked
    /// of the state when the game starts. With `turn` `None`, the each-player loops around
    /// the step have no player, and a [`Step::turn`](crate::rules::flow::Step::turn) step asks
    /// nobody and is passed by. No record is made of the phases and turns it starts in.
    ///
    /// # Errors
    /// [`SetupError::Flow`] with [`FlowError::NoSuchStep`](crate::rules::flow::FlowError::NoSuchStep)
    /// when the game's flow declares no such step, or the flow's own mistake.
    pub fn at_step(mut self, step: &str, turn: Option<PlayerIndex>) -> Result<Self, SetupError> {
        let flow = crate::rules::flow::compiled::<G>();
        flow.check()?;
        self.flow = Some(FlowPosition::before_step(&flow, &self.state, step, turn)?);
        Ok(self)
    }

    /// This start with the game's clock at `clock` ([`Engine::clock`](crate::Engine::clock)
    /// of the game saved).
    #[must_use]
    pub fn with_clock(mut self, clock: Duration) -> Self {
        self.clock = clock;
        self
    }

    /// This start with `settings`: `autoplay_forced: false` to see a forced completion
    /// offered instead of played.
    #[must_use]
    pub fn with_settings(mut self, settings: PositionSettings) -> Self {
        self.settings = settings;
        self
    }

    /// Every check of a start, in order: the count, the config, the state, then each
    /// follow-up's seat.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`], [`SetupError::Config`], or [`SetupError::State`]
    /// from [`Game::validate_state`] or for a follow-up of a seat outside the table.
    pub(crate) fn check(&self) -> Result<Seats, SetupError> {
        let seats = SetupError::seats_for::<G>(self.players)?;
        G::validate_config(&self.config, seats)?;
        self.state.validate_state(&self.config, seats)?;
        if let Some(follow_up) = self
            .follow_ups
            .iter()
            .find(|follow_up| follow_up.player.0 >= self.players)
        {
            return Err(SetupError::State {
                reason: format!(
                    "a follow-up is asked of {}, who is not at this table of {}",
                    follow_up.player, self.players
                ),
            });
        }
        // Follow-ups asked together are each of a different player.
        let mut together = crate::pieces::player::PlayerSet::EMPTY;
        for follow_up in &self.follow_ups {
            if together.contains(follow_up.player) {
                return Err(SetupError::State {
                    reason: format!(
                        "two follow-ups asked together are both {}'s",
                        follow_up.player
                    ),
                });
            }
            together = if follow_up.joint {
                together.with(follow_up.player)
            } else {
                crate::pieces::player::PlayerSet::EMPTY
            };
        }
        Ok(seats)
    }
}
