//! The moves of Memory: the small steps of a turn, chained by their consequences.

use meeple::{
    Arrangement, Move, MoveContext, Piece, PlayerIndex, Policy, Slot, Space, Viewer, move_piece,
};
use serde::{Deserialize, Serialize};

use super::{Face, Memory};

/// A step of a game of Memory. The setup shuffles (`Shuffle -> Arrange`); a turn is
/// `[Hide] -> Reveal`, then `[Hide] -> Reveal -> Capture (-> EndGame)` or
/// `[Hide] -> Reveal -> Miss`, where `Hide` turns the cards of the last miss face down when
/// they still lie face up.
///
/// The face-down cards are hidden from every viewer but the admin: the shuffle's order is
/// concealed, and a card going face down is an anonymous card in their view
/// ([`Move::view`]). Turning a card over shows it to everyone.
///
/// Serialized with a `move` tag: `{"move":"capture","player":1,"spaces":[3,9],"face":"C"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum MemoryMove {
    /// The setup: the face-down cards are shuffled. Draws the game's only chance into the
    /// [`Arrange`](Self::Arrange) that follows.
    Shuffle,
    /// The face-down cards are put in a new order: space `i` takes the card of space
    /// `arrangement.order[i]`. Only the admin sees the order; the others see the cards stay
    /// where they lie ([`Arrangement::concealed`]).
    Arrange {
        /// The shuffle drawn.
        arrangement: Arrangement,
    },
    /// `player` turns over the card on `space`: it goes from the face-down board to the
    /// face-up one. Public once applied: it carries the card, which every viewer puts where
    /// they saw an anonymous card. The second card of a turn is followed by
    /// [`Capture`](Self::Capture) when it matches the first, else by [`Miss`](Self::Miss).
    Reveal {
        /// Who turns it over.
        player: PlayerIndex,
        /// Where it lies.
        space: Space,
        /// The card, as everyone sees it once face up.
        card: Piece<Face>,
    },
    /// The two face-up cards of `spaces` show the same `face`: `player` takes them into their
    /// pile and plays again. Once the last pair is taken, the game ends
    /// ([`EndGame`](Self::EndGame)).
    Capture {
        /// Who takes the pair.
        player: PlayerIndex,
        /// The spaces of the two cards, the first turned over first.
        spaces: [Space; 2],
        /// Their face.
        face: Face,
    },
    /// The two face-up cards of `spaces` differ: they stay face up until the next player
    /// turns them face down ([`Hide`](Self::Hide)), and the turn passes to `next`.
    Miss {
        /// Who missed.
        player: PlayerIndex,
        /// The spaces of the two cards, the first turned over first.
        spaces: [Space; 2],
        /// Whose turn it is now.
        next: PlayerIndex,
    },
    /// The two cards of the last miss are turned face down on their spaces. Carries each
    /// card as it lies afterwards, as the viewer sees it: the card itself for the admin, an
    /// anonymous card for everyone else.
    Hide {
        /// The spaces of the two cards.
        spaces: [Space; 2],
        /// What each space shows afterwards, as the viewer of this move sees it.
        cards: [Slot<Face>; 2],
    },
    /// Every pair is taken: the game is over, most pairs wins.
    EndGame,
}

impl Move<Memory> for MemoryMove {
    fn apply(&self, game: &mut Memory, next: &mut MoveContext<'_, Self>) {
        match self {
            MemoryMove::Shuffle => {
                let arrangement = Arrangement::shuffle(game.face_down.grid().len(), next.chance());
                next.then(MemoryMove::Arrange { arrangement });
            }
            MemoryMove::Arrange { arrangement } => {
                // A malformed arrangement (which `Shuffle` never draws) changes nothing.
                let _ = meeple::Place::arrange(&mut game.face_down, arrangement);
            }
            MemoryMove::Reveal {
                player,
                space,
                card,
            } => {
                game.reveal(*space, card);
                let Some((first, face)) = game.first_card().filter(|(first, _)| first != space)
                else {
                    game.first = Some(*space);
                    return;
                };
                let spaces = [first, *space];
                if face == card.component() {
                    next.then(MemoryMove::Capture {
                        player: *player,
                        spaces,
                        face: face.clone(),
                    });
                } else {
                    next.then(MemoryMove::Miss {
                        player: *player,
                        spaces,
                        next: game.seats().next(*player),
                    });
                }
            }
            MemoryMove::Capture { player, spaces, .. } => {
                if let Some(pile) = game.captured.get_mut(*player) {
                    for space in spaces {
                        // The rules put both cards face up before: nothing else to do if not.
                        let _ = move_piece(&mut game.face_up, space.0, pile, None);
                    }
                }
                game.first = None;
                if game.pairs_left() == 0 {
                    next.then(MemoryMove::EndGame);
                }
            }
            MemoryMove::Miss { spaces, next, .. } => {
                game.first = None;
                game.waiting = Some(*spaces);
                game.turn = *next;
            }
            MemoryMove::Hide { spaces, cards } => {
                for (space, card) in spaces.iter().zip(cards) {
                    Memory::turn_over(&mut game.face_up, &mut game.face_down, *space, card.clone());
                }
                game.waiting = None;
            }
            MemoryMove::EndGame => game.over = true,
        }
    }

    /// The shuffle's order is seen by the admin only; the cards turned face down are
    /// anonymous cards for everyone but the admin. Everything else is public.
    fn view(&self, _after: &Memory, viewer: Viewer) -> Option<Self> {
        if viewer == Viewer::Admin {
            return Some(self.clone());
        }
        Some(match self {
            MemoryMove::Arrange { arrangement } => MemoryMove::Arrange {
                arrangement: arrangement.concealed(),
            },
            MemoryMove::Hide { spaces, cards } => MemoryMove::Hide {
                spaces: *spaces,
                cards: cards.clone().map(|card| card.concealed(Policy::Len)),
            },
            other => other.clone(),
        })
    }
}
