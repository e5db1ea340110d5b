//! A whole game with its command line: players take 1 to 3 tokens from a pile in turn; who
//! takes the last one wins.
//!
//! ```sh
//! cargo run -p meeple-cli --example pile -- play              # against a bot
//! cargo run -p meeple-cli --example pile -- simulate --games 1000 --log pile.jsonl
//! cargo run -p meeple-cli --example pile -- replay pile.jsonl
//! ```

use std::ops::RangeInclusive;
use std::process::ExitCode;

use meeple::flow::Step;
use meeple::{
    Action, Actions, Flow, Game, Move, MoveContext, Outcome, PlayerIndex, Search, Seats, Setup,
    SetupError, Viewer,
};
use meeple_cli::TerminalGame;
use serde::{Deserialize, Serialize};

/// The pile and who won; whose turn it is, the flow says.
#[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
struct Pile {
    seats: Seats,
    tokens: u32,
    winner: Option<PlayerIndex>,
}

/// The variants: how many tokens the pile starts with (`--config '{"tokens":21}'`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct PileConfig {
    tokens: u32,
}

impl Default for PileConfig {
    fn default() -> Self {
        PileConfig { tokens: 10 }
    }
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
    const PLAYERS: RangeInclusive<usize> = 2..=2;

    fn validate_config(config: &PileConfig, _: Seats) -> Result<(), SetupError> {
        if config.tokens == 0 {
            return Err(SetupError::Config {
                field: "tokens",
                reason: "the pile needs at least one token".to_owned(),
            });
        }
        Ok(())
    }

    fn setup(config: &PileConfig, seats: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Pile {
                seats,
                tokens: config.tokens,
                winner: None,
            },
            moves: vec![],
        })
    }

    /// Round after round, each player in turn from the first: a turn is one take.
    fn flow() -> Flow<Self> {
        Flow::new(Step::forever(
            "rounds",
            [Step::each_player(
                "turns",
                |_, _| PlayerIndex(0),
                [Step::turn("take").offering::<Take>()],
            )],
        ))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|winner| Outcome::win(winner, self.seats))
    }

    fn player_name(&self, player: PlayerIndex) -> String {
        ["Ann", "Bob"]
            .get(player.0)
            .map_or("?", |name| name)
            .to_owned()
    }

    /// Each take in words, for the terminal and a server's clients.
    fn describe_move(&self, applied: &PileMove, viewer: Viewer) -> Option<String> {
        let PileMove::Take { player, tokens } = *applied;
        let who = if viewer.player() == Some(player) {
            "You take".to_owned()
        } else {
            format!("{} takes", self.player_name(player))
        };
        Some(format!("{who} {tokens}"))
    }
}

/// The pile hides nothing and is scored at its end: the bots search it with the defaults.
impl Search for Pile {}

/// What the terminal shows of the state: the pile.
impl TerminalGame for Pile {
    const ABOUT: &'static str = "Pile, 2 players ({\"tokens\":21} for a larger pile)";

    fn summary(&self, viewer: Viewer) -> String {
        let _ = viewer;
        match self.winner {
            Some(winner) => format!(
                "{} tokens left; {} took the last one",
                self.tokens,
                self.player_name(winner)
            ),
            None => format!("{} tokens left", self.tokens),
        }
    }
}

fn main() -> ExitCode {
    meeple_cli::run::<Pile>()
}
