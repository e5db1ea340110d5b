//! `FirstPosition`: a table set up once and started from for many seeds gives, seed by
//! seed, the position that `Position::new` sets up, and the same games from it, whether
//! its setup drew chance (set up again each time) or not (copied, chance seeded anew).

use meeple::{
    Action, Actions, FirstPosition, Game, Move, MoveContext, Outcome, PlayerSet, Position,
    PositionSettings, Seats, Setup, SetupError,
};
use meeple_tests::P0;
use serde::{Deserialize, Serialize};

/// A die rolled until it was rolled five times or more; with `roll_at_setup`, once by the
/// setup.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct DiceConfig {
    roll_at_setup: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
struct Dice {
    rolls: Vec<i64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum DiceMove {
    /// Rolls the die: draws chance, and lands as the value drawn.
    Roll,
    Landed(i64),
}

impl Move<Dice> for DiceMove {
    fn apply(&self, dice: &mut Dice, next: &mut MoveContext<'_, Self>) {
        match self {
            DiceMove::Roll => {
                let value = next.chance().roll(1, 6);
                next.then(DiceMove::Landed(value));
            }
            DiceMove::Landed(value) => dice.rolls.push(*value),
        }
    }
}

/// Roll one die or two, one after the other: two completions, so that nothing is played
/// for the player.
#[derive(Clone, Debug, Action)]
#[action(prompt = "Roll", behaviour = vec![DiceMove::Roll; usize::from(*dice)])]
struct Roll {
    #[choose_from([1u8, 2])]
    dice: u8,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Dice)]
enum DiceAction {
    Roll(Roll),
}

impl Game for Dice {
    type Config = DiceConfig;
    type Move = DiceMove;
    type Actions = DiceAction;
    const NAME: &'static str = "dice";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=1;
    fn setup(config: &DiceConfig, _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Dice { rolls: Vec::new() },
            moves: if config.roll_at_setup {
                vec![DiceMove::Roll]
            } else {
                Vec::new()
            },
        })
    }
    fn to_act(&self) -> PlayerSet {
        if self.rolls.len() < 5 {
            PlayerSet::one(P0)
        } else {
            PlayerSet::EMPTY
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.rolls.len() >= 5).then(|| Outcome::draw(Seats::new(1)))
    }
}

/// Plays `position` to its end and returns its rolls.
fn rolled(mut position: Position<Dice>) -> Vec<i64> {
    let mut turn = 0;
    while position.to_act().contains(P0) {
        position.submit_nth(P0, turn % 2).expect("a roll");
        turn += 1;
    }
    position.state().rolls.clone()
}

fn first(roll_at_setup: bool) -> FirstPosition<Dice> {
    FirstPosition::new(
        &DiceConfig { roll_at_setup },
        1,
        PositionSettings::default(),
    )
    .expect("a valid setup")
}

/// Seed by seed, a start is the position `Position::new` sets up and rolls the same; the
/// seeds roll differently, so a start that kept the first seed's chance would be found.
#[test]
fn a_start_rolls_as_a_new_position_of_its_seed() {
    for roll_at_setup in [false, true] {
        let first = first(roll_at_setup);
        assert_eq!(first.copies(), !roll_at_setup);
        let config = DiceConfig { roll_at_setup };
        let mut games = Vec::new();
        for seed in 0..20 {
            let new = Position::<Dice>::new(&config, 1, seed).expect("a valid setup");
            let started = first.start(seed).expect("a start");
            assert_eq!(started.state(), new.state(), "seed {seed}");
            let rolls = rolled(new);
            assert_eq!(rolled(started), rolls, "seed {seed}");
            games.push(rolls);
        }
        games.sort();
        games.dedup();
        assert!(games.len() > 15, "the seeds rolled alike: {games:?}");
    }
}

/// A start into a position played to its end (the last seed's game) keeps nothing of that
/// game.
#[test]
fn a_start_into_a_played_position_is_a_new_game() {
    for roll_at_setup in [false, true] {
        let first = first(roll_at_setup);
        let config = DiceConfig { roll_at_setup };
        let mut reused = first.start(99).expect("a start");
        for seed in 0..10 {
            while reused.to_act().contains(P0) {
                reused.submit_nth(P0, 1).expect("a roll");
            }
            first.start_into(seed, &mut reused).expect("a start");
            let new = Position::<Dice>::new(&config, 1, seed).expect("a valid setup");
            assert_eq!(reused.state(), new.state(), "seed {seed}");
            assert_eq!(rolled(reused.clone()), rolled(new), "seed {seed}");
        }
    }
}

/// A table the game refuses is refused as `Position::new` refuses it.
#[test]
fn a_table_the_game_refuses_is_refused() {
    let refused =
        FirstPosition::<Dice>::new(&DiceConfig::default(), 2, PositionSettings::default());
    assert_eq!(
        refused.err().map(|error| error.to_string()),
        Position::<Dice>::new(&DiceConfig::default(), 2, 0)
            .err()
            .map(|error| error.to_string())
    );
}
