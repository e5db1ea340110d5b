//! The French-suited 52-card deck that Hearts and Blackjack are played with: [`Suit`],
//! [`Rank`], [`Card`] (written `QS`, `TH`, `2C`), and sets of cards as a bitmask
//! ([`CardSet`]) for games whose rules are about which cards a hand holds.

use std::fmt;
use std::str::FromStr;

use meeple::scene::{Ink, Piece};

use serde::de::{self, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A suit. Suits are ordered clubs, diamonds, spades, hearts: the order in which a
/// [`CardSet`] lists its cards and a hand is shown (the colours alternate).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Suit {
    /// Clubs, `C`.
    Clubs,
    /// Diamonds, `D`.
    Diamonds,
    /// Spades, `S`.
    Spades,
    /// Hearts, `H`.
    Hearts,
}

impl Suit {
    /// The four suits, in [`CardSet`] order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Spades, Suit::Hearts];

    /// The suit's letter in the two-character card form: `C`, `D`, `S` or `H`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
        }
    }

    /// The suit's name in lower case, plural (`"clubs"`), as used in player-facing text.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
        }
    }

    /// The suit of a letter (`C`, `D`, `S`, `H`, either case), if it is one.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Suit> {
        match letter.to_ascii_uppercase() {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'S' => Some(Suit::Spades),
            'H' => Some(Suit::Hearts),
            _ => None,
        }
    }

    const fn index(self) -> u32 {
        self as u32
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rank, from two (lowest) to ace (highest): aces high, as in Hearts (Blackjack counts
/// an ace 1 or 11 by its own rules, [`crate::blackjack::card_points`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[expect(missing_docs, reason = "the variants are the ranks' own names")]
pub enum Rank {
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// The thirteen ranks, lowest first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank's character in the two-character card form: `2`..`9`, `T`, `J`, `Q`, `K`, `A`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Rank::Two => '2',
            Rank::Three => '3',
            Rank::Four => '4',
            Rank::Five => '5',
            Rank::Six => '6',
            Rank::Seven => '7',
            Rank::Eight => '8',
            Rank::Nine => '9',
            Rank::Ten => 'T',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            Rank::Ace => 'A',
        }
    }

    /// The rank of a character (`2`..`9`, `T`, `J`, `Q`, `K`, `A`, either case), if it is one.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Rank> {
        let rank = match letter.to_ascii_uppercase() {
            '2' => Rank::Two,
            '3' => Rank::Three,
            '4' => Rank::Four,
            '5' => Rank::Five,
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'T' => Rank::Ten,
            'J' => Rank::Jack,
            'Q' => Rank::Queen,
            'K' => Rank::King,
            'A' => Rank::Ace,
            _ => return None,
        };
        Some(rank)
    }
}

/// A playing card, written in the standard two-character form: rank then suit, `2C`, `TH`,
/// `QS`, `AS` (`T` is the ten).
///
/// [`Display`](fmt::Display) and serde write that form; [`FromStr`] and serde read it (either
/// case), failing with a [`CardParseError`]. Cards order by suit (in [`Suit`] order), then
/// rank, like a [`CardSet`] lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    /// The suit (compared first).
    pub suit: Suit,
    /// The rank.
    pub rank: Rank,
}

impl Card {
    /// The 2 of clubs (in Hearts, it leads the first trick of every hand).
    pub const TWO_OF_CLUBS: Card = Card::new(Rank::Two, Suit::Clubs);
    /// The queen of spades (in Hearts, worth 13 points).
    pub const QUEEN_OF_SPADES: Card = Card::new(Rank::Queen, Suit::Spades);
    /// The jack of diamonds (worth -10 points in the Hearts variant that counts it,
    /// [`HeartsConfig::jack_of_diamonds`](crate::hearts::HeartsConfig::jack_of_diamonds)).
    pub const JACK_OF_DIAMONDS: Card = Card::new(Rank::Jack, Suit::Diamonds);

    /// The card of this rank and suit.
    #[must_use]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { suit, rank }
    }

    /// The card's position in a [`CardSet`]'s bitmask: `suit * 13 + rank`, in `0..52`.
    #[must_use]
    pub const fn index(self) -> u32 {
        self.suit.index() * 13 + self.rank as u32
    }

    /// The card at a bitmask position, if it is in `0..52`.
    #[must_use]
    pub const fn from_index(index: u32) -> Option<Card> {
        if index >= 52 {
            return None;
        }
        Some(Card::ALL[index as usize])
    }

    /// The 52 cards in [`CardSet`] order, card `i` being the one of index `i`: reading a
    /// set's card is one lookup, where working the suit and rank out of the index takes a
    /// division (every card of every set a rule walks is read this way).
    pub const ALL: [Card; 52] = {
        let mut deck = [Card::TWO_OF_CLUBS; 52];
        let mut index = 0;
        while index < 52 {
            deck[index] = Card::new(Rank::ALL[index % 13], Suit::ALL[index / 13]);
            index += 1;
        }
        deck
    };

    /// Whether the card is a heart.
    #[must_use]
    pub const fn is_heart(self) -> bool {
        matches!(self.suit, Suit::Hearts)
    }

    /// The card as its face reads, rank then suit symbol: `J♣`, `10♥`.
    #[must_use]
    pub fn face(self) -> String {
        let rank = match self.rank {
            Rank::Ten => "10".to_owned(),
            rank => rank.letter().to_string(),
        };
        let suit = match self.suit {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
        };
        format!("{rank}{suit}")
    }

    /// The card in words: `jack of clubs`, `10 of hearts`.
    #[must_use]
    pub fn title(self) -> String {
        let rank = match self.rank {
            Rank::Jack => "jack".to_owned(),
            Rank::Queen => "queen".to_owned(),
            Rank::King => "king".to_owned(),
            Rank::Ace => "ace".to_owned(),
            Rank::Ten => "10".to_owned(),
            rank => rank.letter().to_string(),
        };
        format!("{rank} of {}", self.suit.name())
    }

    /// The card as a scene draws it ([`meeple::scene`]): its face, its name in words, red
    /// or black, picked by an option whose value is the card.
    #[must_use]
    pub fn piece(self) -> Piece {
        let ink = match self.suit {
            Suit::Hearts | Suit::Diamonds => Ink::Red,
            Suit::Clubs | Suit::Spades => Ink::Black,
        };
        Piece::face_up(self.face())
            .titled(self.title())
            .inked(ink)
            .choosing(self)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.letter(), self.suit.letter())
    }
}

/// Why a text is not a card: what was wrong, with the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardParseError {
    /// Not exactly two characters.
    Length(String),
    /// The first character is not a rank (`2`..`9`, `T`, `J`, `Q`, `K`, `A`).
    Rank(String),
    /// The second character is not a suit (`C`, `D`, `S`, `H`).
    Suit(String),
}

impl fmt::Display for CardParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardParseError::Length(text) => write!(
                f,
                "`{text}` is not a card: write a rank and a suit, like `2C`, `TH` or `QS`"
            ),
            CardParseError::Rank(text) => write!(
                f,
                "`{text}` is not a card: the rank is one of 2 3 4 5 6 7 8 9 T J Q K A"
            ),
            CardParseError::Suit(text) => {
                write!(f, "`{text}` is not a card: the suit is one of C D S H")
            }
        }
    }
}

impl std::error::Error for CardParseError {}

impl FromStr for Card {
    type Err = CardParseError;

    /// Reads the two-character form (`QS`), in either case.
    ///
    /// # Errors
    /// [`CardParseError`] saying whether the length, the rank or the suit is wrong.
    fn from_str(text: &str) -> Result<Card, CardParseError> {
        let mut chars = text.chars();
        let (Some(rank), Some(suit), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(CardParseError::Length(text.to_owned()));
        };
        let rank = Rank::from_letter(rank).ok_or_else(|| CardParseError::Rank(text.to_owned()))?;
        let suit = Suit::from_letter(suit).ok_or_else(|| CardParseError::Suit(text.to_owned()))?;
        Ok(Card::new(rank, suit))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Its two letters as a `str`, not through `Display`: a state is written whole at every
        // step of the view checks, six decks of cards at a time, and the formatting
        // machinery cost more than the rest of writing a card.
        let mut letters = [0; 8];
        let rank = self.rank.letter().encode_utf8(&mut letters).len();
        let suit = self.suit.letter().encode_utf8(&mut letters[rank..]).len();
        match std::str::from_utf8(&letters[..rank + suit]) {
            Ok(text) => serializer.serialize_str(text),
            Err(_) => serializer.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        struct CardVisitor;

        impl Visitor<'_> for CardVisitor {
            type Value = Card;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a card like \"QS\"")
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<Card, E> {
                text.parse().map_err(E::custom)
            }
        }

        deserializer.deserialize_str(CardVisitor)
    }
}

/// A set of cards as a 52-bit mask: a hand, the cards taken, a trick's cards.
///
/// `Copy`, and free of allocation. Iterates its cards in a fixed order: by suit (clubs,
/// diamonds, spades, hearts), then by rank from two to ace. Serialized as a JSON array of
/// cards in that order (`["2C","QS"]`); reading one refuses a card listed twice.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const DECK: CardSet = CardSet((1 << 52) - 1);

    /// The set of one suit's thirteen cards.
    #[must_use]
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(0x1fff << (suit.index() * 13))
    }

    /// The set of these bits; bits above 52 are dropped.
    #[must_use]
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & CardSet::DECK.0)
    }

    /// The bitmask: bit [`Card::index`] is set for each card in the set.
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// How many cards.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no card.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    #[must_use]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Adds `card`; returns whether it was not there yet.
    pub fn insert(&mut self, card: Card) -> bool {
        let fresh = !self.contains(card);
        self.0 |= 1 << card.index();
        fresh
    }

    /// Removes `card`; returns whether it was there.
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !(1 << card.index());
        present
    }

    /// This set with `card` added.
    #[must_use]
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.index())
    }

    /// The cards in either set.
    #[must_use]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards in both sets.
    #[must_use]
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards of this set that are not in `other`.
    #[must_use]
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// Whether every card of this set is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The cards of `suit` in this set.
    #[must_use]
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        self.intersection(CardSet::suit(suit))
    }

    /// Whether the set holds a card of `suit`.
    #[must_use]
    pub const fn has_suit(self, suit: Suit) -> bool {
        !self.of_suit(suit).is_empty()
    }

    /// The first card in set order (lowest suit, then lowest rank), if any.
    #[must_use]
    pub const fn first(self) -> Option<Card> {
        Card::from_index(self.0.trailing_zeros())
    }

    /// The cards in set order: by suit, then rank.
    #[must_use]
    pub const fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Written as the cards in set order separated by spaces (`2C 7C QS`); empty for no card.
impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (position, card) in self.iter().enumerate() {
            if position > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

/// The cards of a [`CardSet`], in set order.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Card::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }

    /// The `n`-th card left, by clearing the `n` lowest bits: no card is built on the way
    /// (a uniform card of a set is `nth` of a number below its `len`).
    fn nth(&mut self, n: usize) -> Option<Card> {
        for _ in 0..n {
            if self.0 == 0 {
                return None;
            }
            self.0 &= self.0 - 1;
        }
        self.next()
    }

    fn count(self) -> usize {
        self.0.count_ones() as usize
    }
}

impl ExactSizeIterator for CardSetIter {}

impl DoubleEndedIterator for CardSetIter {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = 63 - self.0.leading_zeros();
        self.0 &= !(1 << index);
        Card::from_index(index)
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;

    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

/// A set of cards is a selection's `valid = <set>` (Hearts' legal cards): membership is one
/// bit test.
impl meeple::ValidSet<Card> for CardSet {
    fn contains(&self, card: &Card) -> bool {
        CardSet::contains(*self, *card)
    }

    /// Its bitmask: kept by the engine from a decision's count to its draw and check.
    fn to_bits(&self) -> Option<u64> {
        Some(self.0)
    }

    fn from_bits(bits: u64) -> Option<CardSet> {
        Some(CardSet::from_bits(bits))
    }
}

impl IntoIterator for &CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;

    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
        cards.into_iter().fold(CardSet::EMPTY, CardSet::with)
    }
}

impl<'a> FromIterator<&'a Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = &'a Card>>(cards: I) -> CardSet {
        cards.into_iter().copied().collect()
    }
}

impl Extend<Card> for CardSet {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, cards: I) {
        for card in cards {
            self.insert(card);
        }
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for card in self.iter() {
            seq.serialize_element(&card)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CardSet, D::Error> {
        struct SetVisitor;

        impl<'de> Visitor<'de> for SetVisitor {
            type Value = CardSet;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array of distinct cards like [\"2C\", \"QS\"]")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CardSet, A::Error> {
                let mut set = CardSet::EMPTY;
                while let Some(card) = seq.next_element::<Card>()? {
                    if !set.insert(card) {
                        return Err(de::Error::custom(format_args!(
                            "{card} is listed twice in a set of cards"
                        )));
                    }
                }
                Ok(set)
            }
        }

        deserializer.deserialize_seq(SetVisitor)
    }
}

/// A card as a distinct action, for learning agents of any game played with the deck: its
/// [`index`](Card::index) among the 52.
impl<G> meeple::Distinct<G> for Card {
    fn count(_game: &G) -> usize {
        52
    }

    fn index(&self, _game: &G) -> usize {
        Card::index(*self) as usize
    }
}

/// A card as a learning agent sees it: one-hot over the 52, by [`Card::index`].
impl<G> meeple::Observe<G> for Card {
    fn layout(
        _value: Option<&Self>,
        _game: &G,
        name: &str,
        layout: &mut meeple::ObservationLayout,
    ) {
        layout.push(name, vec![52]);
    }

    fn observe(&self, _game: &G, observer: &mut meeple::Observer<'_>) {
        observer.one_hot(Card::index(*self) as usize, 52);
    }

    fn len(_value: Option<&Self>, _game: &G, _seats: usize) -> usize {
        52
    }
}

/// A set of cards as a learning agent sees it: a flag per card of the 52, by
/// [`Card::index`].
impl<G> meeple::Observe<G> for CardSet {
    fn layout(
        _value: Option<&Self>,
        _game: &G,
        name: &str,
        layout: &mut meeple::ObservationLayout,
    ) {
        layout.push(name, vec![52]);
    }

    fn observe(&self, _game: &G, observer: &mut meeple::Observer<'_>) {
        for index in 0..52 {
            let held = Card::from_index(index).is_some_and(|card| self.contains(card));
            observer.push(if held { 1.0 } else { 0.0 });
        }
    }

    fn len(_value: Option<&Self>, _game: &G, _seats: usize) -> usize {
        52
    }
}

/// A card as a piece in a place, for learning agents: one of 52 categories, by
/// [`Card::index`].
impl<G> meeple::Categorical<G> for Card {
    fn categories(_game: &G) -> usize {
        52
    }

    fn category(&self, _game: &G, _observer: &meeple::Observer<'_>) -> usize {
        Card::index(*self) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_read_and_write_the_two_character_form() {
        for index in 0..52 {
            let card = Card::from_index(index).expect("in the deck");
            assert_eq!(card.index(), index);
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
        assert_eq!(Card::from_index(52), None);
        assert!(Card::ALL.is_sorted(), "the deck is in set order");
        assert_eq!(
            "QS".parse::<Card>(),
            Ok(Card::new(Rank::Queen, Suit::Spades))
        );
        assert_eq!("th".parse::<Card>(), Ok(Card::new(Rank::Ten, Suit::Hearts)));
        assert_eq!(
            "10H".parse::<Card>(),
            Err(CardParseError::Length("10H".into()))
        );
        assert_eq!("1H".parse::<Card>(), Err(CardParseError::Rank("1H".into())));
        assert_eq!("QX".parse::<Card>(), Err(CardParseError::Suit("QX".into())));
        assert_eq!(
            "".parse::<Card>(),
            Err(CardParseError::Length(String::new()))
        );
        assert_eq!(
            serde_json::to_string(&Card::QUEEN_OF_SPADES).expect("serializes"),
            "\"QS\""
        );
        assert!(serde_json::from_str::<Card>("\"ZZ\"").is_err());
    }

    #[test]
    fn sets_iterate_by_suit_then_rank() {
        let set: CardSet = ["AH", "2C", "QS", "TD", "3C"]
            .iter()
            .map(|text| text.parse::<Card>().expect("a card"))
            .collect();
        assert_eq!(set.to_string(), "2C 3C TD QS AH");
        assert_eq!(set.len(), 5);
        assert_eq!(set.first(), Some(Card::TWO_OF_CLUBS));
        assert_eq!(
            set.iter().next_back().map(|c| c.to_string()),
            Some("AH".into())
        );
        assert!(set.has_suit(Suit::Diamonds));
        assert!(!set.of_suit(Suit::Hearts).is_empty());
        assert_eq!(CardSet::DECK.len(), 52);
        assert_eq!(CardSet::suit(Suit::Hearts).len(), 13);
        let json = serde_json::to_string(&set).expect("serializes");
        assert_eq!(json, r#"["2C","3C","TD","QS","AH"]"#);
        assert_eq!(serde_json::from_str::<CardSet>(&json).ok(), Some(set));
        assert!(serde_json::from_str::<CardSet>(r#"["2C","2C"]"#).is_err());
    }
}
