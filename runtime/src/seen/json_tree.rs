//! A value's JSON text with the place of each value inside it: what the view checks walk
//! to find the parts of a state that a view hides, at the cost of writing the text once
//! and one pass over it, instead of a `serde_json::Value` with a map and a string for
//! every member (a shoe of six decks is some three thousand allocations, at every move
//! of every take-back the view harness tries).
//!
//! Two values are equal when their JSON texts are equal with the members of each object
//! in any order: the equality of `serde_json::Value`, whose objects are sorted maps (but
//! for a float's zero, whose sign the text keeps).

use serde::Serialize;

/// What a value is, as far as telling which thing it is goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// An object: `{...}`.
    Object,
    /// An array: `[...]`.
    Array,
    /// A string: `"..."`.
    String,
    /// A number, `true`, `false` or `null`.
    Scalar,
}

/// One value of the text, in the order the text has them (each before its elements or
/// members). Places are `u32`, so a node is small and a state's tree is quick to build: a
/// text longer than 4 GiB is read wrong, but without a panic.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Where its text starts and ends.
    start: u32,
    end: u32,
    /// Where its key, quoted, starts and ends in the text, as a member of an object;
    /// nowhere (`0..0`) otherwise.
    key_start: u32,
    key_end: u32,
    /// The node after the last one inside it.
    next: u32,
    /// How many elements or members it has.
    len: u32,
    kind: Kind,
}

/// `at` as a place of a [`Node`].
fn place(at: usize) -> u32 {
    u32::try_from(at).unwrap_or(u32::MAX)
}

/// A value's JSON text (`null` for a value serde_json cannot write, as
/// `serde_json::to_value` would give) and the place of every value in it.
#[derive(Clone, Debug)]
pub(crate) struct JsonTree {
    text: String,
    nodes: Vec<Node>,
}

impl JsonTree {
    /// `value` as JSON.
    pub(crate) fn of(value: &impl Serialize) -> Self {
        Self::parse(Self::text_of(value))
    }

    /// `value`'s JSON text, as [`of`](Self::of) reads it.
    pub(crate) fn text_of(value: &impl Serialize) -> String {
        serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
    }

    /// Finds the values of `text`, JSON as serde_json writes it. Whitespace between
    /// tokens is allowed (a raw value may carry some); text that is not JSON gives some
    /// tree of it, never a panic.
    pub(crate) fn parse(text: String) -> Self {
        let mut parser = Parser {
            bytes: text.as_bytes(),
            at: 0,
            // A state's text has a value in some eight to twelve characters: its tree then
            // rarely grows.
            nodes: Vec::with_capacity(text.len() / 8 + 1),
        };
        parser.value(0, 0);
        let nodes = parser.nodes;
        JsonTree { text, nodes }
    }

    /// The whole text.
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// The value the whole text is.
    pub(crate) fn root(&self) -> Part<'_> {
        Part {
            tree: self,
            index: 0,
        }
    }
}

/// One value inside a [`JsonTree`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Part<'a> {
    tree: &'a JsonTree,
    index: usize,
}

impl<'a> Part<'a> {
    fn node(self) -> Node {
        self.tree.nodes[self.index]
    }

    /// Its JSON text.
    pub(crate) fn text(self) -> &'a str {
        let node = self.node();
        self.tree
            .text
            .get(node.start as usize..node.end as usize)
            .unwrap_or_default()
    }

    /// What it is.
    pub(crate) fn kind(self) -> Kind {
        self.node().kind
    }

    /// How many elements or members it has (none for a string or a scalar).
    pub(crate) fn len(self) -> usize {
        self.node().len as usize
    }

    /// Its key, quoted, as a member of an object; empty otherwise.
    pub(crate) fn key(self) -> &'a str {
        let node = self.node();
        self.tree
            .text
            .get(node.key_start as usize..node.key_end as usize)
            .unwrap_or_default()
    }

    /// Its elements or members, in the order of the text.
    pub(crate) fn children(self) -> impl Iterator<Item = Part<'a>> {
        let end = self.node().next as usize;
        let tree = self.tree;
        let mut index = self.index + 1;
        std::iter::from_fn(move || {
            let child = tree.nodes.get(index).filter(|_| index < end)?;
            let part = Part { tree, index };
            index = child.next as usize;
            Some(part)
        })
    }

    /// The member of key `key` (quoted, as JSON: `"\"shoe\""`), for an object.
    pub(crate) fn get(self, key: &str) -> Option<Part<'a>> {
        if self.kind() != Kind::Object {
            return None;
        }
        self.children().find(|member| member.key() == key)
    }
}

/// Equal texts, or objects with equal members in any order, or arrays of equal elements.
impl PartialEq for Part<'_> {
    fn eq(&self, other: &Self) -> bool {
        if self.text() == other.text() {
            return true;
        }
        if self.kind() != other.kind() || self.len() != other.len() {
            return false;
        }
        match self.kind() {
            Kind::Object => {
                // Most objects compared are of one type, their keys in one order: each
                // member is looked for at its own place first.
                let mut others = other.children();
                self.children().all(|member| {
                    let found = match others.next() {
                        Some(same_place) if same_place.key() == member.key() => Some(same_place),
                        _ => other.get(member.key()),
                    };
                    found.is_some_and(|found| found == member)
                })
            }
            Kind::Array => self
                .children()
                .zip(other.children())
                .all(|(element, other)| element == other),
            // serde_json writes a string or a number one way only.
            Kind::String | Kind::Scalar => false,
        }
    }
}

struct Parser<'t> {
    bytes: &'t [u8],
    at: usize,
    nodes: Vec<Node>,
}

/// The bytes that end a number, `true`, `false` or `null`: what may follow a value, and
/// whitespace.
const ENDS_SCALAR: [bool; 256] = {
    let mut ends = [false; 256];
    let mut index = 0;
    let stops = b",]}:\" \t\n\r";
    while index < stops.len() {
        ends[stops[index] as usize] = true;
        index += 1;
    }
    ends
};

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(|byte| byte.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// The bytes from `at` on.
    fn rest(&self) -> &[u8] {
        self.bytes.get(self.at..).unwrap_or_default()
    }

    /// Reads one value, member of key `key_start..key_end` (`0..0` for none).
    fn value(&mut self, key_start: usize, key_end: usize) {
        self.skip_whitespace();
        let index = self.nodes.len();
        let start = self.at;
        let (kind, len) = match self.peek() {
            Some(b'{') => {
                self.push(Kind::Object, start, key_start, key_end);
                (Kind::Object, self.members())
            }
            Some(b'[') => {
                self.push(Kind::Array, start, key_start, key_end);
                (Kind::Array, self.elements())
            }
            Some(b'"') => {
                self.string();
                (Kind::String, 0)
            }
            _ => {
                let rest = self.rest();
                self.at += rest
                    .iter()
                    .position(|&byte| ENDS_SCALAR[usize::from(byte)])
                    .unwrap_or(rest.len());
                (Kind::Scalar, 0)
            }
        };
        if matches!(kind, Kind::String | Kind::Scalar) {
            self.push(kind, start, key_start, key_end);
        }
        let (end, next) = (place(self.at), place(self.nodes.len()));
        if let Some(node) = self.nodes.get_mut(index) {
            (node.len, node.end, node.next) = (place(len), end, next);
        }
    }

    /// Adds the node of a value of `kind` starting at `start`, its end and what is inside
    /// it to be set once read.
    fn push(&mut self, kind: Kind, start: usize, key_start: usize, key_end: usize) {
        self.nodes.push(Node {
            start: place(start),
            end: place(start),
            key_start: place(key_start),
            key_end: place(key_end),
            next: 0,
            len: 0,
            kind,
        });
    }

    /// Reads an object from its `{`; returns how many members it has.
    fn members(&mut self) -> usize {
        self.at += 1;
        let mut len = 0;
        loop {
            self.skip_whitespace();
            match self.peek() {
                Some(b'}') => {
                    self.at += 1;
                    return len;
                }
                Some(b',') => self.at += 1,
                Some(b'"') => {
                    let key_start = self.at;
                    self.string();
                    let key_end = self.at;
                    self.skip_whitespace();
                    if self.peek() == Some(b':') {
                        self.at += 1;
                    }
                    self.value(key_start, key_end);
                    len += 1;
                }
                _ => return len,
            }
        }
    }

    /// Reads an array from its `[`; returns how many elements it has.
    fn elements(&mut self) -> usize {
        self.at += 1;
        let mut len = 0;
        loop {
            self.skip_whitespace();
            match self.peek() {
                Some(b']') => {
                    self.at += 1;
                    return len;
                }
                Some(b',') => self.at += 1,
                None | Some(b'}' | b':') => return len,
                Some(_) => {
                    self.value(0, 0);
                    len += 1;
                }
            }
        }
    }

    /// Reads a string from its opening quote to past its closing one.
    fn string(&mut self) {
        self.at += 1;
        loop {
            let rest = self.rest();
            let Some(special) = rest.iter().position(|&byte| byte == b'"' || byte == b'\\') else {
                self.at = self.bytes.len();
                return;
            };
            let quote = rest.get(special) == Some(&b'"');
            self.at += special + 1;
            if quote {
                return;
            }
            // The escaped character, when there is one.
            if self.at < self.bytes.len() {
                self.at += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// Every pair of `values` is equal as trees exactly when it is as `serde_json::Value`s,
    /// and each tree holds its value's members and elements, in the text's order.
    #[test]
    fn trees_are_equal_as_values_are() {
        let values = [
            json!(null),
            json!(0),
            json!(1),
            json!(1.5),
            json!(-1),
            json!(""),
            json!("QS"),
            json!("a \"quoted\" \\ word"),
            json!([]),
            json!({}),
            json!(["QS", "AH"]),
            json!(["AH", "QS"]),
            json!({"id": {"deck": 0, "index": 5}, "component": "7H", "token": 9}),
            json!({"id": {"deck": 0, "index": 5}, "component": "7H", "token": 8}),
            json!({"id": {"deck": 0, "index": 6}, "component": "7H", "token": 9}),
            json!({"component": "7H", "id": {"deck": 0, "index": 5}}),
            json!([{"known": null}, {"hidden": 3}, [[], [1, [2]]]]),
        ];
        for value in &values {
            let tree = JsonTree::of(value);
            assert_eq!(tree.text(), value.to_string());
            assert_eq!(shape(tree.root()), *value);
        }
        // The same objects with their members written in another order.
        let reordered = [
            r#"{"index": 5, "deck": 0}"#,
            r#"{"token":9,"id":{"index":5,"deck":0},"component":"7H"}"#,
            r#"{"id":{"deck":0,"index":5},"component":"7H"}"#,
        ];
        let trees: Vec<JsonTree> = values
            .iter()
            .map(JsonTree::of)
            .chain(reordered.map(|text| JsonTree::parse(text.to_owned())))
            .collect();
        for (a, tree) in trees.iter().enumerate() {
            for (b, other) in trees.iter().enumerate() {
                let as_values = serde_json::from_str::<Value>(tree.text()).ok()
                    == serde_json::from_str::<Value>(other.text()).ok();
                assert_eq!(
                    tree.root() == other.root(),
                    as_values,
                    "{a} {} and {b} {}",
                    tree.text(),
                    other.text()
                );
            }
        }
        let id = trees[12].root().get("\"id\"");
        assert!(id.is_some_and(|id| id == trees[values.len()].root()));
        assert!(trees[values.len() + 1].root() == trees[12].root());
    }

    /// The value a part holds, rebuilt from its parts.
    fn shape(part: Part<'_>) -> Value {
        match part.kind() {
            Kind::Object => Value::Object(
                part.children()
                    .map(|member| {
                        let key: String = serde_json::from_str(member.key()).unwrap();
                        (key, shape(member))
                    })
                    .collect(),
            ),
            Kind::Array => Value::Array(part.children().map(shape).collect()),
            Kind::String | Kind::Scalar => serde_json::from_str(part.text()).unwrap(),
        }
    }

    #[test]
    fn members_are_found_by_their_quoted_key() {
        let tree = JsonTree::of(&json!({"shoe": [1, 2], "hole": [], "a\"b": "c"}));
        let root = tree.root();
        assert_eq!(root.len(), 3);
        assert_eq!(root.get("\"shoe\"").map(Part::text), Some("[1,2]"));
        assert_eq!(root.get("\"hole\"").map(Part::len), Some(0));
        assert_eq!(root.get(r#""a\"b""#).map(Part::text), Some("\"c\""));
        assert!(root.get("shoe").is_none());
        assert!(
            root.get("\"shoe\"")
                .and_then(|shoe| shoe.get("\"0\""))
                .is_none()
        );
    }

    /// Text that is not JSON is read into some tree without a panic or an endless loop.
    #[test]
    fn broken_text_gives_a_tree() {
        for text in [
            "",
            "{",
            "[",
            "\"",
            "\"\\",
            "{\"a\"",
            "{\"a\":",
            "[1,",
            "}",
            "]",
            "[}",
            "{]",
            ":",
            "{\"a\" 1}",
            "[\"é\\",
            "  ",
        ] {
            let tree = JsonTree::parse(text.to_owned());
            let _ = shape_text(tree.root());
        }
    }

    fn shape_text(part: Part<'_>) -> String {
        let inner: Vec<String> = part.children().map(shape_text).collect();
        format!("{}{}{}", part.key(), part.text(), inner.join(","))
    }
}
