//! Every message the derives give an author about their mistakes, in one catalog: what
//! was wrong and what to write instead. Each is reported at the tokens it is about; the
//! trybuild tests in `tests/ui` hold them as the author sees them.

use std::fmt::Display;

use quote::ToTokens;
use syn::Type;

use crate::keywords::{SELECTION_ATTRS, SKIP_STRATEGIES, VIEW_POLICIES, listed, one_of};

// ----- `#[derive(Action)]`: the struct and its attributes -----

/// An action with type parameters.
pub(crate) const GENERIC_ACTION: &str = "an action cannot be generic: it belongs to one game; remove the parameters and use concrete types";

/// `#[derive(Action)]` on an enum or a union.
pub(crate) const ACTION_NOT_A_STRUCT: &str = "`#[derive(Action)]` goes on a struct whose fields are the action's selections; collect actions in an enum with `#[derive(Actions)]`";

/// An action with unnamed fields.
pub(crate) const UNNAMED_SELECTIONS: &str =
    "an action's selections need names: use a struct with named fields";

/// `message(..)` with anything but `to = <players>, "template"`.
pub(crate) const MESSAGE_TO: &str = "a message to chosen players is `message(to = <players>, \"template\")`; to everyone, write `message = \"template\"`";

/// A key given twice.
pub(crate) fn given_twice(key: impl Display) -> String {
    format!("`{key}` is given twice; keep one")
}

/// An action with neither a behaviour nor a move of pieces.
pub(crate) fn no_behaviour(action: impl Display) -> String {
    format!(
        "action `{action}` has no behaviour; add `#[action(behaviour = [/* its moves */])]`, or a move of pieces like `move_piece(from = .., index = .., to = ..)`"
    )
}

/// A key a move of pieces does not take.
pub(crate) fn unknown_piece_key(name: &str, kind: &str, keys: &[&str]) -> String {
    let all: Vec<String> = keys.iter().map(|key| format!("`{key}`")).collect();
    format!(
        "unknown key `{name}` in `{kind}(..)`; expected {}",
        all.join(", ")
    )
}

/// A move of pieces without its required keys, listed.
pub(crate) fn missing_piece_keys(kind: &str, missing: &[&str]) -> String {
    let missing: Vec<String> = missing.iter().map(|key| format!("`{key}`")).collect();
    format!("`{kind}(..)` needs {}", missing.join(", "))
}

/// A field named `game`, `player` or `args`, which every expression sees as `what`.
pub(crate) fn reserved_field(field: impl Display, what: &str) -> String {
    format!(
        "a field cannot be named `{field}`: in every expression of the action, `{field}` is {what}; rename the field"
    )
}

/// Two fields of one name.
pub(crate) fn two_fields_named(field: impl Display) -> String {
    format!("two fields are named `{field}`; each selection and argument needs its own name")
}

/// The action's `condition` or `prompt` (`what`) uses a selection.
pub(crate) fn action_expr_uses_selection(what: &str, selection: &str) -> String {
    let instead = match what {
        "condition" => {
            format!("to refuse some values of `{selection}`, give `{selection}` a `validate`")
        }
        "completions" => format!(
            "list each completion's `{selection}` in the items `completions` yields instead"
        ),
        _ => format!(
            "name `{selection}` in a `message` instead, which is sent once the action is made"
        ),
    };
    format!(
        "the action's `{what}` cannot use the selection `{selection}`: it is decided before any selection is made; {instead}"
    )
}

/// `completions` on an action without selections.
pub(crate) fn completions_without_selections(action: impl Display) -> String {
    format!(
        "action `{action}` has no selection for `completions` to list; an action without selections has one completion, counted without a list"
    )
}

/// `completions` on an action with a free-text selection.
pub(crate) fn completions_of_text(selection: impl Display) -> String {
    format!(
        "`{selection}` is free text, which no list of completions can hold; remove `completions`, or make `{selection}` a choice"
    )
}

/// A selection's options, bounds, prompt or `skip_if` use the selection itself.
pub(crate) fn selection_uses_itself(selection: &str) -> String {
    format!(
        "`{selection}` is the selection being made here, so its options, bounds, prompt and `skip_if` cannot use it; only its `validate` and `label` see the option being considered"
    )
}

/// A selection uses `later`, chosen after it.
pub(crate) fn selection_uses_later(selection: impl Display, later: &str) -> String {
    format!(
        "the selection `{selection}` cannot use `{later}`, which is chosen after it; move `{later}` above `{selection}`"
    )
}

/// The description names a selection, not made yet when it is shown.
pub(crate) fn description_names_selection(name: &str) -> String {
    format!(
        "the description cannot name the selection `{{{name}}}`: it is shown while the player is still choosing; name `{{{name}}}` in a `message` instead"
    )
}

/// A template names what the action does not have; it can name `known`.
pub(crate) fn unknown_placeholder(name: &str, known: &[&str]) -> String {
    let known: Vec<String> = known.iter().map(|name| format!("{{{name}}}")).collect();
    let known: Vec<&str> = known.iter().map(String::as_str).collect();
    format!(
        "the template names `{{{name}}}`, which this action does not have; it can name {}",
        one_of(&known)
    )
}

// ----- the fields: selections and arguments -----

/// A field with no selection attribute and no `#[arg]`.
pub(crate) fn neither_selection_nor_arg(field: impl Display) -> String {
    let attrs: Vec<String> = SELECTION_ATTRS
        .iter()
        .map(|attr| match *attr {
            "enter_text" => format!("`#[{attr}]`"),
            _ => format!("`#[{attr}(..)]`"),
        })
        .chain(std::iter::once("`#[arg]`".to_owned()))
        .collect();
    let attrs: Vec<&str> = attrs.iter().map(String::as_str).collect();
    format!(
        "field `{field}` is neither a selection nor an argument; mark it {}",
        listed(&attrs)
    )
}

/// A field with a second selection attribute or `#[arg]`.
pub(crate) fn second_field_attr(field: impl Display, first: &str) -> String {
    format!(
        "field `{field}` already has `#[{first}]`; a field is one selection or one argument, so keep one of them"
    )
}

/// `#[arg(..)]`.
pub(crate) const ARG_TAKES_LABEL_ONLY: &str = "`#[arg]` takes only `label = <expr>`, how templates show the argument: its value comes from whoever asks for the action; write `#[arg]` or `#[arg(label = ..)]`";

/// `skip_if = "<strategy>"` with an unknown strategy.
pub(crate) fn unknown_skip_strategy(strategy: &str) -> String {
    format!(
        "unknown skip strategy `{strategy}`; expected {}, or a `bool` expression (while true, the game chooses the first viable option)",
        one_of(&SKIP_STRATEGIES)
    )
}

// ----- `choose_from`, `choose_on_board`, `place_piece` -----

/// A choice without its options.
pub(crate) fn missing_options(attr: &str) -> String {
    format!(
        "`{attr}` needs the options first, as an expression that iterates over them: `#[{attr}(game.hand(player))]`"
    )
}

/// `place_piece` with `count`, `min` or `max`.
pub(crate) fn place_piece_places_one(key: &str) -> String {
    format!(
        "`place_piece` places one piece: remove `{key}`; to choose several spaces, use `#[choose_on_board(.., {key} = ..)]`"
    )
}

/// `valid` on a choice of several values.
pub(crate) const VALID_ON_SEVERAL: &str = "`valid` names the valid values of a single choice; the sets of several values are searched with `validate` and `within`: remove `valid`";

/// `valid` without `validate`.
pub(crate) const VALID_WITHOUT_VALIDATE: &str = "`valid` is the fast way to the values `validate` accepts, and `validate` still says why the others are refused: add `validate = ..` beside it";

/// `within` on a choice of one value.
pub(crate) const WITHIN_ON_ONE: &str = "`within` bounds a set of several values as it grows; a single choice has none: use `validate`, or choose several with `count` or `min` and `max`";

/// `of` on a choice of one value.
pub(crate) const OF_ON_ONE: &str = "`of` names the values of a set chosen with `count` or `min` and `max`; a single choice's value is the field itself: remove `of`";

/// `count`, `min` or `max` (`key`) on a field that is not a set of values.
pub(crate) fn several_needs_a_set(key: impl Display, field: impl Display, ty: &Type) -> String {
    format!(
        "`{key}` chooses several values, so the field `{field}` must be a `Vec` of them (`Vec<{}>`), or a set type whose values `of = <type>` names; to choose one value, remove `{key}`",
        type_text(ty),
    )
}

/// `count` with `min` or `max` (`key`).
pub(crate) fn count_and_bound(key: impl Display) -> String {
    format!(
        "`count` already says how many values are chosen; remove `{key}`, or replace `count` with `min` and `max`"
    )
}

// ----- `choose_number` -----

/// What `choose_number` lacks of its bounds, if anything.
pub(crate) fn missing_number_bounds(has_min: bool, has_max: bool) -> Option<String> {
    let missing = match (has_min, has_max) {
        (false, false) => "`min` and `max`, the smallest and the largest number offered",
        (false, true) => "`min`, the smallest number offered",
        (true, false) => "`max`, the largest number offered",
        (true, true) => return None,
    };
    Some(format!(
        "`choose_number` needs {missing}: `#[choose_number(min = 1, max = 10)]`"
    ))
}

// ----- `enter_text` -----

/// `skip_if` on free text.
pub(crate) const TEXT_NEVER_SKIPPED: &str =
    "free text is never skipped: it cannot be chosen for the player; remove `skip_if`";

// ----- groups -----

/// A member of a group apart from the one above it.
pub(crate) fn group_apart(
    group: impl Display,
    member: impl Display,
    earlier: impl Display,
) -> String {
    format!(
        "the selections of group `{group}` are shown together, so they follow each other; move `{member}` next to `{earlier}`"
    )
}

/// `skip_if` on a member of a group.
pub(crate) fn skip_in_group(member: impl Display, group: impl Display) -> String {
    format!(
        "`{member}` is in group `{group}`, which is always asked as a whole; remove its `skip_if`"
    )
}

/// A member of a group uses another.
pub(crate) fn group_members_depend(
    member: impl Display,
    other: &str,
    group: impl Display,
) -> String {
    format!(
        "`{member}` and `{other}` are shown together in group `{group}`, so one cannot depend on the other; check them together in `group({group}, validate = ..)`"
    )
}

/// `group(name, ..)` with no member.
pub(crate) fn empty_group(group: impl Display) -> String {
    format!("no selection is in group `{group}`; mark its selections with `group = {group}`")
}

/// `group(name, ..)` twice.
pub(crate) fn group_declared_twice(group: impl Display) -> String {
    format!("group `{group}` is declared twice; keep one")
}

/// A group's prompt uses one of its members or a later selection.
pub(crate) fn group_prompt_uses(group: impl Display, other: &str) -> String {
    format!(
        "the prompt of group `{group}` is shown before `{other}` is chosen, so it cannot use it"
    )
}

/// A group's `validate` uses a later selection.
pub(crate) fn group_validate_uses(group: impl Display, other: &str) -> String {
    format!(
        "group `{group}` is checked before `{other}` is chosen, so its `validate` cannot use it"
    )
}

// ----- templates (`message`, `description`, `confirm`) -----

/// A placeholder opened and never closed.
pub(crate) fn unclosed_placeholder(name: &str) -> String {
    format!(
        "unclosed `{{{name}` in the template; close it with `}}`, or write `{{{{` for a literal brace"
    )
}

/// Braces around something that is no name.
pub(crate) fn not_a_placeholder(name: &str) -> String {
    format!(
        "`{{{name}}}` is not a placeholder; name `player`, a selection or an argument, like `{{card}}`, or write `{{{{` and `}}}}` for literal braces"
    )
}

/// A closing brace with no opening one, after `before`.
pub(crate) fn unmatched_brace(before: &str) -> String {
    format!("unmatched `}}` after `{before}` in the template; write `}}}}` for a literal brace")
}

// ----- `#[derive(Actions)]` -----

/// `#[actions(..)]` without `game`.
pub(crate) const NO_GAME: &str =
    "say which game these actions belong to: `#[actions(game = MyGame)]`";

/// A key of `#[actions(..)]` other than `game`.
pub(crate) const UNKNOWN_ACTIONS_KEY: &str =
    "unknown key in `#[actions]`; expected `game = <the game's state type>`";

/// `#[derive(Actions)]` on a struct or a union.
pub(crate) const ACTIONS_NOT_AN_ENUM: &str =
    "`#[derive(Actions)]` goes on an enum with one variant per action, like `PlayCard(PlayCard)`";

/// An actions enum with type parameters.
pub(crate) const GENERIC_ACTIONS: &str = "the actions enum cannot be generic";

/// A variant with no action (a unit or a struct variant).
pub(crate) fn variant_without_action(variant: impl Display) -> String {
    format!("each variant holds one action: write `{variant}({variant})`")
}

/// A variant of several fields.
pub(crate) fn variant_with_several(variant: impl Display) -> String {
    format!("each variant holds exactly one action: write `{variant}({variant})`")
}

/// A variant holding what is not a path to a struct.
pub(crate) const ACTION_NOT_A_PATH: &str = "an action is a struct named by a path, like `PlayCard`";

/// An actions enum with no variant.
pub(crate) const NO_ACTIONS: &str = "a game needs at least one action";

// ----- `#[derive(View)]` and the state's fields -----

/// A state with type parameters.
pub(crate) const GENERIC_VIEW: &str =
    "`#[derive(View)]` goes on a game's concrete state: remove the type parameters";

/// `#[derive(View)]` on an enum or a union.
pub(crate) const VIEW_NOT_A_STRUCT: &str = "`#[derive(View)]` goes on a struct whose fields carry the policies; write `impl meeple::View` by hand for an enum";

/// A state with unnamed fields.
pub(crate) const UNNAMED_VIEW_FIELDS: &str =
    "`#[derive(View)]` needs named fields, each with its own policy";

/// A field with a second policy.
pub(crate) fn second_policy(field: impl Display) -> String {
    format!(
        "field `{field}` already has a policy; give one: a policy for everyone (`len`), or one for everyone but the owner (`others = len`)"
    )
}

/// `others = <policy>` with an unknown policy.
pub(crate) fn unknown_others_policy(policy: impl Display) -> String {
    format!(
        "unknown policy `{policy}`; expected {}",
        one_of(&VIEW_POLICIES)
    )
}

/// A key of `#[view(..)]` that is no policy.
pub(crate) fn unknown_policy(key: &str) -> String {
    format!(
        "unknown policy `{key}`; expected {}, `others = <policy>` (the owner of a `PerPlayer` entry sees it), `nested` (a field with its own `View`) or `place` (a visible place of pieces)",
        one_of(&VIEW_POLICIES)
    )
}

// ----- `#[derive(Places)]` -----

/// `#[places(..)]` without `component`.
pub(crate) const NO_COMPONENT: &str = "say what the places hold: `#[places(component = Card)]` (and `value = ..` for pieces with a dynamic value)";

/// A key of `#[places(..)]` other than `component` and `value`.
pub(crate) const UNKNOWN_PLACES_KEY: &str = "unknown key in `#[places]`; expected `component = <the pieces' component type>` or `value = <their dynamic value type>`";

/// `#[derive(Places)]` on anything but a struct with named fields.
pub(crate) const PLACES_NOT_A_STRUCT: &str =
    "`#[derive(Places)]` goes on a state struct with named fields";

/// A state with no field marked as a place.
pub(crate) const NO_PLACE: &str = "no field is a place: mark the fields that hold pieces with `#[view(place)]` (or `order`, `len`, `non_empty`)";

/// A type as the author would write it: `Vec<Card>`, not `Vec < Card >`.
fn type_text(ty: &Type) -> String {
    let mut text = ty.to_token_stream().to_string();
    for (spaced, tight) in [
        (" :: ", "::"),
        (" <", "<"),
        ("< ", "<"),
        (" >", ">"),
        (" ,", ","),
        ("& ", "&"),
    ] {
        text = text.replace(spaced, tight);
    }
    text
}

/// `#[derive(Observe)]` on a type with type parameters.
pub(crate) const GENERIC_OBSERVE: &str = "`#[derive(Observe)]` does not take generic parameters; implement `meeple::Observe` by hand for a generic type";

/// `#[derive(Observe)]` on an enum or a union.
pub(crate) const OBSERVE_NOT_A_STRUCT: &str = "`#[derive(Observe)]` goes on a struct whose fields are written in order; implement `meeple::Observe` by hand for an enum";

/// `#[derive(Observe)]` on a struct with unnamed fields.
pub(crate) const UNNAMED_OBSERVE_FIELDS: &str =
    "`#[derive(Observe)]` needs named fields: each names a piece of the observation";

/// A key of `#[observe(..)]` other than `skip`.
pub(crate) const UNKNOWN_OBSERVE_KEY: &str =
    "unknown key in `#[observe(..)]`: the one key is `skip`, which leaves the field out";
