//! The moves of Memory: the small steps of a turn, chained by their consequences. The
//! cards move between the places of the table by the moves every game with places shares
//! ([`PieceMove`]); Memory's own moves are the rules around them.

use meeple::{Move, MoveContext, PieceMove, PlayerIndex, Space, Viewer};
use serde::{Deserialize, Serialize};

use super::{Face, Memory, MemoryPlace};

/// A step of a game of Memory. The setup shuffles the face-down cards
/// (`Piece(Shuffle) -> Piece(Arrange)`); a turn is `[Piece(Move) x 2 -> Hidden] ->
/// Piece(Move) -> Turned`, then `Capture -> Piece(Move) x 2 (-> EndGame)` or `Miss`: the
/// cards of the last miss turned face down while they still lie face up, the chosen card
/// turned over, then the pair taken or missed.
///
/// What each viewer sees is [`PieceMove::view`]'s: the shuffle's order only by the admin, a
/// card turned face up by everyone, a card turned face down as an anonymous card by
/// everyone but the admin. Memory's own moves carry nothing hidden.
///
/// Serialized with a `move` tag: `{"move":"capture","player":1,"spaces":[3,9],"face":"C"}`,
/// or for a card moved,
/// `{"move":"piece","piece_move":"move","from":"face_down","index":5,"to":"face_up","at":5}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum MemoryMove {
    /// A card moves between the places of the table (turned over, turned face down, taken
    /// into a pile), or the face-down cards are shuffled (at setup).
    Piece(PieceMove<MemoryPlace, Face>),
    /// `player` has turned over the card on `space` (the [`Piece`](Self::Piece) move before
    /// this one), showing `face` to everyone: the first card of the turn, kept face up while
    /// the second is awaited; or the second, followed by [`Capture`](Self::Capture) when it
    /// matches the first, else by [`Miss`](Self::Miss).
    Turned {
        /// Who turned it over.
        player: PlayerIndex,
        /// Where it lies, face up.
        space: Space,
        /// Its face.
        face: Face,
    },
    /// The two face-up cards of `spaces` show the same `face`: `player` takes them into their
    /// pile (two [`Piece`](Self::Piece) moves) and plays again. Once the last pair is taken,
    /// the game ends ([`EndGame`](Self::EndGame)).
    Capture {
        /// Who takes the pair.
        player: PlayerIndex,
        /// The spaces of the two cards, the first turned over first.
        spaces: [Space; 2],
        /// Their face.
        face: Face,
    },
    /// The two face-up cards of `spaces` differ: they stay face up until they are turned
    /// face down (by the next player, or by the timer), and the turn is over.
    Miss {
        /// Who missed.
        player: PlayerIndex,
        /// The spaces of the two cards, the first turned over first.
        spaces: [Space; 2],
    },
    /// The two cards of the last miss lie face down again (the two [`Piece`](Self::Piece)
    /// moves before this one turned them): no card waits any more.
    Hidden {
        /// The spaces of the two cards.
        spaces: [Space; 2],
    },
    /// Every pair is taken: the game is over, most pairs wins.
    EndGame,
}

impl From<PieceMove<MemoryPlace, Face>> for MemoryMove {
    fn from(piece: PieceMove<MemoryPlace, Face>) -> Self {
        MemoryMove::Piece(piece)
    }
}

impl Move<Memory> for MemoryMove {
    fn apply(&self, game: &mut Memory, next: &mut MoveContext<'_, Self>) {
        match self {
            MemoryMove::Piece(piece) => {
                // The rules only move cards that lie where the move says (a bug otherwise),
                // and a refused move changes nothing.
                let applied = piece.apply(game, next);
                debug_assert_eq!(applied, Ok(()), "{piece:?}");
            }
            MemoryMove::Turned {
                player,
                space,
                face,
            } => {
                let Some((first, first_face)) =
                    game.first_card().filter(|(first, _)| first != space)
                else {
                    game.first = Some(*space);
                    return;
                };
                let spaces = [first, *space];
                if first_face == face {
                    next.then(MemoryMove::Capture {
                        player: *player,
                        spaces,
                        face: face.clone(),
                    });
                } else {
                    next.then(MemoryMove::Miss {
                        player: *player,
                        spaces,
                    });
                }
            }
            MemoryMove::Capture { player, spaces, .. } => {
                game.first = None;
                for taken in game.take(*player, *spaces) {
                    next.then(MemoryMove::Piece(taken));
                }
                // The two cards leave the table with the moves just asked for.
                if game.pairs_left() == 1 {
                    next.then(MemoryMove::EndGame);
                }
            }
            MemoryMove::Miss { spaces, .. } => {
                game.first = None;
                game.waiting = Some(*spaces);
                game.misses += 1;
            }
            MemoryMove::Hidden { .. } => game.waiting = None,
            MemoryMove::EndGame => game.over = true,
        }
    }

    /// A card's move as [`PieceMove::view`] shows it; Memory's own moves are public.
    fn view(&self, after: &Memory, viewer: Viewer) -> Option<Self> {
        Some(match self {
            MemoryMove::Piece(piece) => MemoryMove::Piece(piece.view(after, viewer)),
            other => other.clone(),
        })
    }
}
