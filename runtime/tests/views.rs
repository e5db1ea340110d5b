//! Views and the view harness on a small game of hidden cards: `#[derive(View)]` policies,
//! viewed moves, and the harness catching a prompt that peeks, a move that hides too much,
//! and a message that names what is hidden from a player it reaches; and taking, for honest
//! play, the words a move declares said aloud or shown to one player.

use meeple::testing::check_views;
use meeple::{
    Action, Actions, Arrangement, Best, Chest, Deck, DeckId, Engine, Game, Move, MoveContext,
    Outcome, PerPlayer, Place, PlayerIndex, PlayerSet, PositionSettings, Seats, Setup, SetupError,
    Slot, Stack, UndoError, View, Viewer, move_piece,
};
use serde::{Deserialize, Serialize};

/// A mistake the test game can be told to make, for the harness to catch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
enum Mistake {
    #[default]
    None,
    /// The play prompt labels each card with the opponent's card.
    PromptPeeks,
    /// The viewed play move does not carry the card it reveals.
    PlayHidesTheCard,
}

fn cards() -> Deck<u8> {
    Deck::new(DeckId(0), "cards", (1..=6).collect())
}

/// High card: each player is dealt two cards face down, then plays one face up; the
/// higher card played wins.
#[derive(Clone, Debug, Serialize, Deserialize, View)]
struct HighCard {
    mistake: Mistake,
    #[view(len)]
    shoe: Stack<u8>,
    #[view(others = len)]
    hands: PerPlayer<Stack<u8>>,
    #[view(place)]
    table: PerPlayer<Stack<u8>>,
}

impl HighCard {
    fn played(&self, player: PlayerIndex) -> Option<u8> {
        self.table[player].components().next().copied()
    }

    fn label(&self, player: PlayerIndex, card: u8) -> String {
        match self.mistake {
            Mistake::PromptPeeks => {
                let other = self.hands[self.hands.seats().next(player)]
                    .components()
                    .next()
                    .copied();
                format!("{card} (they hold {other:?})")
            }
            _ => card.to_string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum HighCardMove {
    Shuffle,
    Arrange(Arrangement),
    /// The top card of the shoe to `player`'s hand; `seen` is what a viewer sees of it.
    Deal {
        player: PlayerIndex,
        seen: Option<Slot<u8>>,
    },
    /// `player` plays the card at `index` of their hand; `seen` is the card as revealed.
    Play {
        player: PlayerIndex,
        index: usize,
        seen: Option<Slot<u8>>,
    },
}

impl Move<HighCard> for HighCardMove {
    fn apply(&self, game: &mut HighCard, next: &mut MoveContext<'_, Self>) {
        match self {
            HighCardMove::Shuffle => {
                let arrangement = Arrangement::shuffle(game.shoe.len(), next.chance());
                next.then(HighCardMove::Arrange(arrangement));
                for round in 0..4 {
                    next.then(HighCardMove::Deal {
                        player: PlayerIndex(round % 2),
                        seen: None,
                    });
                }
            }
            HighCardMove::Arrange(arrangement) => {
                game.shoe.arrange(arrangement).expect("a permutation");
            }
            HighCardMove::Deal { player, seen } => {
                let top = game.shoe.top_index().expect("cards left");
                let hand = &mut game.hands[*player];
                let landed = move_piece(&mut game.shoe, top, hand, None).expect("a card");
                if let Some(seen) = seen {
                    hand.replace_unchecked(landed, seen.clone());
                }
            }
            HighCardMove::Play {
                player,
                index,
                seen,
            } => {
                let (hands, table) = (&mut game.hands[*player], &mut game.table[*player]);
                let landed = move_piece(hands, *index, table, None).expect("a card");
                if let Some(seen) = seen {
                    table.replace_unchecked(landed, seen.clone());
                }
            }
        }
    }

    fn view(&self, after: &HighCard, viewer: Viewer) -> Option<Self> {
        let seen = |place: &Stack<u8>| place.top().cloned();
        Some(match self {
            HighCardMove::Arrange(arrangement) if viewer != Viewer::Admin => {
                HighCardMove::Arrange(arrangement.concealed())
            }
            HighCardMove::Deal { player, .. } => HighCardMove::Deal {
                player: *player,
                seen: seen(&after.view(viewer).hands[*player]),
            },
            HighCardMove::Play { player, index, .. } => HighCardMove::Play {
                player: *player,
                index: *index,
                seen: match after.mistake {
                    Mistake::PlayHidesTheCard => None,
                    _ => seen(&after.table[*player]),
                },
            },
            other => other.clone(),
        })
    }
}

#[derive(Clone, Debug, Action)]
#[action(
    prompt = "Play a card",
    condition = game.played(player).is_none(),
    behaviour = [HighCardMove::Play { player, index: *index, seen: None }]
)]
struct PlayCard {
    #[choose_from(0..game.hands[player].len(), label = game.label(player, game.hands[player].get(*index).and_then(Slot::component).copied().unwrap_or(0)))]
    index: usize,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = HighCard)]
enum HighCardAction {
    PlayCard(PlayCard),
}

impl Game for HighCard {
    type Config = Mistake;
    type Move = HighCardMove;
    type Actions = HighCardAction;
    const NAME: &'static str = "high_card";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;

    fn setup(mistake: &Mistake, seats: Seats) -> Result<Setup<Self>, SetupError> {
        let deck = cards();
        Ok(Setup {
            state: HighCard {
                mistake: *mistake,
                shoe: deck.stack(()),
                hands: PerPlayer::from_fn(seats, |_| Stack::new(deck.id())),
                table: PerPlayer::from_fn(seats, |_| Stack::new(deck.id())),
            },
            moves: vec![HighCardMove::Shuffle],
        })
    }

    fn to_act(&self) -> PlayerSet {
        (0..2)
            .map(PlayerIndex)
            .filter(|&player| self.played(player).is_none())
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        let (a, b) = (self.played(PlayerIndex(0))?, self.played(PlayerIndex(1))?);
        Some(Outcome::from_scores(
            [i64::from(a), i64::from(b)],
            Best::Highest,
        ))
    }
}

#[test]
fn each_player_sees_their_own_hand_and_the_lengths_of_the_others() {
    let engine = Engine::<HighCard>::new(Mistake::None, 2, 3).expect("a valid setup");
    let mine = engine.position().view(Viewer::Player(PlayerIndex(0)));
    assert_eq!(mine.hands[PlayerIndex(0)].components().count(), 2);
    assert_eq!(
        mine.hands[PlayerIndex(1)].slots(),
        &[Slot::Hidden(None), Slot::Hidden(None)]
    );
    assert!(mine.shoe.slots().iter().all(Slot::is_hidden));
    assert_eq!(mine.shoe.len(), 2);
    let observer = engine.position().view(Viewer::Observer);
    assert!(
        observer
            .hands
            .iter()
            .all(|hand| hand.components().next().is_none())
    );
    let admin = engine.position().view(Viewer::Admin);
    assert_eq!(admin.shoe.components().count(), 2);
    // The viewed deal shows the player their cards and nobody else's.
    let records = engine.viewed_records(Viewer::Player(PlayerIndex(1)));
    let seen: Vec<bool> = records[0]
        .moves
        .iter()
        .filter_map(|applied| match applied {
            HighCardMove::Deal { player, seen } => {
                Some(seen.as_ref().is_some_and(|slot| !slot.is_hidden()) == (player.0 == 1))
            }
            _ => None,
        })
        .collect();
    assert_eq!(seen, vec![true; 4]);
}

#[test]
fn the_harness_passes_a_game_that_keeps_its_secrets() {
    let chest = Chest::new().with(&cards());
    let report = check_views::<HighCard>(&Mistake::None, 2, 0..30, Some(&chest), 10)
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(report.games, 30);
    assert_eq!(report.submissions, 60);
}

#[test]
fn the_harness_catches_a_prompt_that_peeks() {
    let error = check_views::<HighCard>(&Mistake::PromptPeeks, 2, 0..1, None, 10)
        .expect_err("the label reads the other hand");
    assert_eq!(error.submission, 0);
    assert!(
        error
            .reason
            .starts_with("player 0's prompt differs in their view"),
        "{error}"
    );
}

#[test]
fn the_harness_catches_a_move_that_hides_what_it_reveals() {
    let error = check_views::<HighCard>(&Mistake::PlayHidesTheCard, 2, 0..1, None, 10)
        .expect_err("the played card never reaches the other view");
    assert_eq!(error.submission, 1);
    assert!(
        error
            .reason
            .contains("the viewed moves do not give the view"),
        "{error}"
    );
}

/// A game of secret words, whose action's message names the word chosen to every
/// player: the word is hidden from the other, so the harness finds it in the message.
mod words {
    use super::*;

    #[derive(Clone, Debug, Serialize, Deserialize, View)]
    pub struct Words {
        #[view(others = hidden)]
        pub words: PerPlayer<String>,
        pub said: Vec<PlayerIndex>,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub struct Said(PlayerIndex);

    impl Move<Words> for Said {
        fn apply(&self, game: &mut Words, _next: &mut MoveContext<'_, Self>) {
            game.said.push(self.0);
        }
    }

    /// Think of your word; the message tells everyone which (the leak).
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Think of your word", message = "{player} thinks of {word}", behaviour = [Said(player)])]
    pub struct Think {
        #[choose_from([game.words[player].clone()], skip_if = "never")]
        word: String,
    }

    #[derive(Clone, Debug, Actions)]
    #[actions(game = Words)]
    pub enum WordsAction {
        Think(Think),
    }

    impl Game for Words {
        type Config = ();
        type Move = Said;
        type Actions = WordsAction;
        const NAME: &'static str = "words";
        const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;
        fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
            let state = Words {
                words: secret_words(seats),
                said: Vec::new(),
            };
            Ok(Setup {
                state,
                moves: vec![],
            })
        }
        fn to_act(&self) -> PlayerSet {
            next_to_think(&self.said)
        }
        fn outcome(&self) -> Option<Outcome> {
            all_thought(&self.said)
        }
    }

    /// Each seat's secret word.
    pub fn secret_words(seats: Seats) -> PerPlayer<String> {
        let names = ["apple", "pear"];
        PerPlayer::from_fn(seats, |seat| names[seat.0 % 2].to_owned())
    }

    /// Seat 0 thinks first, then seat 1.
    pub fn next_to_think(said: &[PlayerIndex]) -> PlayerSet {
        match said.len() {
            0 => PlayerSet::one(PlayerIndex(0)),
            1 => PlayerSet::one(PlayerIndex(1)),
            _ => PlayerSet::EMPTY,
        }
    }

    /// A draw once both thought of their word.
    pub fn all_thought(said: &[PlayerIndex]) -> Option<Outcome> {
        (said.len() == 2).then(|| Outcome::draw(Seats::new(2)))
    }
}

/// The same secret words, kept out of the messages but told in the words of the move
/// (`Game::describe_move`, sent to every client): the harness finds them there.
mod described {
    use super::*;

    #[derive(Clone, Debug, Serialize, Deserialize, View)]
    pub struct Described {
        #[view(others = hidden)]
        pub words: PerPlayer<String>,
        pub said: Vec<PlayerIndex>,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub struct Said(PlayerIndex);

    impl Move<Described> for Said {
        fn apply(&self, game: &mut Described, _next: &mut MoveContext<'_, Self>) {
            game.said.push(self.0);
        }
    }

    /// Think of your word: nothing said of it but by the move's words (the leak).
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Think of your word", behaviour = [Said(player)])]
    pub struct Think {
        #[choose_from([game.words[player].clone()], skip_if = "never")]
        word: String,
    }

    #[derive(Clone, Debug, Actions)]
    #[actions(game = Described)]
    pub enum DescribedAction {
        Think(Think),
    }

    impl Game for Described {
        type Config = ();
        type Move = Said;
        type Actions = DescribedAction;
        const NAME: &'static str = "described";
        const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;
        fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
            let state = Described {
                words: words::secret_words(seats),
                said: Vec::new(),
            };
            Ok(Setup {
                state,
                moves: vec![],
            })
        }
        fn to_act(&self) -> PlayerSet {
            words::next_to_think(&self.said)
        }
        fn outcome(&self) -> Option<Outcome> {
            words::all_thought(&self.said)
        }
        fn describe_move(&self, applied: &Said, _viewer: Viewer) -> Option<String> {
            let Said(player) = applied;
            Some(format!(
                "{} thinks of {}",
                self.player_name(*player),
                self.words[*player]
            ))
        }
    }
}

#[test]
fn the_harness_catches_the_words_of_a_move_that_name_a_hidden_value() {
    let error = check_views::<described::Described>(&(), 2, 0..1, None, 10)
        .expect_err("the move's words name the first player's word to the second");
    assert_eq!(error.submission, 1);
    assert!(
        error.reason.starts_with(
            "Player(PlayerIndex(1)) reads `apple`, hidden from them, in the words of a move of `think`: \"Player 1 thinks of apple\""
        ),
        "{error}"
    );
}

#[test]
fn the_harness_catches_a_message_that_names_a_hidden_value() {
    let error = check_views::<words::Words>(&(), 2, 0..1, None, 10)
        .expect_err("the message names the first player's word to the second");
    assert_eq!(error.submission, 1);
    assert!(
        error.reason.starts_with(
            "Player(PlayerIndex(1)) reads `apple`, hidden from them, in the message \"Player 1 thinks of apple\" of `think`"
        ),
        "{error}"
    );
}

/// The same secret words, kept out of the messages and the moves' words, but drawn in the
/// scene from somewhere other than the viewer's view (a list of the game's own, as a
/// careless author might keep one): the harness reads each viewer's scene as it reads the
/// words of moves, and finds them there.
mod drawn {
    use super::*;
    use meeple::scene::{Part, Piece, Scene};

    /// What the game's author keeps beside the state: every seat's word.
    const EVERY_WORD: [&str; 2] = ["apple", "pear"];

    #[derive(Clone, Debug, Serialize, Deserialize, View)]
    pub struct Drawn {
        #[view(others = hidden)]
        pub words: PerPlayer<String>,
        pub said: Vec<PlayerIndex>,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub struct Said(PlayerIndex);

    impl Move<Drawn> for Said {
        fn apply(&self, game: &mut Drawn, _next: &mut MoveContext<'_, Self>) {
            game.said.push(self.0);
        }
    }

    /// Think of your word.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Think of your word", behaviour = [Said(player)])]
    pub struct Think {
        #[choose_from([game.words[player].clone()], skip_if = "never")]
        word: String,
    }

    #[derive(Clone, Debug, Actions)]
    #[actions(game = Drawn)]
    pub enum DrawnAction {
        Think(Think),
    }

    impl Game for Drawn {
        type Config = ();
        type Move = Said;
        type Actions = DrawnAction;
        const NAME: &'static str = "drawn";
        const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;
        fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
            Ok(Setup {
                state: Drawn {
                    words: words::secret_words(seats),
                    said: Vec::new(),
                },
                moves: vec![],
            })
        }
        fn to_act(&self) -> PlayerSet {
            words::next_to_think(&self.said)
        }
        fn outcome(&self) -> Option<Outcome> {
            words::all_thought(&self.said)
        }
        /// The leak: each seat's word drawn face up from the author's own list, once that
        /// seat thought of it.
        fn scene(&self, _viewer: Viewer, seats: Seats) -> Scene {
            let mut scene = Scene::for_seats(seats);
            for said in &self.said {
                scene.table.push(Part::cards(
                    "Thought",
                    meeple::scene::Layout::Row,
                    vec![Piece::face_up(EVERY_WORD[said.0 % 2])],
                ));
            }
            scene
        }
    }
}

#[test]
fn the_harness_catches_a_scene_that_names_a_hidden_value() {
    let error = check_views::<drawn::Drawn>(&(), 2, 0..1, None, 10)
        .expect_err("the scene shows the first player's word to the second");
    assert_eq!(error.submission, 1);
    assert!(
        error.reason.starts_with(
            "Player(PlayerIndex(1)) reads `apple`, hidden from them, in their scene: "
        ),
        "{error}"
    );
}

/// Honest play that names hidden values: a guess said aloud (Love Letter's Guard) and a
/// private look (its Priest). Seat 1 peeks at seat 2's word, which the words of the move
/// tell seat 1 alone; seat 2 then guesses a word, naming it to the table. The state keeps no
/// record of either: the moves declare what they tell ([`Move::spoken`],
/// [`Move::shown_to`]), and the harness takes their words as told, to those they reach.
mod told {
    use super::*;

    /// Which of its words the game declares, for the harness to take or catch.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
    pub struct Declares {
        /// The guess declares its word spoken.
        pub spoken: bool,
        /// The peek declares the word it shows the peeker.
        pub shown: bool,
        /// The words of the peek name the word to every viewer, not the peeker alone.
        pub told_to_all: bool,
    }

    #[derive(Clone, Debug, Serialize, Deserialize, View)]
    pub struct Told {
        pub declares: Declares,
        #[view(others = hidden)]
        pub words: PerPlayer<String>,
        pub done: Vec<PlayerIndex>,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub enum ToldMove {
        /// `player` names `word` aloud.
        Guessed { player: PlayerIndex, word: String },
        /// `player` looks at the next seat's word.
        Peeked { player: PlayerIndex },
    }

    impl Move<Told> for ToldMove {
        fn apply(&self, game: &mut Told, _next: &mut MoveContext<'_, Self>) {
            let (ToldMove::Guessed { player, .. } | ToldMove::Peeked { player }) = self;
            game.done.push(*player);
        }

        fn spoken(&self, game: &Told) -> Vec<String> {
            match self {
                ToldMove::Guessed { word, .. } if game.declares.spoken => vec![word.clone()],
                _ => Vec::new(),
            }
        }

        fn shown_to(&self, after: &Told, viewer: Viewer) -> Vec<String> {
            match self {
                ToldMove::Peeked { player }
                    if after.declares.shown && viewer == Viewer::Player(*player) =>
                {
                    vec![after.words[after.words.seats().next(*player)].clone()]
                }
                _ => Vec::new(),
            }
        }
    }

    /// Guess a word aloud.
    #[derive(Clone, Debug, Action)]
    #[action(
        prompt = "Guess a word",
        condition = player == PlayerIndex(1),
        message = "{player} guesses {word}",
        behaviour = [ToldMove::Guessed { player, word: word.clone() }]
    )]
    pub struct Guess {
        #[choose_from(["apple".to_owned(), "pear".to_owned()])]
        word: String,
    }

    /// Look at the next seat's word.
    #[derive(Clone, Debug, Action)]
    #[action(
        prompt = "Peek",
        condition = player == PlayerIndex(0),
        behaviour = [ToldMove::Peeked { player }]
    )]
    pub struct Peek {}

    #[derive(Clone, Debug, Actions)]
    #[actions(game = Told)]
    pub enum ToldAction {
        Guess(Guess),
        Peek(Peek),
    }

    impl Game for Told {
        type Config = Declares;
        type Move = ToldMove;
        type Actions = ToldAction;
        const NAME: &'static str = "told";
        const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;
        fn setup(declares: &Declares, seats: Seats) -> Result<Setup<Self>, SetupError> {
            Ok(Setup {
                state: Told {
                    declares: *declares,
                    words: words::secret_words(seats),
                    done: Vec::new(),
                },
                moves: vec![],
            })
        }
        fn to_act(&self) -> PlayerSet {
            words::next_to_think(&self.done)
        }
        fn outcome(&self) -> Option<Outcome> {
            words::all_thought(&self.done)
        }
        fn describe_move(&self, applied: &ToldMove, viewer: Viewer) -> Option<String> {
            let ToldMove::Peeked { player } = applied else {
                return None;
            };
            let peeked = &self.words[self.words.seats().next(*player)];
            if viewer == Viewer::Player(*player) || self.declares.told_to_all {
                Some(format!("{} sees {peeked}", self.player_name(*player)))
            } else {
                Some(format!("{} peeks", self.player_name(*player)))
            }
        }
    }
}

#[test]
fn the_harness_takes_a_declared_guess_and_a_declared_look_for_honest_play() {
    let declares = told::Declares {
        spoken: true,
        shown: true,
        told_to_all: false,
    };
    let report = check_views::<told::Told>(&declares, 2, 0..16, None, 10)
        .expect("the words the moves declare are told, not leaked");
    assert_eq!(report.games, 16);
}

#[test]
fn the_harness_catches_a_guess_that_does_not_declare_its_word_spoken() {
    let declares = told::Declares {
        spoken: false,
        shown: true,
        told_to_all: false,
    };
    let error = check_views::<told::Told>(&declares, 2, 0..1, None, 10)
        .expect_err("an undeclared guess names a hidden word");
    assert_eq!(error.submission, 1);
    assert!(
        error.reason.starts_with("Player(PlayerIndex(0)) reads `pear`, hidden from them, in the message \"Player 2 guesses pear\" of `guess`"),
        "{error}"
    );
}

#[test]
fn the_harness_catches_a_look_that_is_not_declared() {
    let declares = told::Declares {
        spoken: true,
        shown: false,
        told_to_all: false,
    };
    let error = check_views::<told::Told>(&declares, 2, 0..1, None, 10)
        .expect_err("an undeclared look names a hidden word to the peeker");
    // The peek, seat 1's only completion, is played for them as the game starts.
    assert_eq!(error.submission, 0);
    assert_eq!(
        error.reason,
        "Player(PlayerIndex(0)) reads `pear`, hidden from them, in the words of a move of `peek`: \"Player 1 sees pear\""
    );
}

#[test]
fn a_look_shown_to_one_seat_is_still_hidden_from_the_others() {
    let declares = told::Declares {
        spoken: true,
        shown: true,
        told_to_all: true,
    };
    let error = check_views::<told::Told>(&declares, 2, 0..1, None, 10)
        .expect_err("the look's words reach a viewer it was not shown to");
    assert_eq!(error.submission, 0);
    assert_eq!(
        error.reason,
        "Observer reads `pear`, hidden from them, in the words of a move of `peek`: \"Player 1 sees pear\""
    );
}

#[test]
fn a_declared_look_makes_its_action_final() {
    let declares = |shown| told::Declares {
        spoken: true,
        shown,
        told_to_all: false,
    };
    let settings = PositionSettings {
        asked_always: PlayerSet::one(PlayerIndex(0)),
        ..PositionSettings::default()
    };
    let peeked = |shown| {
        let mut engine = Engine::<told::Told>::with_settings(declares(shown), 2, 0, settings)
            .expect("a table of two");
        engine
            .submit_nth(PlayerIndex(0), 0)
            .expect("the peek is seat 1's only completion");
        engine
    };
    let mut looked = peeked(true);
    let state = serde_json::to_string(looked.position().state()).expect("the state writes");
    assert_eq!(
        looked
            .take_back(PlayerIndex(0))
            .map(|records| records.len()),
        Err(UndoError::RevealedInformation {
            action: "Peek".to_owned(),
            viewer: "Player 1".to_owned(),
        })
    );
    assert_eq!(
        serde_json::to_string(looked.position().state()).expect("the state writes"),
        state,
        "a refused take-back changes nothing"
    );
    // The same peek, undeclared, shows nothing the engine can see: it may be taken back.
    let mut unseen = peeked(false);
    assert_eq!(
        unseen
            .take_back(PlayerIndex(0))
            .map(|records| records.len()),
        Ok(1)
    );
}
