//! Every attribute and key the derives read, in one place, and the "did you mean" of a key
//! that is none of them.

/// The attributes that make a field a selection, in the order the docs list them; each is
/// read by its unit in `selection/`.
pub(crate) const SELECTION_ATTRS: [&str; 5] = [
    "choose_from",
    "choose_on_board",
    "place_piece",
    "choose_number",
    "enter_text",
];

/// The attribute that makes a field an argument.
pub(crate) const ARG: &str = "arg";

/// The keys a selection attribute takes: its kind's own, then those every selection takes
/// (`prompt`, `validate`, `skip_if` but for free text, `group`).
pub(crate) fn selection_keys(attr: &str) -> &'static [&'static str] {
    match attr {
        "choose_from" | "choose_on_board" => &[
            "count", "min", "max", "within", "of", "label", "prompt", "validate", "valid",
            "skip_if", "group",
        ],
        "place_piece" => &[
            "rotations",
            "label",
            "prompt",
            "validate",
            "skip_if",
            "group",
        ],
        "choose_number" => &[
            "min", "max", "initial", "prompt", "validate", "skip_if", "group",
        ],
        _ => &["prompt", "validate", "group"],
    }
}

/// The strategies of `skip_if = "<strategy>"`.
pub(crate) const SKIP_STRATEGIES: [&str; 3] = ["only-one", "never", "always"];

/// The keys of `#[action(..)]`.
pub(crate) const ACTION_KEYS: [&str; 12] = [
    "prompt",
    "condition",
    "completions",
    "description",
    "message",
    "confirm",
    "group",
    "behaviour",
    "move_piece",
    "swap_pieces",
    "reorder",
    "shuffle",
];

/// The keys of `group(name, ..)`.
pub(crate) const GROUP_KEYS: [&str; 2] = ["prompt", "validate"];

/// The moves of pieces an action may declare.
pub(crate) const PIECE_MOVES: [&str; 4] = ["move_piece", "swap_pieces", "reorder", "shuffle"];

/// The keys a move of pieces takes: the required ones, then the optional ones.
pub(crate) fn piece_keys(kind: &str) -> (&'static [&'static str], &'static [&'static str]) {
    match kind {
        "move_piece" => (&["from", "index", "to"], &["at"]),
        "swap_pieces" => (&["a", "a_index", "b", "b_index"], &[]),
        "reorder" => (&["place", "order"], &[]),
        _ => (&["place"], &[]),
    }
}

/// The policies of `#[view(..)]` a field may have for everyone (or, with `others = ..`,
/// for everyone but its owner).
pub(crate) const VIEW_POLICIES: [&str; 5] = ["visible", "order", "len", "non_empty", "hidden"];

/// "unknown key `maxx` in `#[choose_number]`; did you mean `max`?", or the keys expected
/// when none is close.
pub(crate) fn unknown_key(name: &str, place: &str, known: &[&str]) -> String {
    if let Some(close) = closest(name, known) {
        return format!("unknown key `{name}` in `{place}`; did you mean `{close}`?");
    }
    format!(
        "unknown key `{name}` in `{place}`; expected {}",
        one_of(known)
    )
}

/// "`a`, `b` or `c`": `known`, each quoted as code.
pub(crate) fn one_of(known: &[&str]) -> String {
    let quoted: Vec<String> = known.iter().map(|key| format!("`{key}`")).collect();
    let quoted: Vec<&str> = quoted.iter().map(String::as_str).collect();
    listed(&quoted)
}

/// "a, b or c": `items` as they are.
pub(crate) fn listed(items: &[&str]) -> String {
    match items.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The known name within a small edit distance of `name` (a typo), if any.
fn closest<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    let limit = if name.chars().count() <= 4 { 1 } else { 2 };
    known
        .iter()
        .map(|key| (edit_distance(name, key), *key))
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, key)| key)
}

/// Levenshtein distance, with a swap of two neighbours counted as one edit.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut rows = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelled_key_is_named_and_an_unknown_one_lists_the_keys() {
        let known = selection_keys("choose_number");
        assert_eq!(
            unknown_key("maxx", "#[choose_number]", known),
            "unknown key `maxx` in `#[choose_number]`; did you mean `max`?"
        );
        assert_eq!(
            unknown_key("valdiate", "#[choose_number]", known),
            "unknown key `valdiate` in `#[choose_number]`; did you mean `validate`?"
        );
        assert_eq!(
            unknown_key("colour", "#[enter_text]", selection_keys("enter_text")),
            "unknown key `colour` in `#[enter_text]`; expected `prompt`, `validate` or `group`"
        );
    }
}
