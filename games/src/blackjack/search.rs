//! What a search agent needs of Blackjack ([`meeple::SearchAgent`]): a full table drawn
//! from a player's view ([`Search::determinize`](meeple::Search::determinize)) and a horizon at
//! the end of the round ([`Search::evaluate`](meeple::Search::evaluate)).

use meeple::{Arrangement, Chance, Piece, Place, PlayerIndex, Slot, Stack};

use super::Blackjack;
use super::hand::HandValue;
use crate::french::Card;

impl Blackjack {
    /// A full table consistent with this view: the hole card and the cards of the shoe
    /// drawn at random from `chance` among the cards the viewer cannot locate (those of
    /// [`Blackjack::deck`] in no hand, not among the dealer's cards and not in the discard
    /// pile).
    ///
    /// While the players play, a dealer who peeked (showing an ace or a ten-valued card,
    /// with [`dealer_peeks`](super::BlackjackConfig::dealer_peeks)) has told everyone that
    /// the hole card makes no blackjack: it is drawn among the unseen cards that make none.
    /// The hole card keeps the token the view shows; the shoe's cards show none. A state
    /// without hidden cards (the admin's) comes back as it is.
    pub(super) fn determinized(&self, chance: &mut Chance) -> Blackjack {
        let Ok(deck) = Blackjack::deck(&self.config) else {
            return self.clone();
        };
        let mut unseen: Vec<Piece<Card>> = deck.unseen((), self);
        chance.shuffle(&mut unseen);
        let mut world = self.clone();
        // Told by the peek: the hole card makes no blackjack.
        let peeked = self.peek == Some(false);
        if world.hole.slots().iter().any(Slot::is_hidden) {
            let up: Vec<Card> = self.dealer.components().copied().collect();
            let makes_blackjack = |piece: &Piece<Card>| {
                HandValue::of(up.iter().copied().chain([*piece.component()])).is_blackjack()
            };
            // Uniform among the cards allowed: the first allowed of a shuffled list. The
            // others are shuffled again, so the shoe's order owes nothing to the choice.
            let allowed = unseen
                .iter()
                .position(|piece| !(peeked && makes_blackjack(piece)))
                .or_else(|| unseen.len().checked_sub(1));
            if let Some(index) = allowed {
                let hole = unseen.remove(index);
                chance.shuffle(&mut unseen);
                unseen.push(hole);
            }
            fill_hidden(&mut world.hole, &mut unseen);
        }
        fill_hidden(&mut world.shoe, &mut unseen);
        world
    }

    /// The search horizon: once the round in progress at `root` is settled, each player's
    /// reward is their payout per round settled since `root` (half-chips, `-2` to `+3`),
    /// mapped onto `0.0..=1.0`. `None` until then.
    pub(super) fn round_reward(&self, root: &Blackjack, player: PlayerIndex) -> Option<f64> {
        let settled = self.rounds_settled.saturating_sub(root.rounds_settled);
        if settled == 0 || root.over {
            return None;
        }
        let gained = self.scores.get(player).copied().unwrap_or(0)
            - root.scores.get(player).copied().unwrap_or(0);
        let per_round = gained as f64 / f64::from(settled);
        Some(((per_round + 2.0) / 5.0).clamp(0.0, 1.0))
    }
}

/// Puts a piece of `unseen` (taken from its end) in each hidden slot of `place`, keeping
/// the tokens the slots show (those with none keep the piece's own). Stops when `unseen`
/// runs out.
fn fill_hidden(place: &mut Stack<Card>, unseen: &mut Vec<Piece<Card>>) {
    let mut tokens = Vec::with_capacity(place.len());
    for index in 0..place.len() {
        let shown = match place.get(index) {
            Some(Slot::Hidden(token)) => *token,
            Some(Slot::Known(piece)) => Some(piece.token()),
            None => None,
        };
        if place.get(index).is_some_and(Slot::is_hidden)
            && let Some(piece) = unseen.pop()
        {
            place.replace_unchecked(index, Slot::Known(piece));
        }
        let token = shown.or_else(|| place.get(index).and_then(Slot::piece).map(Piece::token));
        tokens.push(token.unwrap_or(0));
    }
    // Keeps every piece where it lies (the identity order) with the tokens of the view:
    // `arrange` is the only way to set a piece's token.
    let order = (0..place.len())
        .map(|index| u16::try_from(index).unwrap_or(u16::MAX))
        .collect();
    let _ = place.arrange(&Arrangement { order, tokens });
}
