//! The [`Search`] trait: what search agents need of a game beyond its rules.

use crate::pieces::chance::Chance;
use crate::pieces::player::PlayerIndex;
use crate::rules::game::Game;

/// How a game is looked ahead in by search agents ([`SearchAgent`](crate::SearchAgent)):
/// drawing a full state a player cannot tell from their view (determinization), and
/// scoring a state where a lookahead may stop. Every method has a default, for a game of
/// perfect information scored at its end, so `impl Search for MyGame {}` is enough for
/// such a game; the rules themselves live in [`Game`] and read alone.
///
/// Determinization after Cowling, Powley and Whitehouse's information-set Monte Carlo tree
/// search (2012).
pub trait Search: Game {
    /// A full state consistent with `self`, the view of `player`, drawn from `chance`: what
    /// an information-set search agent plays out (determinization). Games with hidden
    /// information deal the cards `player` cannot see among the places they may lie in;
    /// the default, for games of perfect information, is the view itself.
    #[must_use]
    fn determinize(&self, player: PlayerIndex, chance: &mut Chance) -> Self {
        let _ = (player, chance);
        self.clone()
    }

    /// As [`determinize`](Self::determinize), for a game that [`RECALLS`](Game::RECALLS):
    /// `seen` holds every move `player` has seen so far, in order, as they saw it, so a
    /// card shown and hidden again can be put back where it was seen. Only consistent
    /// states may be drawn: what `seen` showed, and the view. The default forgets `seen`.
    #[must_use]
    fn determinize_recalled(
        &self,
        player: PlayerIndex,
        seen: &[Self::Move],
        chance: &mut Chance,
    ) -> Self {
        let _ = seen;
        self.determinize(player, chance)
    }

    /// How good this state is for `player`, in `0.0..=1.0`, when a search agent that
    /// started looking ahead from `root` may stop here; `None` to play on. The default
    /// scores a finished game by [`Outcome::share`](crate::Outcome::share): the share of the
    /// other seats `player` placed ahead of, a tie counting half. Games give
    /// an evaluation at a nearer horizon (Hearts: the end of the hand) without changing
    /// the agents.
    fn evaluate(&self, root: &Self, player: PlayerIndex) -> Option<f64> {
        let _ = root;
        Some(self.outcome()?.share(player))
    }
}
