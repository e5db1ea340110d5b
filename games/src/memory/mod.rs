//! Memory (also called Concentration or Pairs), the card game of finding pairs among cards
//! laid face down.
//!
//! The rules are those of Wikipedia's "Concentration (card game)"
//! (<https://en.wikipedia.org/wiki/Concentration_(card_game)>), with a table of any even
//! size and faces of the author's choosing ([`MemoryConfig`]):
//!
//! - the cards, two of each face, are shuffled and laid face down in a grid of
//!   `rows` x `columns`;
//! - 2 to 6 players take turns, seat 0 first, then to the left (seat `p + 1`);
//! - on their turn a player turns over one card ([`Reveal`]), then a second one. If the two
//!   show the same face, the player takes the pair into their pile and plays again;
//! - if they differ, both stay face up for everyone to see and the turn passes to the next
//!   player, who turns them face down again before turning over a card of their own;
//! - the game ends when every pair is taken: each player scores the pairs they took; the
//!   most pairs wins, and players tied for it share the win.
//!
//! # Turning the cards face down again
//!
//! Wikipedia says the two cards of a miss are turned back face down at the end of the turn.
//! In meeple the miss ends the turn at once ([`MemoryMove::Miss`]): the two cards stay face
//! up, and the next player's first [`Reveal`] turns them face down as the first moves of its
//! action record ([`Memory::hide_moves`]) before turning over the chosen card, which may be one
//! of those two (everyone saw where they lie). The next player may also turn them face down
//! on their own first with the selection-free [`Hide`] action, then choose. Unless they do,
//! a timer of the flow turns them face down after [`MemoryConfig::hide_after_ms`] of the
//! game's clock (jkomoros/boardgame's example of a timer; the clock moves only by
//! [`Engine::advance_clock`](meeple::Engine::advance_clock), which the command line drives).
//!
//! This keeps every decision with the player whose turn it is. A mandatory "hide" action
//! for the player who missed would be their only completion, so the engine would play it
//! for them at once ([`PositionSettings::autoplay_forced`](meeple::PositionSettings)) and the
//! cards would never be seen face up between two actions; and nobody waits on a player
//! who has nothing to decide.
//!
//! # Places and what each viewer sees
//!
//! Every card lies in exactly one place ([`Memory::chest`]): on the board of face-down cards
//! ([`Memory::face_down`], which every viewer sees only as "a card lies here"), on the board of
//! face-up cards ([`Memory::face_up`], seen by all), or in a player's pile of taken pairs
//! ([`Memory::captured`], seen by all). Turning a card over moves it between the two boards,
//! space for space; [`Memory::table`] shows the two boards as one.
//!
//! The places are addressed as data by `#[derive(Places)]` ([`MemoryPlace`]), so every move
//! of a card is a [`PieceMove`] of the framework's, which also says what each viewer sees of
//! it; Memory's own moves ([`MemoryMove`]) are the rules around them: a card turned, a pair
//! taken or missed, the end.
//!
//! # Search agents
//!
//! A search agent ([`meeple::SearchAgent`]) plays possible tables drawn from the player's
//! view ([`Search::determinize`]): the face-down cards shuffled among the spaces where they
//! lie. The view holds only the table as it lies now, so a card turned over and then face
//! down again is as unknown to the agent as one never seen: the agent plays without the
//! memory the game is named for, and does about as well as a random player. Its search stops
//! at the end of the turn ([`Search::evaluate`]).
//!
//! ```
//! use meeple::{Engine, PlayerIndex};
//! use meeple_games::memory::{Memory, MemoryConfig};
//!
//! let mut engine = Engine::<Memory>::new(MemoryConfig::grid(2, 3), 2, 7)?;
//! // The first card offered, then the first card offered again.
//! for _ in 0..2 {
//!     let first = engine.position().completions(PlayerIndex(0)).into_iter().next().expect("a card");
//!     engine.submit(PlayerIndex(0), first)?;
//! }
//! assert!(engine.position().state().revealed().is_none());
//! println!("{}", engine.position().state().summary(PlayerIndex(0)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod actions;
mod config;
mod moves;
mod search;
mod view;

#[cfg(test)]
mod tests;

use std::ops::RangeInclusive;
use std::time::Duration;

use meeple::flow::Step;
use meeple::{
    Best, Board, Chance, Chest, Coord, Deck, DeckId, Flow, Game, MergedStack, Outcome, PerPlayer,
    PieceMove, Places, PlayerIndex, Search, Seats, Setup, SetupError, Slot, Space, Stack, View,
    move_piece,
};
use serde::{Deserialize, Serialize};

pub use actions::{Hide, HideArgs, MemoryAction, MemoryActionArgs, Reveal, RevealArgs};
pub use config::{Face, MemoryConfig};
pub use moves::MemoryMove;

/// The id of the deck of cards in the game's [`Chest`]: its only deck.
pub const CARDS: DeckId = DeckId(0);

/// The state of a game of Memory: the two boards of face-down and face-up cards, the pairs
/// each player took, and whose turn it is. See the [module docs](self) for the rules.
///
/// This is the whole truth (the admin's view); every other viewer sees the face-down
/// cards as anonymous cards ([`View`]), and [`summary`](Self::summary) shows the table as
/// text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, View, Places, meeple::Observe)]
#[places(component = Face)]
pub struct Memory {
    #[observe(skip)]
    config: MemoryConfig,
    /// The cards lying face down: each viewer sees where a card lies, not which.
    #[view(len)]
    face_down: Board<Face>,
    /// The cards lying face up, on the same spaces: seen by all.
    #[view(place)]
    face_up: Board<Face>,
    /// The pairs each player has taken, in the order taken: seen by all.
    #[view(place)]
    captured: PerPlayer<Stack<Face>>,
    /// How many misses there have been: each ended a turn (the search's horizon).
    misses: u32,
    /// The card turned over first in this turn, face up, while the second is awaited.
    first: Option<Space>,
    /// The two cards of the last miss, still face up until they are turned face down.
    waiting: Option<[Space; 2]>,
    /// Whether every pair has been taken.
    over: bool,
}

impl Game for Memory {
    type Config = MemoryConfig;
    type Move = MemoryMove;
    type Actions = MemoryAction;
    const NAME: &'static str = "memory";
    /// Two to six players.
    const PLAYERS: RangeInclusive<usize> = 2..=6;

    /// [`MemoryConfig::validate`].
    ///
    /// # Errors
    /// As [`MemoryConfig::validate`].
    fn validate_config(config: &MemoryConfig, _: Seats) -> Result<(), SetupError> {
        config.validate()
    }
    /// Agents remember every card they saw turned over: the game is about memory.
    const RECALLS: bool = true;

    /// The cards of the [`deck`](Memory::deck), in deck order, face down on a
    /// `rows` x `columns` board; the setup's move shuffles them (a [`PieceMove::Shuffle`] of
    /// the face-down board).
    ///
    /// # Errors
    /// [`SetupError::Config`] if the cards do not fit the board (never after
    /// [`MemoryConfig::validate`]).
    fn setup(config: &MemoryConfig, seats: Seats) -> Result<Setup<Self>, SetupError> {
        let deck = Memory::deck(config);
        let grid = meeple::Grid::new(config.rows, config.columns);
        let mut laid = deck.sized_stack(grid.len(), ());
        let mut face_down = Board::new(CARDS, grid);
        for space in grid.spaces() {
            move_piece(&mut laid, space.0, &mut face_down, Some(space.0)).map_err(|error| {
                SetupError::Config {
                    field: "rows x columns",
                    reason: format!("the cards do not fit the table: {error}"),
                }
            })?;
        }
        Ok(Setup {
            state: Memory {
                config: config.clone(),
                face_down,
                face_up: Board::new(CARDS, grid),
                // Room for every card: taking a pair never reallocates.
                captured: PerPlayer::from_fn(seats, |_| Stack::with_capacity(CARDS, grid.len())),
                misses: 0,
                first: None,
                waiting: None,
                over: false,
            },
            moves: vec![MemoryMove::Piece(PieceMove::Shuffle {
                place: MemoryPlace::FaceDown,
            })],
        })
    }

    /// Round after round, each player in turn from seat 0: a turn turns over card after
    /// card ([`Reveal`], or [`Hide`] first) until a miss; the cards of a miss left face up
    /// are turned face down by a timer after [`MemoryConfig::hide_after_ms`], unless the
    /// player whose turn it is does it first. The game ends with the last pair.
    fn flow() -> Flow<Self> {
        Flow::new(Step::forever(
            "rounds",
            [Step::each_player(
                "turns",
                |_, _| PlayerIndex(0),
                [Step::turn("turn over cards")
                    .offering::<Reveal>()
                    .offering::<Hide>()
                    .repeated_until(Memory::turn_is_over)
                    .timer(Memory::hide_delay, |game, _, moves| {
                        game.hide_on_time(moves)
                    })],
            )],
        ))
    }

    /// A move in words for `viewer`: see the game's view module.
    fn describe_move(&self, applied: &MemoryMove, viewer: meeple::Viewer) -> Option<String> {
        self.move_in_words(applied, viewer)
    }

    /// One grid of cards face down or up, each seat's pairs.
    fn scene(&self, _viewer: meeple::Viewer, seats: Seats) -> meeple::scene::Scene {
        self.draw_scene(seats)
    }

    /// Once every pair is taken: the players with the most pairs (several when tied), and
    /// each player's pairs as their score.
    fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        Some(Outcome::from_scores(
            self.captured
                .players()
                .map(|player| i64::try_from(self.pairs(player)).unwrap_or(i64::MAX)),
            Best::Highest,
        ))
    }
}

impl Search for Memory {
    /// A full table consistent with `player`'s view (`self`): the anonymous face-down
    /// cards replaced by the cards the player cannot locate, shuffled by `chance`. The view
    /// remembers no card once it is face down again, so neither does this: the engine
    /// determinizes with [`determinize_recalled`](Search::determinize_recalled), which does.
    fn determinize(&self, player: PlayerIndex, chance: &mut Chance) -> Self {
        let _ = player;
        self.determinized(chance)
    }

    /// Puts each card back where `player` saw it before it was turned face down again,
    /// and draws only the cards they never saw.
    fn determinize_recalled(
        &self,
        player: PlayerIndex,
        seen: &[MemoryMove],
        chance: &mut Chance,
    ) -> Self {
        let _ = player;
        self.recalled(seen, chance)
    }

    /// Scores the end of the turn of the player to play at `root`: each player's share of
    /// the pairs left at `root` taken since. Looking further would teach a search nothing
    /// more (see [Search agents](self#search-agents)) and cost seven times as much.
    fn evaluate(&self, root: &Self, player: PlayerIndex) -> Option<f64> {
        self.turn_reward(root, player)
    }
}

impl Memory {
    /// The cards of a game played with `config`, as its only deck ([`CARDS`]): two cards of
    /// each face in play ([`MemoryConfig::faces_in_play`]), side by side (`A A B B ...`).
    #[must_use]
    pub fn deck(config: &MemoryConfig) -> Deck<Face> {
        let faces = config
            .faces_in_play()
            .iter()
            .flat_map(|face| [face.clone(), face.clone()])
            .collect();
        Deck::new(CARDS, "cards", faces)
    }

    /// The chest of a game played with `config`, for the one-place check of
    /// [`check_views`](meeple::testing::check_views): the [`deck`](Self::deck).
    #[must_use]
    pub fn chest(config: &MemoryConfig) -> Chest {
        Chest::new().with(&Memory::deck(config))
    }

    /// The rules this game is played with.
    #[must_use]
    pub fn config(&self) -> &MemoryConfig {
        &self.config
    }

    /// The table: how many players sit at it.
    #[must_use]
    pub fn seats(&self) -> Seats {
        self.captured.seats()
    }

    /// How many misses there have been in the game: each ended a turn.
    #[must_use]
    pub fn misses(&self) -> u32 {
        self.misses
    }

    /// Whether `player`'s turn is over after what they just did: they missed (or the
    /// game is over). A match lets them play again. Asked by the flow after each of their
    /// actions ([`Step::repeated_until`]).
    #[must_use]
    pub fn turn_is_over(&self, _player: PlayerIndex) -> bool {
        self.over || (self.waiting.is_some() && self.first.is_none())
    }

    /// How long the cards of the last miss may lie face up before the timer turns them
    /// face down: [`MemoryConfig::hide_after_ms`] while they lie face up, else `None` (no
    /// timer runs). Asked by the flow as a turn begins and after each action in it.
    #[must_use]
    pub fn hide_delay(&self) -> Option<Duration> {
        self.waiting?;
        self.config.hide_after_ms.map(Duration::from_millis)
    }

    /// The moves of the timer that turns the cards of the last miss face down
    /// ([`hide_moves`](Self::hide_moves)), pushed on `moves`.
    pub fn hide_on_time(&self, moves: &mut Vec<MemoryMove>) {
        moves.extend(self.hide_moves());
    }

    /// Whether every pair has been taken.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The board of face-down cards. In a player's or an observer's view its cards are
    /// hidden slots: where a card lies, not which.
    #[must_use]
    pub fn face_down(&self) -> &Board<Face> {
        &self.face_down
    }

    /// The board of face-up cards: the first card of the turn, or the two cards of the last
    /// miss, on the spaces where they lie.
    #[must_use]
    pub fn face_up(&self) -> &Board<Face> {
        &self.face_up
    }

    /// The table as one board: the face-up card of each space where there is one, else the
    /// face-down card (a hidden slot in a player's view), `None` where the pair was taken.
    /// Indexed by [`Space`].
    #[must_use]
    pub fn table(&self) -> MergedStack<'_, Face> {
        MergedStack::overlapped(self.face_up.spaces(), self.face_down.spaces())
    }

    /// The pile of pairs `player` has taken, in the order taken (empty for a seat that does
    /// not exist).
    #[must_use]
    pub fn captured(&self, player: PlayerIndex) -> &[Slot<Face>] {
        self.captured.get(player).map_or(&[], |pile| pile.slots())
    }

    /// How many pairs `player` has taken: their score.
    #[must_use]
    pub fn pairs(&self, player: PlayerIndex) -> usize {
        self.captured(player).len() / 2
    }

    /// How many pairs are still on the table.
    #[must_use]
    pub fn pairs_left(&self) -> usize {
        (self.face_down.spaces().count() + self.face_up.spaces().count()) / 2
    }

    /// The card turned over first in this turn, while the second is awaited.
    #[must_use]
    pub fn revealed(&self) -> Option<Space> {
        self.first
    }

    /// The two cards of the last miss, face up until they are turned face down again.
    #[must_use]
    pub fn waiting(&self) -> Option<[Space; 2]> {
        self.waiting
    }

    /// The row and column of `space` (`0,0` for a space off the table).
    #[must_use]
    pub fn coord(&self, space: Space) -> Coord {
        self.face_down
            .grid()
            .coord(space)
            .unwrap_or(Coord { row: 0, column: 0 })
    }

    /// The face of the face-up card on `space`, if one lies there.
    #[must_use]
    pub fn face_at(&self, space: Space) -> Option<&Face> {
        self.face_up.component(space)
    }

    /// Whether the two cards of the last miss may be turned face down: they still lie
    /// face up. (Whose turn it is, the flow says.)
    #[must_use]
    pub fn may_hide(&self) -> bool {
        self.waiting.is_some()
    }

    /// The spaces a card may be turned over on now: every face-down card, and the two cards
    /// of the last miss, which go face down first. In space order, without allocating (the
    /// options of [`Reveal`], walked at every decision).
    pub fn revealable(&self) -> impl Iterator<Item = Space> + '_ {
        let waiting = self.waiting;
        self.face_down.grid().spaces().filter(move |&space| {
            !self.face_down.is_free(space) || waiting.is_some_and(|pair| pair.contains(&space))
        })
    }

    /// The prompt of [`Reveal`]: which card of the turn is awaited.
    #[must_use]
    pub fn reveal_prompt(&self) -> String {
        match (self.first, self.waiting) {
            (Some(first), _) => format!(
                "Turn over a second card to match {} at {}",
                self.face_at(first)
                    .map_or_else(String::new, Face::to_string),
                self.coord(first)
            ),
            (None, Some(_)) => {
                "Turn over a card (the two face-up cards go face down first)".to_owned()
            }
            (None, None) => "Turn over a card".to_owned(),
        }
    }

    /// The moves of [`Reveal`] on `space` by `player`: the two cards of the last miss turned
    /// face down ([`hide_moves`](Self::hide_moves)) if they still lie face up, then the card
    /// turned over (a [`PieceMove`] from the face-down board to the face-up one, space for
    /// space) and [`MemoryMove::Turned`] with its face. Read from the full state, as every
    /// behaviour is; only the hiding when no card lies on `space`, which the options rule
    /// out. An iterator, pushed by the engine onto its moves: a turn allocates nothing.
    pub fn reveal_moves(
        &self,
        player: PlayerIndex,
        space: Space,
    ) -> impl Iterator<Item = MemoryMove> + '_ {
        let face = self
            .face_down
            .component(space)
            .or_else(|| self.face_up.component(space));
        let turned = face.map(|face| {
            [
                MemoryMove::Piece(Memory::turn_over(
                    MemoryPlace::FaceDown,
                    MemoryPlace::FaceUp,
                    space,
                )),
                MemoryMove::Turned {
                    player,
                    space,
                    face: face.clone(),
                },
            ]
        });
        self.hide_moves().chain(turned.into_iter().flatten())
    }

    /// The moves that turn the two cards of the last miss face down (each a [`PieceMove`]
    /// from the face-up board to the face-down one, space for space), then
    /// [`MemoryMove::Hidden`]. None when no card waits.
    pub fn hide_moves(&self) -> impl Iterator<Item = MemoryMove> + use<> {
        let hide = |space| {
            MemoryMove::Piece(Memory::turn_over(
                MemoryPlace::FaceUp,
                MemoryPlace::FaceDown,
                space,
            ))
        };
        self.waiting
            .map(|spaces| {
                [
                    hide(spaces[0]),
                    hide(spaces[1]),
                    MemoryMove::Hidden { spaces },
                ]
            })
            .into_iter()
            .flatten()
    }

    /// The card on `space` of the board `from` turned over onto the same space of `to`.
    fn turn_over(from: MemoryPlace, to: MemoryPlace, space: Space) -> PieceMove<MemoryPlace, Face> {
        PieceMove::Move {
            from,
            index: space.0,
            to,
            at: space.0,
            seen: None,
        }
    }

    /// The moves that take the face-up cards of `spaces` into `player`'s pile, in order,
    /// on top.
    fn take(&self, player: PlayerIndex, spaces: [Space; 2]) -> [PieceMove<MemoryPlace, Face>; 2] {
        let top = self.captured(player).len();
        [0, 1].map(|taken| PieceMove::Move {
            from: MemoryPlace::FaceUp,
            index: spaces[taken].0,
            to: MemoryPlace::Captured(player),
            at: top + taken,
            seen: None,
        })
    }

    /// The face of the card turned over first this turn, with its space.
    fn first_card(&self) -> Option<(Space, &Face)> {
        let first = self.first?;
        Some((first, self.face_at(first)?))
    }
}

/// A space as a distinct action, for learning agents: its number on the board, among all
/// the board's spaces (fixed by the config).
impl meeple::Distinct<Memory> for meeple::Space {
    fn count(game: &Memory) -> usize {
        game.face_down.spaces().slots().len()
    }

    fn index(&self, _game: &Memory) -> usize {
        self.0
    }
}

/// A face as a learning agent sees it: its place among the faces in play, one category
/// per pair (read from the config, which every view shows).
impl meeple::Categorical<Memory> for Face {
    fn categories(game: &Memory) -> usize {
        game.config.pairs()
    }

    fn category(&self, game: &Memory, _observer: &meeple::Observer<'_>) -> usize {
        game.config
            .faces_in_play()
            .iter()
            .position(|face| face == self)
            .unwrap_or(game.config.pairs())
    }
}
