//! blackjack (being written).
