//! Agents: bots that choose a player's next action from what that player may know.
//!
//! An agent is handed the player's own copy of the game ([`Engine::for_agent`](crate::Engine::for_agent)): a
//! [`Position`] of their view of the state, with a chance of its own and no log. It never sees the full state, so it
//! cannot cheat in games of hidden information. Agents are seeded and deterministic: the
//! same seed and the same game give the same choices.

mod environment;

use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use environment::{Environment, EnvironmentError, StepError};

use crate::pieces::player::PlayerIndex;
use crate::position::Position;
use crate::rules::game::Game;
use crate::rules::search::Search;

/// A bot that plays a seat.
pub trait Agent<G: Game> {
    /// The agent's name, as on the command line (`random`, `ismcts`).
    fn name(&self) -> &'static str;

    /// The action `player` takes now, chosen from `seat`, the player's own copy of the game
    /// ([`Engine::for_agent`](crate::Engine::for_agent)); `None` when the player has no completion it can enumerate
    /// (only free text left).
    fn choose(&mut self, seat: &Position<G>, player: PlayerIndex) -> Option<G::Actions>;

    /// The completion `player` takes now, by its index in
    /// [`Position::nth_completion`]'s order, for an agent that chooses among the
    /// completions by index (the random agent): whoever runs the table may then play it
    /// with `submit_nth`, which builds the action once and does not check it again as a
    /// submission. `None` by default, and for an agent that chooses otherwise: the table
    /// then asks [`choose`](Self::choose). An agent that gives an index draws it as
    /// `choose` would, so that a game plays the same either way.
    fn choose_index(&mut self, seat: &Position<G>, player: PlayerIndex) -> Option<u64> {
        let _ = (seat, player);
        None
    }

    /// Whether [`choose`](Self::choose) needs the player's own copy of the game. `false`
    /// for an agent that reads nothing but the completions of the player's prompt
    /// ([`Position::count_completions`], [`Position::nth_completion`]): those are the same
    /// in the game's own position ([`Engine::position`](crate::Engine::position)) as in the player's copy (the view
    /// harness, [`check_views`](crate::testing::check_views), asserts that the prompts agree), so
    /// whoever runs the table may hand it the game's own position and spare building a
    /// copy per decision. `true` by default.
    fn needs_own_copy(&self) -> bool {
        true
    }
}

/// Plays uniformly at random among all the completions of the player's prompt (not among
/// first selections: an action with many completions is chosen more often).
#[derive(Clone, Debug)]
pub struct RandomAgent {
    rng: ChaCha8Rng,
}

impl RandomAgent {
    /// A random agent seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, seat: &Position<G>, player: PlayerIndex) -> Option<G::Actions> {
        random_completion(seat, player, &mut self.rng)
    }

    /// The index [`choose`](Agent::choose) would take the completion at.
    fn choose_index(&mut self, seat: &Position<G>, player: PlayerIndex) -> Option<u64> {
        random_index(seat, player, &mut self.rng)
    }

    /// A uniform completion reads only the player's completions.
    fn needs_own_copy(&self) -> bool {
        false
    }
}

/// How much a search agent may think per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// This many playouts (deterministic: the choice depends only on the seeds).
    Iterations(u32),
    /// As many playouts as fit in this time (the choice then depends on the machine).
    Time(Duration),
}

/// Monte Carlo tree search with UCB1 selection (UCT, after Kocsis and Szepesvári), over the
/// player's information set when the game hides information: each playout first draws a
/// full state consistent with the player's view ([`Search::determinize`]), and the tree
/// counts how often each action was available, as in single-observer information-set
/// MCTS (Cowling, Powley and Whitehouse, 2012). For games of perfect information the view
/// is the state, and this is plain UCT.
///
/// Every seat in the tree chooses for its own reward; playouts are random and stop where
/// [`Search::evaluate`] scores the state (the end of the game by default).
#[derive(Clone, Debug)]
pub struct SearchAgent {
    rng: ChaCha8Rng,
    budget: Budget,
    exploration: f64,
    name: &'static str,
}

impl SearchAgent {
    /// Information-set MCTS, seeded with `seed`, thinking `budget` per decision, with the
    /// exploration constant `sqrt(2)`: for games of hidden information.
    #[must_use]
    pub fn ismcts(seed: u64, budget: Budget) -> Self {
        SearchAgent {
            rng: ChaCha8Rng::seed_from_u64(seed),
            budget,
            exploration: std::f64::consts::SQRT_2,
            name: "ismcts",
        }
    }

    /// UCT for games of perfect information: the same search, whose determinization is
    /// the view itself.
    #[must_use]
    pub fn uct(seed: u64, budget: Budget) -> Self {
        SearchAgent {
            name: "uct",
            ..SearchAgent::ismcts(seed, budget)
        }
    }

    /// This agent with another exploration constant (larger explores more).
    #[must_use]
    pub fn with_exploration(mut self, exploration: f64) -> Self {
        self.exploration = exploration;
        self
    }
}

/// A node of the search tree: the action that led to it, who took it, and its statistics.
struct Node<A> {
    action: Option<A>,
    /// The seat that took `action`, credited with the rewards backed up through here.
    actor: PlayerIndex,
    children: Vec<usize>,
    visits: u32,
    /// How many playouts reached the parent with this action legal.
    available: u32,
    reward: f64,
}

impl<G: Search> Agent<G> for SearchAgent
where
    G::Actions: PartialEq,
{
    fn name(&self) -> &'static str {
        self.name
    }

    fn choose(&mut self, seat: &Position<G>, player: PlayerIndex) -> Option<G::Actions> {
        let legal = seat.completions(player);
        if legal.len() <= 1 {
            return legal.into_iter().next();
        }
        let mut tree: Vec<Node<G::Actions>> = vec![Node {
            action: None,
            actor: player,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
        }];
        let started = Instant::now();
        let mut iterations = 0_u32;
        while match self.budget {
            Budget::Iterations(limit) => iterations < limit,
            Budget::Time(limit) => iterations == 0 || started.elapsed() < limit,
        } {
            iterations += 1;
            self.iterate(seat, player, &mut tree);
        }
        let root = &tree[0];
        root.children
            .iter()
            .max_by(|&&a, &&b| {
                (tree[a].visits, tree[a].reward)
                    .partial_cmp(&(tree[b].visits, tree[b].reward))
                    .unwrap_or(std::cmp::Ordering::Equal)
            })
            .and_then(|&best| tree[best].action.clone())
    }
}

impl SearchAgent {
    /// One playout: determinize, select down the tree, expand one node, play out at random,
    /// back the rewards up.
    fn iterate<G: Search>(
        &mut self,
        seat: &Position<G>,
        player: PlayerIndex,
        tree: &mut Vec<Node<G::Actions>>,
    ) where
        G::Actions: PartialEq,
    {
        let mut world = seat.for_agent(player, self.rng.random());
        world.determinize(player);
        let root_state = world.state().clone();
        let mut path = vec![0_usize];
        let mut node = 0;
        // Selection down the tree, then expansion of one untried action. The root's
        // children are `player`'s own actions, whoever else may act at once (Hearts'
        // simultaneous pass): the choice is taken among them.
        let mut at_root = true;
        loop {
            let to_act = world.to_act();
            let actor = if at_root && to_act.contains(player) {
                player
            } else if let Some(first) = to_act.first() {
                first
            } else {
                break;
            };
            at_root = false;
            let legal = world.completions(actor);
            if legal.is_empty() {
                break;
            }
            let mut untried = Vec::new();
            for action in &legal {
                let known = tree[node]
                    .children
                    .iter()
                    .copied()
                    .find(|&child| tree[child].action.as_ref() == Some(action));
                match known {
                    Some(child) => tree[child].available += 1,
                    None => untried.push(action),
                }
            }
            let expanding = !untried.is_empty();
            let (next, action) = if let Some(&action) = untried.choose(&mut self.rng) {
                let child = tree.len();
                tree.push(Node {
                    action: Some(action.clone()),
                    actor,
                    children: Vec::new(),
                    visits: 0,
                    available: 1,
                    reward: 0.0,
                });
                tree[node].children.push(child);
                (child, action.clone())
            } else {
                let exploration = self.exploration;
                let best = tree[node]
                    .children
                    .iter()
                    .copied()
                    .filter(|&child| {
                        tree[child]
                            .action
                            .as_ref()
                            .is_some_and(|action| legal.contains(action))
                    })
                    .max_by(|&a, &b| {
                        ucb(&tree[a], exploration)
                            .partial_cmp(&ucb(&tree[b], exploration))
                            .unwrap_or(std::cmp::Ordering::Equal)
                    });
                let Some((best, Some(action))) = best.map(|best| (best, tree[best].action.clone()))
                else {
                    break;
                };
                (best, action)
            };
            path.push(next);
            node = next;
            if world.submit(actor, action).is_err() || expanding {
                break;
            }
        }
        // Playout.
        let players = seat.players();
        let rewards: Vec<f64> = loop {
            let scored: Option<Vec<f64>> = (0..players)
                .map(|seat| world.state().evaluate(&root_state, PlayerIndex(seat)))
                .collect();
            if let Some(scored) = scored {
                break scored;
            }
            let Some(actor) = world.to_act().first() else {
                break vec![0.0; players];
            };
            let Some(index) = random_index(&world, actor, &mut self.rng) else {
                break vec![0.0; players];
            };
            if world.submit_nth(actor, index).is_err() {
                break vec![0.0; players];
            }
        };
        // Backpropagation: each node is credited with the reward of the seat that acted
        // into it.
        for &step in &path {
            let node = &mut tree[step];
            node.visits += 1;
            node.reward += rewards.get(node.actor.0).copied().unwrap_or(0.0);
        }
    }
}

/// A uniform completion of `player`'s prompt, drawn as `completions().choose(rng)` would
/// draw it, without building the list ([`random_index`], then
/// [`Position::nth_completion`]).
fn random_completion<G: Game>(
    engine: &Position<G>,
    player: PlayerIndex,
    rng: &mut ChaCha8Rng,
) -> Option<G::Actions> {
    let index = random_index(engine, player, rng)?;
    engine.nth_completion(player, index)
}

/// The position of a uniform completion of `player`'s prompt, for
/// [`Position::nth_completion`] or [`Position::submit_nth`]; `None` when they have none.
/// The completions are counted ([`Position::count_completions`]), not listed.
fn random_index<G: Game>(
    engine: &Position<G>,
    player: PlayerIndex,
    rng: &mut ChaCha8Rng,
) -> Option<u64> {
    // Drawn as a `usize`, as `choose` on a list draws, so the draws do not depend on how
    // the completions are found.
    let count = usize::try_from(engine.count_completions(player)).unwrap_or(usize::MAX);
    if count == 0 {
        return None;
    }
    Some(rng.random_range(..count) as u64)
}

/// UCB1 over availability counts: mean reward plus the exploration bonus.
fn ucb<A>(node: &Node<A>, exploration: f64) -> f64 {
    if node.visits == 0 {
        return f64::INFINITY;
    }
    let visits = f64::from(node.visits);
    node.reward / visits + exploration * (f64::from(node.available.max(1)).ln() / visits).sqrt()
}
