//! Sealed logs: a log written by `Engine::sealed_log` carries its number of records, its
//! outcome and a digest of the setup, final state and chance, which a replay checks once
//! every record reproduced.

use meeple::{
    Action, Actions, Engine, Finish, Game, GameLog, Move, MoveContext, Outcome, PlayerIndex,
    PlayerSet, ReplayError, Seats, Setup, SetupError,
};
use serde::{Deserialize, Serialize};

/// Players take 1 to 3 tokens from a pile in turn; who takes the last one wins. No chance
/// is drawn, so no record shows the seed.
#[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
struct Pile {
    seats: Seats,
    tokens: u32,
    next: PlayerIndex,
    winner: Option<PlayerIndex>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct PileConfig {
    tokens: u32,
    /// Changes nothing in the game: only the seal can tell it was changed.
    label: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum PileMove {
    Take { player: PlayerIndex, tokens: u32 },
}

impl Move<Pile> for PileMove {
    fn apply(&self, pile: &mut Pile, _next: &mut MoveContext<'_, Self>) {
        let PileMove::Take { player, tokens } = *self;
        pile.tokens -= tokens;
        if pile.tokens == 0 {
            pile.winner = Some(player);
        }
        pile.next = pile.seats.next(player);
    }
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Take tokens", behaviour = [PileMove::Take { player, tokens: *tokens }])]
struct Take {
    #[choose_number(min = 1, max = game.tokens.min(3))]
    tokens: u32,
}

#[derive(Clone, Debug, PartialEq, Actions)]
#[actions(game = Pile)]
enum PileAction {
    Take(Take),
}

impl Game for Pile {
    type Config = PileConfig;
    type Move = PileMove;
    type Actions = PileAction;
    const NAME: &'static str = "pile";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;

    fn setup(config: &PileConfig, seats: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Pile {
                seats,
                tokens: config.tokens,
                next: PlayerIndex(0),
                winner: None,
            },
            moves: vec![],
        })
    }

    fn to_act(&self) -> PlayerSet {
        match self.winner {
            Some(_) => PlayerSet::EMPTY,
            None => PlayerSet::one(self.next),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|winner| Outcome::win(winner, self.seats))
    }
}

/// A whole game of a pile of 10, three tokens at a time (the last one forced), sealed.
fn sealed() -> GameLog<Pile> {
    let config = PileConfig {
        tokens: 10,
        label: "standard".to_owned(),
    };
    let mut engine = Engine::<Pile>::new(config, 2, 7).expect("the pile is set up");
    while let Some(player) = engine.position().to_act().first() {
        let tokens = engine.position().state().tokens.min(3);
        engine
            .submit(player, PileAction::Take(Take { tokens }))
            .expect("a legal take");
    }
    assert!(engine.position().outcome().is_some());
    engine.sealed_log()
}

#[test]
fn a_sealed_log_replays_and_says_what_it_comes_to() {
    let log = sealed();
    let seal = log.seal.clone().expect("a sealed log has its seal");
    assert_eq!(seal.records, log.records.len());
    assert_eq!(
        seal.outcome.as_ref().map(Outcome::finish),
        Some(Finish::Win(PlayerIndex(1)))
    );
    assert_eq!(seal.digest.len(), 64);
    let replayed = Engine::replay_sealed(&log).expect("an untouched log replays");
    assert_eq!(replayed.digest(), seal.digest);
    // Through JSON as well, as `meeple replay` reads it.
    let json = serde_json::to_string(&log).expect("the log serializes");
    let read: GameLog<Pile> = serde_json::from_str(&json).expect("the log reads back");
    assert_eq!(read.seal, log.seal);
    assert!(Engine::replay_sealed(&read).is_ok());
}

#[test]
fn a_log_cut_short_at_a_record_boundary_is_refused() {
    let mut log = sealed();
    // The last record was forced (one token left): cut before the take that left four.
    log.records.truncate(log.records.len() - 2);
    let found = log.records.len();
    assert_eq!(
        Engine::replay(&log).map(|_| ()),
        Err(ReplayError::SealRecords {
            sealed: found + 2,
            found
        })
    );
}

#[test]
fn a_changed_seed_or_config_is_refused() {
    let mut reseeded = sealed();
    reseeded.seed = 8;
    assert!(matches!(
        Engine::replay(&reseeded),
        Err(ReplayError::SealDigest { .. })
    ));
    let mut relabelled = sealed();
    relabelled.config.label = "house rules".to_owned();
    assert!(matches!(
        Engine::replay(&relabelled),
        Err(ReplayError::SealDigest { .. })
    ));
}

#[test]
fn a_changed_outcome_is_refused() {
    let mut log = sealed();
    if let Some(seal) = log.seal.as_mut() {
        seal.outcome = None;
    }
    let error = Engine::replay(&log).map(|_| ()).expect_err("refused");
    assert!(matches!(error, ReplayError::SealOutcome { .. }));
    assert_eq!(
        error.to_string(),
        "the replayed game is over with places [2, 1] and scores [], but its seal says not finished"
    );
}

#[test]
fn an_unsealed_log_replays_unless_a_seal_is_required() {
    let mut log = sealed();
    log.seal = None;
    assert!(Engine::replay(&log).is_ok());
    assert_eq!(
        Engine::replay_sealed(&log).map(|_| ()),
        Err(ReplayError::Unsealed)
    );
}
