//! What a move shows a viewer that was hidden from them: decided from the game's views, so
//! that undo never hands back a choice made after seeing a secret.
//!
//! A state is serialized twice, in full and as a viewer's [`View`] of it; every part where
//! the two differ is hidden from that viewer. A move *reveals* something to the viewer when
//! the move as they see it ([`Move::view`]) carries a value that lay in such a part just
//! before it applied: a card that leaves a hidden hand for the table, a card dealt face up
//! from a hidden shoe, a face-down card turned over. The values compared are strings and
//! non-empty arrays and objects, as JSON; bare numbers and booleans (a seat, a count, a
//! flag) are too common to say which thing they are, so a game whose secret is a bare
//! number (a die under a cup) shows it through a type of its own (`{"die":4}`).

use std::collections::HashSet;

use serde::Serialize;
use serde_json::Value;

use crate::chance::Chance;
use crate::game::Game;
use crate::moves::{Move, MoveContext};
use crate::player::PlayerIndex;
use crate::view::{Serialized, View, Viewer};

/// Where a record revealed something: which of the moves, and to whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Revealed {
    /// The position of the record among those examined.
    pub record: usize,
    /// Who saw what they could not see before.
    pub viewer: Viewer,
}

/// Applies `records`' moves, in order, to a copy of `state` (the state before the first of
/// them) and returns the first record one of whose moves showed a viewer (each seat and an
/// observer) a value hidden from them just before; `None` when none did.
///
/// The moves are applied one by one as logged, their consequences being logged after them;
/// a move that draws chance draws from a scratch chance, which only changes the data of
/// consequences that are not used.
pub(crate) fn first_revealing<'a, G: Game>(
    state: &G,
    players: usize,
    records: impl IntoIterator<Item = &'a [G::Move]>,
) -> Option<Revealed> {
    let viewers: Vec<Viewer> = (0..players)
        .map(|seat| Viewer::Player(PlayerIndex(seat)))
        .chain([Viewer::Observer])
        .collect();
    let mut state = state.clone();
    let mut scratch_chance = Chance::from_seed(0);
    let mut scratch = Vec::new();
    for (index, moves) in records.into_iter().enumerate() {
        for applied in moves {
            let hidden: Vec<HiddenValues> = viewers
                .iter()
                .map(|&viewer| HiddenValues::of(&state, viewer))
                .collect();
            applied.apply(
                &mut state,
                &mut MoveContext::new(&mut scratch, &mut scratch_chance),
            );
            scratch.clear();
            for (&viewer, hidden) in viewers.iter().zip(&hidden) {
                if hidden.is_empty() {
                    continue;
                }
                let shown = applied.view(&state, viewer).map(|seen| to_json(&seen));
                if shown.is_some_and(|shown| hidden.shown_in(&shown)) {
                    return Some(Revealed {
                        record: index,
                        viewer,
                    });
                }
            }
        }
    }
    None
}

/// The values of a state hidden from one viewer, each as its JSON text.
#[derive(Debug, Default)]
pub(crate) struct HiddenValues {
    values: HashSet<String>,
}

impl HiddenValues {
    /// What `viewer` does not see of `state`: every value inside a part where the state
    /// and its view differ.
    pub(crate) fn of<G: View>(state: &G, viewer: Viewer) -> Self {
        Self::with_view(state, viewer).0
    }

    /// [`of`](Self::of), with the viewer's view as JSON (`null` for the admin, who is
    /// shown everything).
    fn with_view<G: View>(state: &G, viewer: Viewer) -> (Self, Value) {
        let mut hidden = HiddenValues::default();
        if viewer == Viewer::Admin {
            return (hidden, Value::Null);
        }
        let full = to_json(&Serialized(state));
        let seen = to_json(&Serialized(&state.view(viewer)));
        hidden.collect_differences(&full, &seen);
        (hidden, seen)
    }

    /// As [`of`](Self::of), less the values the viewer sees somewhere in their view (a
    /// second card of the same face already turned up): for texts, where a value is only
    /// its words. Not for moves, whose values say which thing moved: a suit a player showed
    /// they lack lists cards that are still hidden in hands.
    #[cfg(test)]
    pub(crate) fn unseen_of<G: View>(state: &G, viewer: Viewer) -> Self {
        let (mut hidden, seen) = Self::with_view(state, viewer);
        for_each_distinct(&seen, &mut |value| {
            hidden.values.remove(&value.to_string());
        });
        hidden
    }

    /// As `unseen_of`, but only of the strings among `words` (the words
    /// of the texts to check): the same answer to [`named_in`](Self::named_in) for those
    /// texts, found without building the set of every hidden value, so that a state with a
    /// large hidden part (a shoe of six decks) costs two walks of its JSON, not a set of
    /// all its values at every step.
    pub(crate) fn unseen_among<G: View>(state: &G, viewer: Viewer, words: &HashSet<&str>) -> Self {
        let mut hidden = HiddenValues::default();
        if viewer == Viewer::Admin || words.is_empty() {
            return hidden;
        }
        // A word that is no string of the state's JSON text is hidden nowhere: most
        // messages name nothing of the state, and are then done without building its tree.
        let text = serde_json::to_string(&Serialized(state)).unwrap_or_default();
        let quoted = |word: &str| Value::String(word.to_owned()).to_string();
        if !words.iter().any(|word| text.contains(&quoted(word))) {
            return hidden;
        }
        let full = to_json(&Serialized(state));
        let seen = to_json(&Serialized(&state.view(viewer)));
        let mut found: HashSet<String> = HashSet::new();
        differences(&full, &seen, &mut |value| {
            if let Value::String(text) = value
                && words.contains(text.as_str())
            {
                found.insert(text.clone());
            }
        });
        if found.is_empty() {
            return hidden;
        }
        for_each_distinct(&seen, &mut |value| {
            if let Value::String(text) = value {
                found.remove(text);
            }
        });
        hidden.values = found
            .into_iter()
            .map(|text| Value::String(text).to_string())
            .collect();
        hidden
    }

    /// The words of `text` as [`named_in`](Self::named_in) reads them: runs of letters and
    /// digits.
    pub(crate) fn words(text: &str) -> impl Iterator<Item = &str> {
        text.split(|character: char| !character.is_alphanumeric())
            .filter(|word| !word.is_empty())
    }

    /// The hidden strings that appear in `text` as whole words (between characters that
    /// are neither letters nor digits): a message that names a hidden card.
    pub(crate) fn named_in(&self, text: &str) -> Option<String> {
        Self::words(text)
            .find(|word| {
                self.values
                    .contains(&Value::String((*word).to_owned()).to_string())
            })
            .map(str::to_owned)
    }

    /// The values hidden here that are hidden in `other` too.
    pub(crate) fn within(&self, other: &HiddenValues) -> Self {
        HiddenValues {
            values: self
                .values
                .iter()
                .filter(|value| other.values.contains(*value))
                .cloned()
                .collect(),
        }
    }

    /// Whether nothing is hidden.
    pub(crate) fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Whether `shown` holds, anywhere in it, one of the hidden values.
    pub(crate) fn shown_in(&self, shown: &Value) -> bool {
        let mut found = false;
        for_each_distinct(shown, &mut |value| {
            found = found || self.values.contains(&value.to_string());
        });
        found
    }

    /// Adds the parts of `full` that differ from `seen` ([`differences`]).
    fn collect_differences(&mut self, full: &Value, seen: &Value) {
        differences(full, seen, &mut |value| {
            self.values.insert(value.to_string());
        });
    }
}

/// Calls `visit` with every distinct value ([`for_each_distinct`]) of the parts of `full`
/// that differ from `seen`: a member or an element of the same place when both are
/// objects, or arrays of one length; else `full` whole.
fn differences(full: &Value, seen: &Value, visit: &mut impl FnMut(&Value)) {
    if full == seen {
        return;
    }
    match (full, seen) {
        (Value::Object(full), Value::Object(seen)) => {
            for (key, member) in full {
                match seen.get(key) {
                    Some(seen_member) => differences(member, seen_member, visit),
                    None => for_each_distinct(member, visit),
                }
            }
        }
        (Value::Array(full), Value::Array(seen)) if full.len() == seen.len() => {
            for (element, seen_element) in full.iter().zip(seen) {
                differences(element, seen_element, visit);
            }
        }
        _ => for_each_distinct(full, visit),
    }
}

/// Calls `visit` with `value` and every value inside it that can say which thing it is:
/// non-empty strings, arrays and objects.
fn for_each_distinct(value: &Value, visit: &mut impl FnMut(&Value)) {
    match value {
        Value::String(text) if !text.is_empty() => visit(value),
        Value::Array(elements) if !elements.is_empty() => {
            visit(value);
            for element in elements {
                for_each_distinct(element, visit);
            }
        }
        Value::Object(members) if !members.is_empty() => {
            visit(value);
            for member in members.values() {
                for_each_distinct(member, visit);
            }
        }
        _ => {}
    }
}

/// `value` as JSON; `null` for a value that cannot be serialized (a map with non-string
/// keys), which then hides and shows nothing.
fn to_json(value: &impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn hidden(full: Value, seen: Value) -> HiddenValues {
        let mut hidden = HiddenValues::default();
        hidden.collect_differences(&full, &seen);
        hidden
    }

    #[test]
    fn a_hidden_hand_hides_each_card_and_the_hand() {
        let hidden = hidden(
            json!({"hands": [["QS", "2C"], ["AH"]], "trick": []}),
            json!({"hands": [[], ["AH"]], "trick": []}),
        );
        assert!(hidden.shown_in(&json!({"move": "play", "player": 0, "card": "QS"})));
        assert!(!hidden.shown_in(&json!({"move": "play", "player": 1, "card": "AH"})));
        assert!(!hidden.shown_in(&json!({"move": "pass", "player": 0, "cards": []})));
    }

    #[test]
    fn numbers_alone_say_nothing() {
        let hidden = hidden(json!({"die": 4, "seat": 1}), json!({"die": 0, "seat": 1}));
        assert!(hidden.is_empty());
    }

    #[test]
    fn a_concealed_piece_hides_its_identity() {
        let piece =
            json!({"id": {"deck": 0, "index": 5}, "component": "7H", "value": null, "token": 9});
        let hidden = hidden(
            json!({"shoe": [{"known": piece.clone()}]}),
            json!({"shoe": [{"hidden": null}]}),
        );
        assert!(hidden.shown_in(&json!({"move": "deal", "card": {"known": piece}})));
        assert!(!hidden.shown_in(&json!({"move": "deal", "card": {"hidden": 9}})));
    }

    /// A state with a hidden hand and a card of the same face shown: the hidden values
    /// found among a text's words are the ones found in the whole set, for every viewer.
    #[test]
    fn words_among_the_hidden_are_the_hidden_words() {
        #[derive(Clone, serde::Serialize)]
        struct Table {
            hands: Vec<Vec<String>>,
            shown: Vec<String>,
        }
        impl View for Table {
            fn view(&self, viewer: Viewer) -> Self {
                let mut view = self.clone();
                for (seat, hand) in view.hands.iter_mut().enumerate() {
                    if viewer != Viewer::Admin && viewer != Viewer::Player(PlayerIndex(seat)) {
                        hand.clear();
                    }
                }
                view
            }
            fn serialize_state<S: serde::Serializer>(
                &self,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                serde::Serialize::serialize(self, serializer)
            }
        }
        let table = Table {
            hands: vec![
                vec!["QS".into(), "7H".into()],
                vec!["AH".into(), "KD".into()],
            ],
            shown: vec!["7H".into()],
        };
        for text in ["North plays QS", "a 7H and AH", "KD, QS! 2C", "nothing"] {
            let words: HashSet<&str> = HiddenValues::words(text).collect();
            for viewer in [
                Viewer::Player(PlayerIndex(0)),
                Viewer::Player(PlayerIndex(1)),
                Viewer::Observer,
                Viewer::Admin,
            ] {
                assert_eq!(
                    HiddenValues::unseen_among(&table, viewer, &words).named_in(text),
                    HiddenValues::unseen_of(&table, viewer).named_in(text),
                    "{text} for {viewer:?}"
                );
            }
        }
        let words: HashSet<&str> = HiddenValues::words("a 7H and AH").collect();
        let hidden = HiddenValues::unseen_among(&table, Viewer::Player(PlayerIndex(0)), &words);
        assert_eq!(hidden.named_in("a 7H and AH").as_deref(), Some("AH"));
    }
}
