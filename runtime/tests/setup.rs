//! What the engine checks before a game's `setup`: the player count against
//! `Game::PLAYERS` and the config with `Game::validate_config`, so `setup` and the rules
//! never see a table they were not written for.

use std::ops::RangeInclusive;

use meeple::{
    Action, Actions, Engine, Finish, Game, Move, MoveContext, Outcome, PerPlayer, PlayerIndex,
    PlayerSet, RecordFollower, Seats, Setup, SetupError,
};
use serde::{Deserialize, Serialize};

/// A race of two or three runners, `laps` laps long; each turn the runner whose turn it
/// is runs one or two laps, and the turn goes round the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
struct Race {
    seats: Seats,
    laps: PerPlayer<u32>,
    goal: u32,
    turn: PlayerIndex,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct RaceConfig {
    laps: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Lap(PlayerIndex, u32);

impl Move<Race> for Lap {
    fn apply(&self, race: &mut Race, _next: &mut MoveContext<'_, Self>) {
        race.laps[self.0] += self.1;
        race.turn = race.seats.next(self.0);
    }
}

#[derive(Clone, Debug, Action)]
#[action(prompt = "Run", behaviour = [Lap(player, *laps)])]
struct Run {
    #[choose_number(min = 1, max = 2)]
    laps: u32,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Race)]
enum RaceAction {
    Run(Run),
}

impl Game for Race {
    type Config = RaceConfig;
    type Move = Lap;
    type Actions = RaceAction;
    const NAME: &'static str = "race";
    const PLAYERS: RangeInclusive<usize> = 2..=3;

    fn validate_config(config: &RaceConfig, seats: Seats) -> Result<(), SetupError> {
        let most = 5 * u32::try_from(seats.count()).unwrap_or(u32::MAX);
        if !(1..=most).contains(&config.laps) {
            return Err(SetupError::Config {
                field: "laps",
                reason: format!("must be 1 to {most}, not {}", config.laps),
            });
        }
        Ok(())
    }

    /// Panics on what the engine promised to check: a test that the checks come first.
    fn setup(config: &RaceConfig, seats: Seats) -> Result<Setup<Self>, SetupError> {
        assert!(
            Self::PLAYERS.contains(&seats.count()),
            "setup for {seats:?}"
        );
        assert!(config.laps > 0, "setup for {config:?}");
        Ok(Setup {
            state: Race {
                seats,
                laps: PerPlayer::filled(seats, 0),
                goal: config.laps,
                turn: PlayerIndex(0),
            },
            moves: Vec::new(),
        })
    }

    fn to_act(&self) -> PlayerSet {
        match self.outcome() {
            Some(_) => PlayerSet::EMPTY,
            None => PlayerSet::one(self.turn),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let (winner, _) = self
            .laps
            .enumerate()
            .find(|(_, laps)| **laps >= self.goal)?;
        Some(Outcome::win(winner, self.seats))
    }
}

fn config(laps: u32) -> RaceConfig {
    RaceConfig { laps }
}

#[test]
fn a_count_outside_players_is_refused_before_setup() {
    for players in [0, 1, 4, 64, 65, usize::MAX] {
        let refused = Engine::<Race>::new(config(2), players, 0).map(|_| ());
        assert_eq!(
            refused,
            Err(SetupError::PlayerCount {
                game: "race",
                players,
                expected: "2 to 3".to_owned(),
            })
        );
        assert_eq!(
            Setup::<Race>::for_table(&config(2), players).map(|_| ()),
            refused
        );
        assert_eq!(
            RecordFollower::<Race>::new(&config(2), players).map(|_| ()),
            refused
        );
    }
    assert_eq!(
        Engine::<Race>::new(config(2), 4, 0)
            .map(|_| ())
            .map_err(|error| error.to_string()),
        Err("race is played by 2 to 3 players, not 4".to_owned())
    );
}

#[test]
fn a_config_is_validated_for_the_table_before_setup() {
    let refused = |laps: u32, players: usize| {
        Engine::<Race>::new(config(laps), players, 0)
            .map(|_| ())
            .map_err(|error| error.to_string())
    };
    assert_eq!(
        refused(0, 2),
        Err("invalid config: laps: must be 1 to 10, not 0".to_owned())
    );
    assert_eq!(
        refused(11, 2),
        Err("invalid config: laps: must be 1 to 10, not 11".to_owned())
    );
    assert_eq!(refused(11, 3), Ok(()));
    assert!(Setup::<Race>::for_table(&config(0), 2).is_err());
}

#[test]
fn the_table_goes_round_its_own_seats() {
    let mut engine = Engine::<Race>::new(config(2), 3, 0).expect("a valid race");
    assert_eq!(engine.position().state().seats, Seats::new(3));
    let run = || RaceAction::Run(Run { laps: 1 });
    for seat in [0, 1, 2, 0] {
        assert_eq!(
            engine.position().to_act(),
            PlayerSet::one(PlayerIndex(seat))
        );
        engine
            .submit(PlayerIndex(seat), run())
            .expect("the runner's turn");
    }
    assert_eq!(
        engine.position().state().laps.iter().collect::<Vec<_>>(),
        [&2, &1, &1]
    );
    assert_eq!(
        engine.position().outcome().map(|outcome| outcome.finish()),
        Some(Finish::Win(PlayerIndex(0)))
    );
}
