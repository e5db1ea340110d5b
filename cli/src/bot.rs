//! The bots of the command line: an agent per seat, chosen by name.

use std::fmt;
use std::str::FromStr;

use meeple::{Agent, Budget, PlayerIndex, Position, RandomAgent, SearchAgent};

use crate::CliError;
use crate::TerminalGame;

/// An agent as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AgentKind {
    /// Uniform random play over completions.
    Random,
    /// Monte Carlo tree search on the state (perfect information).
    Uct,
    /// Information-set Monte Carlo tree search over determinizations.
    Ismcts,
}

impl FromStr for AgentKind {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        match name {
            "random" => Ok(AgentKind::Random),
            "uct" | "mcts" => Ok(AgentKind::Uct),
            "ismcts" => Ok(AgentKind::Ismcts),
            other => Err(format!(
                "unknown agent `{other}`; expected `random`, `uct` or `ismcts`"
            )),
        }
    }
}

impl fmt::Display for AgentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AgentKind::Random => "random",
            AgentKind::Uct => "uct",
            AgentKind::Ismcts => "ismcts",
        })
    }
}

/// The agents of a table: one per seat, from `--agents` (one name for every seat, or one
/// per seat, comma-separated) and the search budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lineup {
    kinds: Vec<AgentKind>,
    budget: Budget,
}

impl Lineup {
    /// Reads `--agents` for a table of `players` seats; random everywhere when not given.
    ///
    /// # Errors
    /// [`CliError::Agents`] for an unknown name or a count that is neither 1 nor `players`.
    pub(crate) fn parse(
        agents: Option<&str>,
        players: usize,
        budget: Budget,
    ) -> Result<Self, CliError> {
        let kinds: Vec<AgentKind> = match agents {
            None => vec![AgentKind::Random; players],
            Some(list) => list
                .split(',')
                .map(|name| name.trim().parse())
                .collect::<Result<_, String>>()
                .map_err(CliError::Agents)?,
        };
        let kinds = match kinds.as_slice() {
            [one] => vec![*one; players],
            _ if kinds.len() == players => kinds,
            _ => {
                return Err(CliError::Agents(format!(
                    "{} agents for {players} seats: give one name for every seat, or one per seat",
                    kinds.len()
                )));
            }
        };
        Ok(Lineup { kinds, budget })
    }

    /// The agent of each seat.
    pub(crate) fn kinds(&self) -> &[AgentKind] {
        &self.kinds
    }

    /// The agents of a game, each seeded from `seed` and its seat.
    pub(crate) fn agents<G: TerminalGame>(&self, seed: u64) -> Vec<Box<dyn Agent<G>>> {
        self.kinds
            .iter()
            .enumerate()
            .map(|(seat, kind)| {
                let seed = bot_seed(seed).wrapping_add(seat as u64);
                let agent: Box<dyn Agent<G>> = match kind {
                    AgentKind::Random => Box::new(RandomAgent::new(seed)),
                    AgentKind::Uct => Box::new(SearchAgent::uct(seed, self.budget)),
                    AgentKind::Ismcts => Box::new(SearchAgent::ismcts(seed, self.budget)),
                };
                agent
            })
            .collect()
    }
}

/// What an agent decided for a player: a completion by its index, or an action.
pub(crate) enum Decision<A> {
    /// The completion at this index ([`Agent::choose_index`]), for `submit_nth`.
    Index(u64),
    /// An action ([`Agent::choose`]), for `submit`.
    Action(A),
}

/// The decision of `agent` for `player`, from the player's own copy of the game
/// ([`Position::for_agent`]: their view and a chance of its own, seeded from the game's
/// number of records), built once; from the game's own `position` for an agent that reads
/// only the player's completions ([`Agent::needs_own_copy`]), which are the same in both.
/// The index of a completion when the agent chooses by index
/// ([`Agent::choose_index`]), else its action ([`Agent::choose`]); `None` when it has
/// neither.
pub(crate) fn decide<G: TerminalGame>(
    agent: &mut dyn Agent<G>,
    position: &Position<G>,
    player: PlayerIndex,
) -> Option<Decision<G::Actions>> {
    let own;
    let seat = if agent.needs_own_copy() {
        own = position.for_agent(player, bot_seed(position.played().records));
        &own
    } else {
        position
    };
    match agent.choose_index(seat, player) {
        Some(index) => Some(Decision::Index(index)),
        None => agent.choose(seat, player).map(Decision::Action),
    }
}

/// The seed of a game's bots, derived from the game's seed so the two differ.
pub(crate) fn bot_seed(game_seed: u64) -> u64 {
    game_seed ^ 0x9E37_79B9_7F4A_7C15
}
