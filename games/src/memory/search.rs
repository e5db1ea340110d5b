//! What a search agent needs of Memory ([`meeple::SearchAgent`]): a full table drawn from
//! what a player saw ([`Search::determinize_recalled`](meeple::Search::determinize_recalled):
//! Memory [`RECALLS`](meeple::Game::RECALLS)) and a horizon at the end of the turn
//! ([`Search::evaluate`](meeple::Search::evaluate)).

use std::collections::BTreeMap;

use meeple::{Chance, ComponentId, Piece, PieceMove, Place, Slot, Space};

use super::moves::MemoryMove;
use super::{Face, Memory, MemoryPlace};

impl Memory {
    /// A full table consistent with this view: every anonymous face-down card replaced by a
    /// card the viewer cannot locate, drawn at random from `chance`, on the same space.
    ///
    /// The cards the viewer can locate are those of the view's places: face up on the table
    /// and in the piles of pairs. The others, of [`Memory::deck`], are shuffled onto the
    /// hidden spaces. A view of Memory holds no memory of cards turned over and face down
    /// again, so every such card is drawn anew ([`recalled`](Self::recalled) remembers them).
    /// A state without hidden cards (the admin's) comes back as it is; a view with more
    /// hidden cards than unseen ones (which no view of a game reaches) keeps the surplus
    /// hidden.
    pub(super) fn determinized(&self, chance: &mut Chance) -> Memory {
        self.determinized_knowing(&BTreeMap::new(), chance)
    }

    /// As [`determinized`](Self::determinized), remembering what the viewer saw: `seen` is
    /// every move as the viewer saw it, in order (a reveal shows them a card on its space, a
    /// capture takes it off the table, a new arrangement of the table (the shuffle) makes
    /// them forget every space). A card seen on a space and turned face down again goes
    /// back there; only the cards never seen are drawn. A player with a perfect memory.
    pub(super) fn recalled(&self, seen: &[MemoryMove], chance: &mut Chance) -> Memory {
        let mut known = BTreeMap::new();
        for moved in seen {
            match moved {
                MemoryMove::Piece(PieceMove::Arrange { .. }) => known.clear(),
                // Turned over: the viewer sees the card where it lands, face up.
                MemoryMove::Piece(PieceMove::Move {
                    to: MemoryPlace::FaceUp,
                    at,
                    seen: Some(Slot::Known(card)),
                    ..
                }) => {
                    known.insert(Space(*at), card.id());
                }
                MemoryMove::Capture { spaces, .. } => {
                    for space in spaces {
                        known.remove(space);
                    }
                }
                _ => {}
            }
        }
        self.determinized_knowing(&known, chance)
    }

    /// The hidden face-down cards filled in: those of `known` on their space, the others
    /// drawn from the unseen cards at random.
    fn determinized_knowing(
        &self,
        known: &BTreeMap<Space, ComponentId>,
        chance: &mut Chance,
    ) -> Memory {
        let deck = Memory::deck(&self.config);
        let mut unseen: Vec<Piece<Face>> = deck.unseen((), self);
        let mut world = self.clone();
        let hidden: Vec<Space> = world
            .face_down
            .taken()
            .filter(|&space| world.face_down.get(space).is_some_and(Slot::is_hidden))
            .collect();
        let mut drawn = Vec::with_capacity(hidden.len());
        for space in hidden {
            let remembered = known
                .get(&space)
                .and_then(|id| unseen.iter().position(|piece| piece.id() == *id));
            match remembered {
                Some(at) => {
                    let piece = unseen.remove(at);
                    world
                        .face_down
                        .replace_unchecked(space.0, Slot::Known(piece));
                }
                None => drawn.push(space),
            }
        }
        chance.shuffle(&mut unseen);
        for space in drawn {
            let Some(piece) = unseen.pop() else {
                break;
            };
            world
                .face_down
                .replace_unchecked(space.0, Slot::Known(piece));
        }
        world
    }

    /// The search horizon: once the turn of the player who was to play at `root` is over (a
    /// miss passed the turn, or the last pair was taken), each player's reward is the share
    /// of the pairs left at `root` that they took since. `None` while that turn goes on.
    ///
    /// Playing out whole games from a view teaches a search nothing more, since the view
    /// forgets where the cards turned face down again lie, and costs seven times as much
    /// (measured on a 3 x 4 table).
    pub(super) fn turn_reward(&self, root: &Memory, player: meeple::PlayerIndex) -> Option<f64> {
        if !self.over && self.misses == root.misses {
            return None;
        }
        let left = root.pairs_left();
        if left == 0 {
            return Some(0.0);
        }
        let gained = self.pairs(player).saturating_sub(root.pairs(player));
        Some((gained as f64 / left as f64).clamp(0.0, 1.0))
    }
}
