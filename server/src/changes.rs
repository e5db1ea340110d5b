//! Views sent as changes: the JSON Patch (RFC 6902) that turns one serialized document
//! into the next, found by comparing their text level by level. Neither is built as a
//! tree: at each level the two texts are split into their members (borrowed slices of the
//! text), and only members whose text differs are looked into. Building both views as
//! `serde_json::Value` trees and diffing those cost the server more than twice its time
//! per move under load (`docs/SERVER.md`).

use std::fmt::Write as _;

use serde_json::value::RawValue;

/// The JSON Patch that turns the JSON text `before` into the JSON text `after`, as JSON
/// text: `[]` when they are the same. Both are texts as `serde_json` writes them (no
/// whitespace). Operations are `add`, `remove` and `replace`, in an order that applies:
/// an object's members changed or added, then those removed; an array's elements changed
/// in place, then those added at its end or removed from it (from the last). Below
/// [`DEPTH`] levels, and where a level cannot be split (a key written with escapes), what
/// differs is replaced whole.
pub(crate) fn changes(before: &str, after: &str) -> String {
    let mut patch = Patch {
        text: String::from("["),
        empty: true,
    };
    let mut path = String::new();
    diff(before, after, &mut path, &mut patch, DEPTH);
    patch.text.push(']');
    patch.text
}

/// An object's members in the order written, each a slice of the text: read without
/// building a map (a key written with escapes cannot be borrowed, and fails the read).
struct Members<'a>(Vec<(&'a str, &'a RawValue)>);

impl<'de> serde::Deserialize<'de> for Members<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Members<'de>;
            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut members = Vec::with_capacity(map.size_hint().unwrap_or(8));
                while let Some(member) = map.next_entry::<&'de str, &'de RawValue>()? {
                    members.push(member);
                }
                Ok(Members(members))
            }
        }
        deserializer.deserialize_map(Visitor)
    }
}

/// The patch being written.
struct Patch {
    text: String,
    empty: bool,
}

impl Patch {
    /// Writes one operation: `op` at `path`, with `value` (JSON text) when given.
    fn operation(&mut self, op: &str, path: &str, value: Option<&str>) {
        if !self.empty {
            self.text.push(',');
        }
        self.empty = false;
        let path = serde_json::to_string(path).unwrap_or_else(|_| "\"\"".to_owned());
        let _ = write!(self.text, r#"{{"op":"{op}","path":{path}"#);
        if let Some(value) = value {
            let _ = write!(self.text, r#","value":{value}"#);
        }
        self.text.push('}');
    }
}

/// Appends `token` to the JSON Pointer `path` (RFC 6901: `~` written `~0`, `/` `~1`).
fn push_token(path: &mut String, token: &str) {
    path.push('/');
    for character in token.chars() {
        match character {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            other => path.push(other),
        }
    }
}

/// How many levels a patch looks into before it replaces what differs below: each level
/// looked into is its text read once more.
const DEPTH: usize = 3;

/// Writes into `patch` what turns `before` into `after`, both at `path`, looking `depth`
/// levels further at most.
fn diff(before: &str, after: &str, path: &mut String, patch: &mut Patch, depth: usize) {
    if before == after {
        return;
    }
    if depth == 0 {
        patch.operation("replace", path, Some(after));
        return;
    }
    match (before.as_bytes().first(), after.as_bytes().first()) {
        (Some(b'{'), Some(b'{')) => {
            let members = (
                serde_json::from_str::<Members<'_>>(before),
                serde_json::from_str::<Members<'_>>(after),
            );
            let (Ok(Members(old)), Ok(Members(new))) = members else {
                patch.operation("replace", path, Some(after));
                return;
            };
            let at = path.len();
            // Both were written from the same type: a member is mostly where it was.
            let mut found = vec![false; old.len()];
            for (position, (key, value)) in new.iter().enumerate() {
                push_token(path, key);
                let was = old
                    .get(position)
                    .filter(|(old_key, _)| old_key == key)
                    .map(|_| position)
                    .or_else(|| old.iter().position(|(old_key, _)| old_key == key));
                match was {
                    Some(index) => {
                        found[index] = true;
                        diff(old[index].1.get(), value.get(), path, patch, depth - 1);
                    }
                    None => patch.operation("add", path, Some(value.get())),
                }
                path.truncate(at);
            }
            for ((key, _), _) in old.iter().zip(&found).filter(|(_, found)| !**found) {
                push_token(path, key);
                patch.operation("remove", path, None);
                path.truncate(at);
            }
        }
        (Some(b'['), Some(b'[')) => {
            let elements = (
                serde_json::from_str::<Vec<&RawValue>>(before),
                serde_json::from_str::<Vec<&RawValue>>(after),
            );
            let (Ok(old), Ok(new)) = elements else {
                patch.operation("replace", path, Some(after));
                return;
            };
            let at = path.len();
            let common = old.len().min(new.len());
            for (index, (was, value)) in old.iter().zip(&new).enumerate() {
                let _ = write!(path, "/{index}");
                diff(was.get(), value.get(), path, patch, depth - 1);
                path.truncate(at);
            }
            for (index, value) in new.iter().enumerate().skip(common) {
                let _ = write!(path, "/{index}");
                patch.operation("add", path, Some(value.get()));
                path.truncate(at);
            }
            // The extra elements go from the end, so that each index still names one.
            for index in (common..old.len()).rev() {
                let _ = write!(path, "/{index}");
                patch.operation("remove", path, None);
                path.truncate(at);
            }
        }
        _ => patch.operation("replace", path, Some(after)),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use proptest::prelude::*;
    use serde_json::{Value, json};

    use super::changes;

    /// Applies the changes from `before` to `after` with an independent implementation of
    /// RFC 6902 (`json_patch`).
    fn applied(before: &Value, after: &Value) -> Value {
        let text = changes(
            &serde_json::to_string(before).unwrap(),
            &serde_json::to_string(after).unwrap(),
        );
        let patch: json_patch::Patch = serde_json::from_str(&text).unwrap();
        let mut document = before.clone();
        json_patch::patch(&mut document, &patch).unwrap();
        document
    }

    #[test]
    fn the_changes_name_only_what_changed() {
        let before = json!({ "hand": ["2C", "3C", "QS"], "trick": [], "scores": [0, 0],
                             "a/b~c": 1, "gone": true });
        let after = json!({ "hand": ["2C", "QS"], "trick": ["3C"], "scores": [0, 0],
                            "a/b~c": 2, "new": null });
        assert_eq!(
            changes(
                &serde_json::to_string(&before).unwrap(),
                &serde_json::to_string(&after).unwrap()
            ),
            r#"[{"op":"replace","path":"/a~1b~0c","value":2},{"op":"replace","path":"/hand/1","value":"QS"},{"op":"remove","path":"/hand/2"},{"op":"add","path":"/new","value":null},{"op":"add","path":"/trick/0","value":"3C"},{"op":"remove","path":"/gone"}]"#
        );
        assert_eq!(applied(&before, &after), after);
        assert_eq!(changes("[1,2]", "[1,2]"), "[]");
        assert_eq!(
            changes("{}", "[]"),
            r#"[{"op":"replace","path":"","value":[]}]"#
        );
    }

    #[test]
    fn a_key_written_with_escapes_is_replaced_with_its_level() {
        let before = json!({ "say \"hi\"": 1, "other": 2 });
        let after = json!({ "say \"hi\"": 3, "other": 2 });
        assert_eq!(applied(&before, &after), after);
    }

    /// Any JSON document: scalars, and arrays and objects nested a few levels.
    fn document() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            (-5i64..5).prop_map(|number| json!(number)),
            "[a-c~/]{0,3}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 32, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::btree_map("[a-c~/\"]{0,2}", inner, 0..4)
                    .prop_map(|members| Value::Object(members.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn the_changes_turn_any_document_into_any_other(before in document(), after in document()) {
            prop_assert_eq!(applied(&before, &after), after);
        }

        #[test]
        fn a_document_changed_a_little_is_changed_by_its_changes(
            before in document(), key in "[a-c]", value in document()
        ) {
            let mut after = before.clone();
            if let Value::Object(members) = &mut after {
                members.insert(key, value);
            }
            prop_assert_eq!(applied(&before, &after), after);
        }
    }
}
