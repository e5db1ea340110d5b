//! The rules that span several parts of an action, one place, one comment per rule.
//! The checker reports; it never emits code.

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;

use crate::ast::{ActionDef, FieldDef, SelectionDef, SelectionKind, SkipDef};
use crate::errors::Errors;
use crate::template::{Part, Template};

/// Names the generated code binds in every expression; a field cannot take them.
const RESERVED: [&str; 3] = ["game", "player", "args"];

pub(crate) fn check_action(action: &ActionDef, errors: &mut Errors) {
    // An action must do something: its behaviour gives its moves.
    if action.behaviour.is_none() {
        errors.at(
            &action.ident,
            format!(
                "action `{}` has no behaviour; add `#[action(behaviour = vec![/* moves */])]`",
                action.ident
            ),
        );
    }

    // `game`, `player` and `args` are in scope everywhere; a field named so would hide them.
    for field in &action.fields {
        let ident = field.ident();
        if RESERVED.iter().any(|name| ident == name) {
            errors.at(ident, format!("`{ident}` is a name meeple binds in every expression (the state, the acting player, the arguments); rename the field"));
        }
    }

    // Selection names are unique: they key submissions and prompts.
    for (i, field) in action.fields.iter().enumerate() {
        if action.fields[..i]
            .iter()
            .any(|earlier| earlier.ident() == field.ident())
        {
            errors.at(
                field.ident(),
                format!(
                    "two fields are named `{}`; each selection and argument needs its own name",
                    field.ident()
                ),
            );
        }
    }

    let selections: Vec<&SelectionDef> = action
        .fields
        .iter()
        .filter_map(|field| match field {
            FieldDef::Selection(selection) => Some(&**selection),
            FieldDef::Arg { .. } => None,
        })
        .collect();
    let selection_names: Vec<String> = selections
        .iter()
        .map(|selection| selection.ident.to_string())
        .collect();

    // The action's own attributes are evaluated before any selection is made.
    for (what, expr) in [
        ("condition", &action.condition),
        ("prompt", &action.prompt),
        ("confirm", &action.confirm),
    ] {
        if let Some(expr) = expr {
            forbid_names(expr.to_token_stream(), &selection_names, errors, |name| {
                format!(
                    "the action's `{what}` cannot use the selection `{name}`: it is decided before any selection is made"
                )
            });
        }
    }

    // A selection may use only the selections above it; in its own `validate` and `label`,
    // its name is the option being considered.
    for (k, selection) in selections.iter().enumerate() {
        let later = &selection_names[k..];
        let own_and_later_rule = |name: &String| {
            if selection.ident == name.as_str() {
                format!(
                    "`{name}` is being chosen here; only `validate` and `label` can refer to the option, other parts may use the selections above it"
                )
            } else {
                format!(
                    "the selection `{}` cannot use `{name}`, which is chosen after it; move `{name}` above `{}`",
                    selection.ident, selection.ident
                )
            }
        };
        let mut before_choice: Vec<TokenStream> = Vec::new();
        match &selection.kind {
            SelectionKind::ChooseFrom { options, multi } => {
                before_choice.push(options.to_token_stream());
                if let Some(multi) = multi {
                    before_choice.push(multi.min.to_token_stream());
                    before_choice.extend(multi.max.as_ref().map(ToTokens::to_token_stream));
                }
            }
            SelectionKind::ChooseNumber { min, max } => {
                before_choice.push(min.to_token_stream());
                before_choice.push(max.to_token_stream());
            }
            SelectionKind::EnterText => {}
        }
        before_choice.extend(selection.prompt.as_ref().map(ToTokens::to_token_stream));
        if let SkipDef::When(expr) = &selection.skip {
            before_choice.push(expr.to_token_stream());
        }
        for tokens in before_choice {
            forbid_names(tokens, later, errors, own_and_later_rule);
        }
        for tokens in [&selection.validate, &selection.label]
            .into_iter()
            .flatten()
        {
            forbid_names(
                tokens.to_token_stream(),
                &later[1..],
                errors,
                own_and_later_rule,
            );
        }
    }

    // Templates name the player, the selections and the arguments, nothing else.
    let field_names: Vec<String> = action
        .fields
        .iter()
        .map(|field| field.ident().to_string())
        .collect();
    for message in &action.messages {
        check_template(
            &message.template,
            &field_names,
            errors,
            "a selection or an argument",
        );
    }
    // The description is shown while the player is still choosing: no selection yet.
    if let Some(description) = &action.description {
        let arg_names: Vec<String> = action
            .fields
            .iter()
            .filter(|field| matches!(field, FieldDef::Arg { .. }))
            .map(|field| field.ident().to_string())
            .collect();
        check_template(
            description,
            &arg_names,
            errors,
            "an argument (the description is shown before any selection is made)",
        );
    }
}

fn check_template(template: &Template, names: &[String], errors: &mut Errors, expected: &str) {
    for part in &template.parts {
        if let Part::Name(name) = part
            && name != "player"
            && !names.contains(name)
        {
            errors.at_span(template.span(), format!("the template names `{{{name}}}`, which is not `player` nor {expected} of this action"));
        }
    }
}

/// Reports each use of one of `names` as a value in `tokens` (a field access `x.name` or a
/// path segment `a::name` is not a use).
fn forbid_names(
    tokens: TokenStream,
    names: &[String],
    errors: &mut Errors,
    message: impl Fn(&String) -> String + Copy,
) {
    let mut previous_is_accessor = false;
    for tree in tokens {
        match &tree {
            TokenTree::Ident(ident) => {
                if !previous_is_accessor
                    && let Some(name) = names.iter().find(|name| ident == *name)
                {
                    errors.at(ident, message(name));
                }
                previous_is_accessor = false;
            }
            TokenTree::Punct(punct) => {
                previous_is_accessor = punct.as_char() == '.' || punct.as_char() == ':'
            }
            TokenTree::Group(group) => {
                forbid_names(group.stream(), names, errors, message);
                previous_is_accessor = false;
            }
            TokenTree::Literal(_) => previous_is_accessor = false,
        }
    }
}
