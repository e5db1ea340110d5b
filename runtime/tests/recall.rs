//! Recall (`Game::RECALLS`): the engine keeps the moves each player saw, as they saw them,
//! and a player's copy of the game carries theirs alone into determinization.

use meeple::{
    Action, Actions, Chance, Engine, Game, Move, MoveContext, Outcome, PerPlayer, PlayerIndex,
    PlayerSet, Position, PositionSettings, Search, Seats, Setup, SetupError, View, Viewer,
};
use serde::{Deserialize, Serialize};

const P0: PlayerIndex = PlayerIndex(0);
const P1: PlayerIndex = PlayerIndex(1);

/// Secrets: each player is dealt a secret number only they see, then both shout in turn.
/// Determinizing records the history it was given, for the test to read.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Secrets {
    secrets: PerPlayer<Option<u8>>,
    shouts: usize,
    /// The `seen` of the last `determinize_recalled` that made this state.
    recalled: Option<Vec<SecretMove>>,
}

impl View for Secrets {
    fn view(&self, viewer: Viewer) -> Self {
        Secrets {
            secrets: self.secrets.seen_by(viewer, |_| None),
            ..self.clone()
        }
    }

    fn serialize_state<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Serialize::serialize(self, serializer)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum SecretMove {
    /// `player` is dealt `secret`, which only they see.
    Deal {
        player: PlayerIndex,
        secret: Option<u8>,
    },
    Shout {
        player: PlayerIndex,
    },
}

impl Move<Secrets> for SecretMove {
    fn apply(&self, game: &mut Secrets, _next: &mut MoveContext<'_, Self>) {
        match self {
            SecretMove::Deal { player, secret } => game.secrets[*player] = *secret,
            SecretMove::Shout { .. } => game.shouts += 1,
        }
    }

    fn view(&self, _after: &Secrets, viewer: Viewer) -> Option<Self> {
        Some(match self {
            SecretMove::Deal { player, .. } if viewer != Viewer::Player(*player) => {
                SecretMove::Deal {
                    player: *player,
                    secret: None,
                }
            }
            other => other.clone(),
        })
    }
}

#[derive(Clone, Debug, Action)]
#[action(behaviour = [SecretMove::Shout { player }])]
struct Shout {}

#[derive(Clone, Debug, Actions)]
#[actions(game = Secrets)]
enum SecretAction {
    Shout(Shout),
}

impl Game for Secrets {
    type Config = ();
    type Move = SecretMove;
    type Actions = SecretAction;
    const NAME: &'static str = "secrets";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
    const RECALLS: bool = true;

    fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Secrets {
                secrets: PerPlayer::filled(seats, None),
                shouts: 0,
                recalled: None,
            },
            moves: seats
                .iter()
                .map(|player| SecretMove::Deal {
                    player,
                    secret: Some(10 + u8::try_from(player.0).expect("few seats")),
                })
                .collect(),
        })
    }

    fn to_act(&self) -> PlayerSet {
        if self.shouts < 2 {
            PlayerSet::one(PlayerIndex(self.shouts))
        } else {
            PlayerSet::EMPTY
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.shouts >= 2).then(|| Outcome::draw(self.secrets.seats()))
    }
}

impl Search for Secrets {
    fn determinize_recalled(
        &self,
        _player: PlayerIndex,
        seen: &[SecretMove],
        _chance: &mut Chance,
    ) -> Self {
        Secrets {
            recalled: Some(seen.to_vec()),
            ..self.clone()
        }
    }
}

/// What `player`'s copy of `engine` hands to determinization.
fn recalled(engine: &Position<Secrets>, player: PlayerIndex) -> Option<Vec<SecretMove>> {
    let mut seat = engine.for_agent(player, 1);
    seat.determinize(player);
    seat.state().recalled.clone()
}

/// A game of Secrets whose shouts, each the only completion, wait to be submitted.
fn secrets() -> Engine<Secrets> {
    let settings = PositionSettings {
        autoplay_forced: false,
        ..PositionSettings::default()
    };
    Engine::with_settings((), 2, 0, settings).expect("setup")
}

fn deal(player: PlayerIndex, secret: Option<u8>) -> SecretMove {
    SecretMove::Deal { player, secret }
}

#[test]
fn each_player_recalls_what_they_saw_and_nothing_else() {
    let mut engine = secrets();
    assert_eq!(
        recalled(engine.position(), P0),
        Some(vec![deal(P0, Some(10)), deal(P1, None)])
    );
    assert_eq!(
        recalled(engine.position(), P1),
        Some(vec![deal(P0, None), deal(P1, Some(11))])
    );
    engine
        .submit(P0, SecretAction::Shout(Shout {}))
        .expect("P0 shouts");
    assert_eq!(
        recalled(engine.position(), P1),
        Some(vec![
            deal(P0, None),
            deal(P1, Some(11)),
            SecretMove::Shout { player: P0 }
        ])
    );
}

/// An agent's search makes copies of its copy: they carry the same history, and moves
/// played in them add nothing to it.
#[test]
fn a_copy_of_a_copy_recalls_the_same() {
    let engine = secrets();
    let mut seat = engine.for_agent(P0, 3);
    seat.submit(P0, SecretAction::Shout(Shout {}))
        .expect("a lookahead move");
    assert_eq!(
        recalled(&seat, P0),
        Some(vec![deal(P0, Some(10)), deal(P1, None)])
    );
    // P0's copy holds nothing of what P1 saw.
    assert_eq!(recalled(&seat, P1), Some(Vec::new()));
}

/// A game played without its log (a simulation's position) still recalls: what each
/// player saw is kept as moves apply, and their copies carry it.
#[test]
fn a_game_without_its_log_recalls() {
    let settings = PositionSettings {
        autoplay_forced: false,
        ..PositionSettings::default()
    };
    let mut position = Position::<Secrets>::with_settings(&(), 2, 0, settings).expect("setup");
    position
        .submit(P0, SecretAction::Shout(Shout {}))
        .expect("P0 shouts");
    assert_eq!(
        recalled(&position, P0),
        Some(vec![
            deal(P0, Some(10)),
            deal(P1, None),
            SecretMove::Shout { player: P0 }
        ])
    );
}
