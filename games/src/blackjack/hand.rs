//! The value of a hand, the dealer's drawing rule and the settlement of a hand against the
//! dealer's.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::french::{Card, Rank};

/// The points `rank` counts in Blackjack: 2 to 9 at face value, the ten and the court cards
/// (jack, queen, king) 10, the ace 1. An ace counts 11 instead when that does not take the
/// hand over 21 ([`HandValue::of`]).
#[must_use]
pub const fn card_points(rank: Rank) -> u8 {
    match rank {
        Rank::Two => 2,
        Rank::Three => 3,
        Rank::Four => 4,
        Rank::Five => 5,
        Rank::Six => 6,
        Rank::Seven => 7,
        Rank::Eight => 8,
        Rank::Nine => 9,
        Rank::Ten | Rank::Jack | Rank::Queen | Rank::King => 10,
        Rank::Ace => 1,
    }
}

/// What a hand is worth: its best total, whether an ace counts 11 in it ("soft") and how
/// many cards it holds (a blackjack is 21 in two cards).
///
/// Serialized as `{"total":17,"soft":true,"cards":2}`; shown as `17`, `soft 17`,
/// `blackjack` or `bust (24)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandValue {
    /// The best total: every ace counts 1, and one of them 11 when the total stays at 21 or
    /// below. Above 21 the hand is bust.
    pub total: u8,
    /// Whether an ace counts 11 in [`total`](Self::total): one more card cannot bust the
    /// hand (a "soft" hand).
    pub soft: bool,
    /// How many cards the hand holds.
    pub cards: u8,
}

impl HandValue {
    /// The value of a hand of these cards (after the common rules: aces count 1 or 11,
    /// whichever is better without going over 21; court cards count 10).
    #[must_use]
    pub fn of(cards: impl IntoIterator<Item = Card>) -> HandValue {
        let mut hard: u8 = 0;
        let mut count: u8 = 0;
        let mut aces = false;
        for card in cards {
            hard = hard.saturating_add(card_points(card.rank));
            count = count.saturating_add(1);
            aces |= card.rank == Rank::Ace;
        }
        let soft = aces && hard <= 11;
        HandValue {
            total: if soft { hard + 10 } else { hard },
            soft,
            cards: count,
        }
    }

    /// Whether the hand is over 21: it has lost, whatever the dealer holds.
    #[must_use]
    pub const fn is_bust(self) -> bool {
        self.total > 21
    }

    /// Whether the hand is a blackjack (a "natural"): 21 in its first two cards, an ace and
    /// a ten-valued card. It beats any other 21.
    #[must_use]
    pub const fn is_blackjack(self) -> bool {
        self.cards == 2 && self.total == 21
    }
}

impl fmt::Display for HandValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_blackjack() {
            f.write_str("blackjack")
        } else if self.is_bust() {
            write!(f, "bust ({})", self.total)
        } else if self.soft {
            write!(f, "soft {}", self.total)
        } else {
            write!(f, "{}", self.total)
        }
    }
}

/// Whether the dealer, holding `value`, must draw another card: below 17 always; on a soft
/// 17 only when `hits_soft_17` (the "H17" rule); never on a hard 17 or more.
#[must_use]
pub const fn dealer_draws(value: HandValue, hits_soft_17: bool) -> bool {
    value.total < 17 || (hits_soft_17 && value.total == 17 && value.soft)
}

/// How a player's hand ends against the dealer's, and what it pays.
///
/// Serialized in snake case: `"blackjack"`, `"win"`, `"push"`, `"lose"`, `"bust"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandResult {
    /// A blackjack against a dealer without one: pays 3 to 2 (+3 half-chips).
    Blackjack,
    /// A better total than the dealer's, or the dealer bust: pays 1 to 1 (+2 half-chips).
    Win,
    /// The same total as the dealer, or blackjack against blackjack: the bet is returned (0).
    Push,
    /// A lower total than the dealer's, or any hand but a blackjack against the dealer's
    /// blackjack: the bet is lost (-2 half-chips).
    Lose,
    /// Over 21: the bet is lost (-2 half-chips), even if the dealer busts too.
    Bust,
}

impl HandResult {
    /// What the hand pays for a bet of one chip, in half-chips (so that the 3:2 of a
    /// blackjack stays an integer): +3, +2, 0, -2 or -2.
    #[must_use]
    pub const fn payout(self) -> i64 {
        match self {
            HandResult::Blackjack => 3,
            HandResult::Win => 2,
            HandResult::Push => 0,
            HandResult::Lose | HandResult::Bust => -2,
        }
    }

    /// The result in words, as shown in the terminal: `"blackjack"`, `"wins"`, `"push"`,
    /// `"loses"`, `"bust"`.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            HandResult::Blackjack => "blackjack",
            HandResult::Win => "wins",
            HandResult::Push => "push",
            HandResult::Lose => "loses",
            HandResult::Bust => "bust",
        }
    }
}

/// Settles a player's hand against the dealer's, after the common casino rules: a bust hand
/// loses; blackjack against blackjack pushes; a blackjack wins 3:2; the dealer's blackjack
/// beats every other hand (a 21 in three cards included); a bust dealer loses to every
/// standing hand; otherwise the higher total wins and equal totals push.
#[must_use]
pub const fn settle(player: HandValue, dealer: HandValue) -> HandResult {
    if player.is_bust() {
        HandResult::Bust
    } else if player.is_blackjack() {
        if dealer.is_blackjack() {
            HandResult::Push
        } else {
            HandResult::Blackjack
        }
    } else if dealer.is_blackjack() {
        HandResult::Lose
    } else if dealer.is_bust() || player.total > dealer.total {
        HandResult::Win
    } else if player.total == dealer.total {
        HandResult::Push
    } else {
        HandResult::Lose
    }
}

/// An amount in half-chips shown in chips with its sign: `+1.5`, `-1`, `0`.
#[must_use]
pub fn chips(half_chips: i64) -> String {
    let sign = match half_chips.signum() {
        1 => "+",
        -1 => "-",
        _ => "",
    };
    let abs = half_chips.unsigned_abs();
    if abs.is_multiple_of(2) {
        format!("{sign}{}", abs / 2)
    } else {
        format!("{sign}{}.5", abs / 2)
    }
}
