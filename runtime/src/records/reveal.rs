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
//! number (a die under a cup) shows it through a type of its own (`{"die":4}`). A move that
//! declares a look ([`Move::shown_to`]: a peek at another's card) reveals to that viewer
//! whatever its view carries.

use std::collections::HashSet;
use std::ops::ControlFlow;

use crate::pieces::chance::Chance;
use crate::pieces::player::PlayerIndex;
use crate::rules::game::Game;
use crate::rules::moves::{Move, MoveContext};
use crate::seen::json_tree::{JsonTree, Kind, Part};
use crate::seen::view::{Serialized, View, Viewer};

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
            // A copy, not the JSON of the state before: a move that shows a viewer nothing
            // that could say which thing it is needs none written.
            let before = state.clone();
            applied.apply(
                &mut state,
                &mut MoveContext::new(&mut scratch, &mut scratch_chance),
            );
            scratch.clear();
            let mut json = StateJson::new(&before);
            for &viewer in &viewers {
                // A look the move declares is a secret shown, whatever its view carries.
                if !applied.shown_to(&state, viewer).is_empty() {
                    return Some(Revealed {
                        record: index,
                        viewer,
                    });
                }
                let Some(seen) = applied.view(&state, viewer) else {
                    continue;
                };
                if shows_hidden(&mut json, viewer, &JsonTree::of(&seen)) {
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

/// Whether `shown` holds, anywhere in it, a value `viewer` does not see of the state of
/// `json`: a distinct value ([`for_each_distinct`]) inside a part where the state and the
/// viewer's view of it differ, as JSON.
pub(crate) fn shows_hidden<G: View>(
    json: &mut StateJson<'_, G>,
    viewer: Viewer,
    shown: &JsonTree,
) -> bool {
    if viewer == Viewer::Admin {
        return false;
    }
    // Only a value the state's text could hold can lie in a hidden part of it: most moves
    // (whose turn it is, what a player chose) are then done without writing any view.
    if json.inert.iter().any(|inert| inert == shown.text()) {
        return false;
    }
    let values = candidates(shown, json.text());
    if values.is_empty() {
        // Most moves look the same to every viewer: the next is done at once.
        json.inert.push(shown.text().to_owned());
        return false;
    }
    let Some(seen) = json.view(viewer) else {
        return false;
    };
    // Viewers who see the state alike and are shown the same are answered once: every
    // player and an observer, for a move everyone sees alike in a game that hides the
    // same from all.
    if let Some(&(_, _, shows)) = json
        .answered
        .iter()
        .find(|(view, text, _)| *view == seen && text == shown.text())
    {
        return shows;
    }
    let shows = json
        .trees(seen)
        .is_some_and(|(full, seen)| lies_where_hidden(full, seen, &values));
    json.answered.push((seen, shown.text().to_owned(), shows));
    shows
}

/// The distinct values of `shown` ([`for_each_distinct`]) that may lie in `text`, a
/// state's JSON text ([`may_lie_in`]).
fn candidates<'a>(shown: &'a JsonTree, text: &str) -> Vec<Part<'a>> {
    let mut values = Vec::new();
    let mut searched = Vec::new();
    let _ = for_each_distinct(shown.root(), &mut |value| {
        if may_lie_in(value, text, &mut searched) {
            values.push(value);
        }
        ControlFlow::Continue(())
    });
    values
}

/// Whether one of `values` is a distinct value of a part where `full` and `seen` differ.
fn lies_where_hidden(full: &JsonTree, seen: &JsonTree, values: &[Part<'_>]) -> bool {
    differences(full.root(), seen.root(), &mut |value| {
        if values.contains(&value) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_break()
}

/// Whether `value` may equal a value inside `text`, a JSON text: each string of it is in
/// the text as a string, each key as a key. (A value inside the text is written in it,
/// with the members of its objects maybe in another order.) `searched` keeps what was
/// found of each string and key, as the distinct values of one move hold one another.
fn may_lie_in<'a>(value: Part<'a>, text: &str, searched: &mut Vec<(&'a str, bool, bool)>) -> bool {
    match value.kind() {
        Kind::String => occurs(text, value.text(), false, searched),
        Kind::Scalar => true,
        Kind::Array => value
            .children()
            .all(|element| may_lie_in(element, text, searched)),
        Kind::Object => value.children().all(|member| {
            occurs(text, member.key(), true, searched) && may_lie_in(member, text, searched)
        }),
    }
}

/// Whether the JSON string `quoted` occurs in the JSON text `text` as a key (followed by
/// `:`) or as a string value (followed by anything else); `searched` as in [`may_lie_in`].
fn occurs<'a>(
    text: &str,
    quoted: &'a str,
    as_key: bool,
    searched: &mut Vec<(&'a str, bool, bool)>,
) -> bool {
    if let Some(&(_, _, found)) = searched
        .iter()
        .find(|(word, key, _)| *word == quoted && *key == as_key)
    {
        return found;
    }
    // `contains` first: it is the faster search, and most strings of a move are nowhere. It
    // goes by the first and last characters of what it looks for, which are too common in
    // JSON when the first is a quote.
    let found = text.contains(quoted.strip_prefix('"').unwrap_or(quoted))
        && text.match_indices(quoted).any(|(at, _)| {
            let next = text[at + quoted.len()..].trim_start().bytes().next();
            (next == Some(b':')) == as_key
        });
    searched.push((quoted, as_key, found));
    found
}

/// A state's JSON and its views', each written once and read into a tree only when walked:
/// the checks ask the same state of every viewer, and often of several things. Views of one
/// text (each seat's, in a game without private hands) share one tree.
pub(crate) struct StateJson<'s, G> {
    state: &'s G,
    full: Option<Written>,
    views: Vec<Written>,
    /// The JSON texts of values shown that hold nothing the state's text could hold.
    inert: Vec<String>,
    /// Each view (its index among `views`) and value shown (its JSON text) asked so far,
    /// with whether the value lies where that view hides the state.
    answered: Vec<(usize, String, bool)>,
}

/// A JSON text, and its tree once read.
enum Written {
    Text(String),
    Read(JsonTree),
}

impl Written {
    fn text(&self) -> &str {
        match self {
            Written::Text(text) => text,
            Written::Read(tree) => tree.text(),
        }
    }

    fn read(&mut self) {
        if let Written::Text(text) = self {
            *self = Written::Read(JsonTree::parse(std::mem::take(text)));
        }
    }

    fn tree(&self) -> Option<&JsonTree> {
        match self {
            Written::Text(_) => None,
            Written::Read(tree) => Some(tree),
        }
    }
}

impl<'s, G: View> StateJson<'s, G> {
    /// Nothing written yet of `state`.
    pub(crate) fn new(state: &'s G) -> Self {
        StateJson {
            state,
            full: None,
            views: Vec::new(),
            inert: Vec::new(),
            answered: Vec::new(),
        }
    }

    /// As [`new`](Self::new), with the state's JSON text already written: `text` must be
    /// what [`JsonTree::text_of`] writes of the state.
    pub(crate) fn with_text(mut self, text: String) -> Self {
        self.full = Some(Written::Text(text));
        self
    }

    /// The state's JSON text.
    fn text(&mut self) -> &str {
        self.full
            .get_or_insert_with(|| Written::Text(JsonTree::text_of(&Serialized(self.state))))
            .text()
    }

    /// Which of the views written so far is `viewer`'s, writing it if none is; `None` when
    /// their view is the whole state, which hides nothing from them.
    fn view(&mut self, viewer: Viewer) -> Option<usize> {
        let text = JsonTree::text_of(&Serialized(&self.state.view(viewer)));
        if self.text() == text {
            return None;
        }
        if let Some(index) = self.views.iter().position(|view| view.text() == text) {
            return Some(index);
        }
        self.views.push(Written::Text(text));
        Some(self.views.len() - 1)
    }

    /// The text of the view of index `view` ([`view`](Self::view)).
    fn view_text(&self, view: usize) -> &str {
        self.views.get(view).map(Written::text).unwrap_or_default()
    }

    /// The state's tree and the view of index `view` ([`view`](Self::view)), read.
    fn trees(&mut self, view: usize) -> Option<(&JsonTree, &JsonTree)> {
        self.text();
        self.full.as_mut()?.read();
        self.views.get_mut(view)?.read();
        Some((self.full.as_ref()?.tree()?, self.views.get(view)?.tree()?))
    }
}

/// Strings, each as its JSON text: the words of messages ([`words_of`](Self::words_of)),
/// and those of them a viewer does not see of a state
/// ([`unseen_among`](Self::unseen_among)), which their messages must not name.
#[derive(Clone, Debug, Default)]
pub(crate) struct HiddenValues {
    values: HashSet<String>,
}

impl HiddenValues {
    /// The words of `texts` ([`words`](Self::words)), as JSON strings: what
    /// [`unseen_among`](Self::unseen_among) looks for.
    pub(crate) fn words_of<'t>(texts: impl IntoIterator<Item = &'t str>) -> Self {
        HiddenValues {
            values: texts.into_iter().flat_map(Self::words).map(quote).collect(),
        }
    }

    /// For each of `viewers`, the strings among its `candidates` (words as JSON strings:
    /// [`words_of`](Self::words_of), or what was hidden from them before) that they do not
    /// see of the state of `json`: in a part where the state and their view differ, and
    /// nowhere in their view (a second card of the same face already turned up). Only
    /// strings: in a text, a value is only its words.
    ///
    /// Found without building the set of every hidden value, so that a state with a large
    /// hidden part (a shoe of six decks) costs one walk of its JSON per different view, not
    /// a set of all its values at every step.
    pub(crate) fn unseen_among<G: View>(
        json: &mut StateJson<'_, G>,
        viewers: &[Viewer],
        candidates: &[&HiddenValues],
    ) -> Vec<Self> {
        // A word that is no string of the state's JSON text is hidden nowhere: most
        // messages name nothing of the state, and are then done with its text alone.
        let present: Vec<HashSet<String>> = {
            let text = json.text();
            candidates
                .iter()
                .map(|candidates| {
                    candidates
                        .values
                        .iter()
                        .filter(|word| text.contains(word.as_str()))
                        .cloned()
                        .collect()
                })
                .collect()
        };
        let mut unseen = Vec::with_capacity(viewers.len());
        // The answer for each view read and set of words, for the viewers that share them.
        let mut answers: Vec<(usize, &HiddenValues, HiddenValues)> = Vec::new();
        for (&viewer, (words, candidates)) in viewers.iter().zip(present.iter().zip(candidates)) {
            if viewer == Viewer::Admin || words.is_empty() {
                unseen.push(HiddenValues::default());
                continue;
            }
            let Some(view) = json.view(viewer) else {
                unseen.push(HiddenValues::default());
                continue;
            };
            if let Some((_, _, answer)) = answers
                .iter()
                .find(|(answered, asked, _)| *answered == view && std::ptr::eq(*asked, *candidates))
            {
                unseen.push(answer.clone());
                continue;
            }
            // A word the view shows anywhere, as a string, is not unseen: most words of a
            // message once its card is on the table. Read only for the others.
            let seen_text = json.view_text(view);
            let unshown: HashSet<&str> = words
                .iter()
                .map(String::as_str)
                .filter(|word| !shown_as_string(seen_text, word))
                .collect();
            let answer = if unshown.is_empty() {
                HiddenValues::default()
            } else {
                match json.trees(view) {
                    Some((full, seen)) => Self::unseen_in(full, seen, &unshown),
                    None => HiddenValues::default(),
                }
            };
            answers.push((view, candidates, answer.clone()));
            unseen.push(answer);
        }
        unseen
    }

    /// The strings among `words` (JSON texts) in a part where `full` and `seen` differ,
    /// less those anywhere in `seen`.
    fn unseen_in(full: &JsonTree, seen: &JsonTree, words: &HashSet<&str>) -> Self {
        let mut found: HashSet<&str> = HashSet::new();
        let _ = differences(full.root(), seen.root(), &mut |value| {
            if value.kind() == Kind::String && words.contains(value.text()) {
                found.insert(value.text());
            }
            ControlFlow::Continue(())
        });
        if !found.is_empty() {
            let _ = for_each_distinct(seen.root(), &mut |value| {
                if value.kind() == Kind::String {
                    found.remove(value.text());
                }
                ControlFlow::Continue(())
            });
        }
        HiddenValues {
            values: found.into_iter().map(str::to_owned).collect(),
        }
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
            .find(|word| self.values.contains(&quote(word)))
            .map(str::to_owned)
    }

    /// These values less the words of `told` (values a move said aloud or showed: see
    /// [`Move::spoken`] and [`Move::shown_to`]), read as [`words`](Self::words) reads a
    /// text.
    pub(crate) fn without<'t>(&self, told: impl IntoIterator<Item = &'t str>) -> Self {
        let mut values = self.values.clone();
        for word in told.into_iter().flat_map(Self::words) {
            values.remove(&quote(word));
        }
        HiddenValues { values }
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
}

/// Whether the string `quoted` (as JSON: `"QS"`) is a string value somewhere in `text`, a
/// JSON text. Exact when it starts with a letter or a digit: not a key, not inside a longer
/// string (a quote before such a character opens a string, unless it is escaped). `false`
/// for any other string, which a walk of the trees then decides.
fn shown_as_string(text: &str, quoted: &str) -> bool {
    let starts_alphanumeric = quoted
        .strip_prefix('"')
        .and_then(|content| content.chars().next())
        .is_some_and(char::is_alphanumeric);
    if !starts_alphanumeric {
        return false;
    }
    text.contains(quoted.strip_prefix('"').unwrap_or(quoted))
        && text.match_indices(quoted).any(|(at, _)| {
            let escaped = text[..at].ends_with('\\');
            let next = text[at + quoted.len()..].trim_start().bytes().next();
            !escaped && next != Some(b':')
        })
}

/// `word` as a JSON string, as it is written in a state's JSON.
fn quote(word: &str) -> String {
    serde_json::Value::String(word.to_owned()).to_string()
}

/// Calls `visit` with every distinct value ([`for_each_distinct`]) of the parts of `full`
/// that differ from `seen`: a member or an element of the same place when both are
/// objects, or arrays of one length; else `full` whole. Stops at the first break.
fn differences<'a>(
    full: Part<'a>,
    seen: Part<'_>,
    visit: &mut impl FnMut(Part<'a>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if full == seen {
        return ControlFlow::Continue(());
    }
    match (full.kind(), seen.kind()) {
        (Kind::Object, Kind::Object) => {
            for member in full.children() {
                match seen.get(member.key()) {
                    Some(seen_member) => differences(member, seen_member, visit)?,
                    None => for_each_distinct(member, visit)?,
                }
            }
            ControlFlow::Continue(())
        }
        (Kind::Array, Kind::Array) if full.len() == seen.len() => {
            for (element, seen_element) in full.children().zip(seen.children()) {
                differences(element, seen_element, visit)?;
            }
            ControlFlow::Continue(())
        }
        _ => for_each_distinct(full, visit),
    }
}

/// Calls `visit` with `value` and every value inside it that can say which thing it is:
/// non-empty strings, arrays and objects. Stops at the first break.
fn for_each_distinct<'a>(
    value: Part<'a>,
    visit: &mut impl FnMut(Part<'a>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    match value.kind() {
        Kind::String if value.text() != "\"\"" => visit(value),
        Kind::Array | Kind::Object if value.len() > 0 => {
            visit(value)?;
            for child in value.children() {
                for_each_distinct(child, visit)?;
            }
            ControlFlow::Continue(())
        }
        _ => ControlFlow::Continue(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// Hidden values as they were found before [`JsonTree`]: every distinct value of the
    /// parts where the `serde_json::Value`s of the state and of the view differ, written
    /// as text into a set. What the walks over trees must agree with.
    mod reference {
        use std::collections::HashSet;

        use serde_json::Value;

        use crate::seen::view::{Serialized, View, Viewer};

        pub(super) fn hidden(full: &Value, seen: &Value) -> HashSet<String> {
            let mut hidden = HashSet::new();
            differences(full, seen, &mut |value| {
                hidden.insert(value.to_string());
            });
            hidden
        }

        pub(super) fn shown_in(hidden: &HashSet<String>, shown: &Value) -> bool {
            let mut found = false;
            distinct(shown, &mut |value| {
                found = found || hidden.contains(&value.to_string());
            });
            found
        }

        /// What `viewer` does not see of `state`, and their view, as JSON.
        pub(super) fn of<G: View>(state: &G, viewer: Viewer) -> (HashSet<String>, Value) {
            if viewer == Viewer::Admin {
                return (HashSet::new(), Value::Null);
            }
            let full = serde_json::to_value(Serialized(state)).unwrap_or_default();
            let seen = serde_json::to_value(Serialized(&state.view(viewer))).unwrap_or_default();
            (hidden(&full, &seen), seen)
        }

        /// As [`of`], less what the viewer sees somewhere in their view.
        pub(super) fn unseen_of<G: View>(state: &G, viewer: Viewer) -> HashSet<String> {
            let (mut hidden, seen) = of(state, viewer);
            distinct(&seen, &mut |value| {
                hidden.remove(&value.to_string());
            });
            hidden
        }

        fn differences(full: &Value, seen: &Value, visit: &mut impl FnMut(&Value)) {
            if full == seen {
                return;
            }
            match (full, seen) {
                (Value::Object(full), Value::Object(seen)) => {
                    for (key, member) in full {
                        match seen.get(key) {
                            Some(seen_member) => differences(member, seen_member, visit),
                            None => distinct(member, visit),
                        }
                    }
                }
                (Value::Array(full), Value::Array(seen)) if full.len() == seen.len() => {
                    for (element, seen_element) in full.iter().zip(seen) {
                        differences(element, seen_element, visit);
                    }
                }
                _ => distinct(full, visit),
            }
        }

        fn distinct(value: &Value, visit: &mut impl FnMut(&Value)) {
            match value {
                Value::String(text) if !text.is_empty() => visit(value),
                Value::Array(elements) if !elements.is_empty() => {
                    visit(value);
                    for element in elements {
                        distinct(element, visit);
                    }
                }
                Value::Object(members) if !members.is_empty() => {
                    visit(value);
                    for member in members.values() {
                        distinct(member, visit);
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether `shown` shows a value hidden where `seen` differs from `full`, asked of the
    /// walk over their trees and of the set of hidden values, which must agree.
    fn shows(full: &Value, seen: &Value, shown: &Value) -> bool {
        let by_set = reference::shown_in(&reference::hidden(full, seen), shown);
        let (full_tree, seen_tree, shown_tree) =
            (JsonTree::of(full), JsonTree::of(seen), JsonTree::of(shown));
        let by_walk = lies_where_hidden(
            &full_tree,
            &seen_tree,
            &candidates(&shown_tree, full_tree.text()),
        );
        assert_eq!(by_walk, by_set, "{shown} from {full} seen as {seen}");
        by_set
    }

    #[test]
    fn a_hidden_hand_hides_each_card_and_the_hand() {
        let full = json!({"hands": [["QS", "2C"], ["AH"]], "trick": []});
        let seen = json!({"hands": [[], ["AH"]], "trick": []});
        assert!(shows(
            &full,
            &seen,
            &json!({"move": "play", "player": 0, "card": "QS"})
        ));
        assert!(shows(&full, &seen, &json!({"cards": ["2C", "QS"]})));
        assert!(shows(&full, &seen, &json!([["QS", "2C"]])));
        assert!(!shows(
            &full,
            &seen,
            &json!({"move": "play", "player": 1, "card": "AH"})
        ));
        assert!(!shows(
            &full,
            &seen,
            &json!({"move": "pass", "player": 0, "cards": []})
        ));
    }

    #[test]
    fn numbers_alone_say_nothing() {
        let (full, seen) = (json!({"die": 4, "seat": 1}), json!({"die": 0, "seat": 1}));
        assert!(reference::hidden(&full, &seen).is_empty());
        assert!(!shows(&full, &seen, &json!({"move": "roll", "die": 4})));
        assert!(!shows(&full, &seen, &full));
    }

    #[test]
    fn a_concealed_piece_hides_its_identity() {
        let piece =
            json!({"id": {"deck": 0, "index": 5}, "component": "7H", "value": null, "token": 9});
        let full = json!({"shoe": [{"known": piece.clone()}]});
        let seen = json!({"shoe": [{"hidden": null}]});
        assert!(shows(
            &full,
            &seen,
            &json!({"move": "deal", "card": {"known": piece}})
        ));
        // The piece's id alone says which card it is, its members in any order.
        assert!(shows(&full, &seen, &json!({"deck": 0, "index": 5})));
        let reordered = JsonTree::parse(r#"{"index":5,"deck":0}"#.to_owned());
        let full_tree = JsonTree::of(&full);
        assert!(
            differences(full_tree.root(), JsonTree::of(&seen).root(), &mut |value| {
                if value == reordered.root() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .is_break()
        );
        assert!(!shows(&full, &seen, &json!({"deck": 0, "index": 6})));
        assert!(!shows(
            &full,
            &seen,
            &json!({"move": "deal", "card": {"hidden": 9}})
        ));
    }

    /// Only the values whose strings and keys are written in the state, as strings and as
    /// keys, can lie in it: a move that names a key of the state as a string (a place it
    /// came from), or whose keys the state lacks, is done with the state's text alone.
    #[test]
    fn only_what_the_state_writes_may_lie_in_it() {
        let state = JsonTree::of(&json!({
            "shoe": [{"known": {"id": {"deck": 0, "index": 5}, "component": "7H"}}],
            "to_play": "north",
        }));
        let text = state.text();
        let lies = |value: Value| may_lie_in(JsonTree::of(&value).root(), text, &mut Vec::new());
        assert!(lies(json!("7H")));
        assert!(lies(json!("north")));
        assert!(lies(json!({"index": 5, "deck": 0})));
        assert!(lies(
            json!({"known": {"component": "7H", "id": {"deck": 0, "index": 9}}})
        ));
        assert!(lies(json!([["7H"], 3])));
        assert!(!lies(json!("shoe")));
        assert!(!lies(json!("7D")));
        assert!(!lies(json!({"north": 1})));
        assert!(!lies(json!({"move": "hit", "player": 0})));
        let shown = JsonTree::of(&json!({"move": "deal", "from": "shoe", "card": "7H"}));
        let found: Vec<&str> = candidates(&shown, text)
            .into_iter()
            .map(Part::text)
            .collect();
        assert_eq!(found, ["\"7H\""]);
    }

    /// A string is shown as a value only where a string of exactly its text is: not as a
    /// key, not inside a longer string, not behind an escaped quote.
    #[test]
    fn a_string_is_shown_where_it_is_a_value() {
        let text = JsonTree::text_of(&json!({
            "QS": 1,
            "table": ["7H", "a \"KD\" b", "2C x", "x 3C", ["AH"]],
            "by": {"seat": "North"},
        }));
        for (word, shown) in [
            ("7H", true),
            ("AH", true),
            ("North", true),
            ("QS", false),
            ("KD", false),
            ("2C", false),
            ("3C", false),
            ("seat", false),
            ("JD", false),
        ] {
            assert_eq!(
                shown_as_string(&text, &quote(word)),
                shown,
                "{word} in {text}"
            );
        }
        // Not starting with a letter or a digit: left to the walk.
        assert!(!shown_as_string(r#"[" x"]"#, &quote(" x")));
    }

    /// Parts of different shapes in the state and the view (a member the view lacks, an
    /// array of another length, a value of another kind) are hidden whole.
    #[test]
    fn parts_of_another_shape_are_hidden_whole() {
        let full = json!({"hand": ["QS", "2C"], "hole": {"card": "AH"}, "pile": [["KD"]]});
        let seen = json!({"hand": ["QS"], "pile": [null]});
        for shown in [
            json!("QS"),
            json!("2C"),
            json!(["QS", "2C"]),
            json!("AH"),
            json!({"card": "AH"}),
            json!(["KD"]),
            json!("KD"),
            json!([]),
            json!(""),
            json!({"hand": ["QS"]}),
            json!({"pile": [null]}),
            json!(7),
        ] {
            shows(&full, &seen, &shown);
        }
        assert!(shows(&full, &seen, &json!({"card": "AH"})));
        // What the view shows of the pile, a place of one element, is not hidden.
        assert!(!shows(&full, &seen, &json!({"pile": [null]})));
    }

    /// A state whose view hides one hand: a move shows a viewer something hidden exactly
    /// when the set of what they do not see holds one of its values, for every viewer
    /// (nothing for the admin), with the state's JSON written once for them all.
    #[test]
    fn shows_hidden_agrees_with_the_hidden_values() {
        #[derive(Clone, serde::Serialize)]
        struct Hands(Vec<Vec<String>>);
        impl View for Hands {
            fn view(&self, viewer: Viewer) -> Self {
                let mut view = self.clone();
                for (seat, hand) in view.0.iter_mut().enumerate() {
                    if !viewer.owns(PlayerIndex(seat)) {
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
        let hands = Hands(vec![vec!["QS".into(), "7H".into()], vec!["AH".into()]]);
        let mut json = StateJson::new(&hands);
        let mut revealing = Vec::new();
        for shown in [json!({"card": "QS"}), json!({"card": "AH"}), json!(7)] {
            for viewer in [
                Viewer::Player(PlayerIndex(0)),
                Viewer::Player(PlayerIndex(1)),
                Viewer::Observer,
                Viewer::Admin,
            ] {
                let by_set = reference::shown_in(&reference::of(&hands, viewer).0, &shown);
                assert_eq!(
                    shows_hidden(&mut json, viewer, &JsonTree::of(&shown)),
                    by_set,
                    "{shown} to {viewer:?}"
                );
                if by_set {
                    revealing.push((shown.to_string(), viewer));
                }
            }
        }
        assert_eq!(
            revealing,
            [
                (
                    r#"{"card":"QS"}"#.to_owned(),
                    Viewer::Player(PlayerIndex(1))
                ),
                (r#"{"card":"QS"}"#.to_owned(), Viewer::Observer),
                (
                    r#"{"card":"AH"}"#.to_owned(),
                    Viewer::Player(PlayerIndex(0))
                ),
                (r#"{"card":"AH"}"#.to_owned(), Viewer::Observer),
            ]
        );
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
        let viewers = [
            Viewer::Player(PlayerIndex(0)),
            Viewer::Player(PlayerIndex(1)),
            Viewer::Observer,
            Viewer::Admin,
        ];
        for text in ["North plays QS", "a 7H and AH", "KD, QS! 2C", "nothing"] {
            let words = HiddenValues::words_of([text]);
            let unseen =
                HiddenValues::unseen_among(&mut StateJson::new(&table), &viewers, &[&words; 4]);
            for (viewer, unseen) in viewers.into_iter().zip(unseen) {
                let reference = HiddenValues {
                    values: reference::unseen_of(&table, viewer),
                };
                assert_eq!(
                    unseen.named_in(text),
                    reference.named_in(text),
                    "{text} for {viewer:?}"
                );
                // Asked again of what it found, it finds the same.
                let again =
                    HiddenValues::unseen_among(&mut StateJson::new(&table), &[viewer], &[&unseen]);
                assert_eq!(again[0].values, unseen.values, "{text} for {viewer:?}");
            }
        }
        let words = HiddenValues::words_of(["a 7H and AH"]);
        let hidden = HiddenValues::unseen_among(
            &mut StateJson::new(&table),
            &[Viewer::Player(PlayerIndex(0))],
            &[&words],
        );
        assert_eq!(hidden[0].named_in("a 7H and AH").as_deref(), Some("AH"));
        // One view, asked of two sets of words: an answer for each.
        let other = HiddenValues::words_of(["QS"]);
        let hidden = HiddenValues::unseen_among(
            &mut StateJson::new(&table),
            &[Viewer::Observer, Viewer::Observer],
            &[&words, &other],
        );
        assert_eq!(hidden[0].named_in("a 7H and AH QS").as_deref(), Some("AH"));
        assert_eq!(hidden[1].named_in("a 7H and AH QS").as_deref(), Some("QS"));
    }
}
