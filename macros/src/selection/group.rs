//! Groups: `group = name` on consecutive selections, shown together as one step of the
//! prompt, and `group(name, prompt = .., validate = ..)` on the action, their prompt and
//! the validation of them together. Runtime: `GroupState` in `runtime/src/rules/action.rs`.

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{Expr, Ident, Token};

use crate::ast::{ActionDef, SelectionDef, SkipDef, set_once};
use crate::check::forbid_names;
use crate::errors::Errors;
use crate::expand::{Names, mp};
use crate::keywords::{self, GROUP_KEYS};
use crate::messages;

/// A `group(name, prompt = .., validate = ..)`: the prompt and the validation of the
/// selections marked `group = name`, shown together.
pub(crate) struct GroupDef {
    pub(crate) name: Ident,
    pub(crate) prompt: Option<Expr>,
    pub(crate) validate: Option<Expr>,
}

/// Parse: `name, prompt = .., validate = ..`, the inside of `group(..)`.
///
/// # Errors
/// A syntax error; unknown keys are reported in `errors` and skipped.
pub(crate) fn parse_group(content: ParseStream<'_>, errors: &mut Errors) -> syn::Result<GroupDef> {
    let name: Ident = content.parse()?;
    let mut group = GroupDef {
        name,
        prompt: None,
        validate: None,
    };
    while !content.is_empty() {
        content.parse::<Token![,]>()?;
        if content.is_empty() {
            break;
        }
        let key: Ident = content.call(<Ident as syn::ext::IdentExt>::parse_any)?;
        content.parse::<Token![=]>()?;
        match key.to_string().as_str() {
            "prompt" => set_once(&mut group.prompt, content.parse()?, &key, errors),
            "validate" => set_once(&mut group.validate, content.parse()?, &key, errors),
            other => {
                content.parse::<Expr>()?;
                errors.at(&key, keywords::unknown_key(other, "group(..)", &GROUP_KEYS));
            }
        }
    }
    Ok(group)
}

/// Check: the rules of groups (`group = name` on selections, `group(name, ..)` on the
/// action).
pub(crate) fn check_groups(
    action: &ActionDef,
    selections: &[&SelectionDef],
    selection_names: &[String],
    errors: &mut Errors,
) {
    // The selections of a group are shown together: they follow each other.
    for (k, selection) in selections.iter().enumerate() {
        let Some(group) = &selection.group else {
            continue;
        };
        let earlier = selections[..k]
            .iter()
            .rposition(|other| other.group.as_ref() == Some(group));
        if let Some(earlier) = earlier
            && earlier + 1 != k
        {
            errors.at(
                group,
                messages::group_apart(group, &selection.ident, &selections[earlier].ident),
            );
        }
        // A group is always asked: nothing in it is chosen for the player.
        if !matches!(selection.skip, SkipDef::Default) {
            errors.at(group, messages::skip_in_group(&selection.ident, group));
        }
        // Shown together, the members cannot depend on each other; only the group's
        // `validate` sees them all.
        let others: Vec<String> = selections
            .iter()
            .filter(|other| other.group.as_ref() == Some(group) && other.ident != selection.ident)
            .map(|other| other.ident.to_string())
            .collect();
        let mut exprs: Vec<&Expr> = selection.kind.before_choice();
        exprs.extend(selection.kind.of_the_value());
        exprs.extend(&selection.prompt);
        exprs.extend(&selection.validate);
        exprs.extend(selection.kind.label());
        for expr in exprs {
            forbid_names(expr, &others, errors, |name| {
                messages::group_members_depend(&selection.ident, name, group)
            });
        }
    }
    for declared in &action.groups {
        let name = &declared.name;
        let Some(start) = selections
            .iter()
            .position(|selection| selection.group.as_ref() == Some(name))
        else {
            errors.at(name, messages::empty_group(name));
            continue;
        };
        let end = selections
            .iter()
            .rposition(|selection| selection.group.as_ref() == Some(name))
            .unwrap_or(start);
        if action
            .groups
            .iter()
            .filter(|other| other.name == *name)
            .count()
            > 1
        {
            errors.at(name, messages::group_declared_twice(name));
        }
        // The group's prompt is shown before any of it is chosen; its `validate` sees the
        // selections above it and its own.
        if let Some(prompt) = &declared.prompt {
            forbid_names(prompt, &selection_names[start..], errors, |other| {
                messages::group_prompt_uses(name, other)
            });
        }
        if let Some(validate) = &declared.validate {
            forbid_names(validate, &selection_names[end + 1..], errors, |other| {
                messages::group_validate_uses(name, other)
            });
        }
    }
}

/// A group of selections, as the expansion sees it.
pub(crate) struct Group<'a> {
    pub(crate) name: &'a Ident,
    /// Its first and last selections' positions.
    pub(crate) start: usize,
    pub(crate) end: usize,
    /// Its `group(name, ..)`, if declared.
    pub(crate) def: Option<&'a GroupDef>,
}

/// The group selection `k` belongs to, if any.
pub(crate) fn group_of<'a>(names: &Names<'a>, k: usize) -> Option<Group<'a>> {
    let name = names.selections[k].group.as_ref()?;
    let in_group = |selection: &&SelectionDef| selection.group.as_ref() == Some(name);
    let start = names.selections.iter().position(in_group)?;
    let end = names.selections.iter().rposition(in_group)?;
    Some(Group {
        name,
        start,
        end,
        def: names.action.groups.iter().find(|def| def.name == *name),
    })
}

/// The group validation checked with selection `k`: the `validate` of the group, checked
/// with the last of its selections that it may read. Free text cannot be enumerated, so a
/// validation that does not read the group's text is checked with its last other
/// selection, where tree-shaking can still try its combinations.
pub(crate) fn group_validate<'a>(names: &Names<'a>, k: usize) -> Option<(&'a Ident, &'a Expr)> {
    let group = group_of(names, k)?;
    let validate = group.def?.validate.as_ref()?;
    let members = &names.selections[group.start..=group.end];
    let is_text = |selection: &&&SelectionDef| selection.kind.is_text();
    let reads_text = members
        .iter()
        .filter(is_text)
        .any(|text| mentions(&validate.to_token_stream(), &text.ident));
    let checked_with = if reads_text {
        group.end
    } else {
        members
            .iter()
            .rposition(|member| !is_text(&member))
            .map_or(group.end, |last| group.start + last)
    };
    (checked_with == k).then_some((group.name, validate))
}

/// Whether `tokens` name `ident` anywhere (an over-approximation: a field or method of the
/// same name counts too).
fn mentions(tokens: &TokenStream, ident: &Ident) -> bool {
    tokens.clone().into_iter().any(|token| match token {
        proc_macro2::TokenTree::Ident(found) => found == *ident,
        proc_macro2::TokenTree::Group(group) => mentions(&group.stream(), ident),
        _ => false,
    })
}

/// Expand: the `SelectionState` of the first selection of a group, `state`, with the
/// whole group attached: its prompt and each member as shown with it
/// (`__meeple_member_k`).
pub(crate) fn with_members(
    names: &Names<'_>,
    group: &Group<'_>,
    state: &TokenStream,
) -> TokenStream {
    let mp = mp();
    let group_name = group.name.to_string();
    let group_prompt = match group.def.and_then(|def| def.prompt.as_ref()) {
        Some(prompt) => {
            quote_spanned!(prompt.span()=> #mp::Some(::std::string::ToString::to_string(&(#prompt))))
        }
        None => quote!(#mp::None),
    };
    let call = names.call(group.start);
    let members = (group.start..=group.end).map(|member| {
        let member_fn = format_ident!("__meeple_member_{}", member);
        quote!(Self::#member_fn(#call))
    });
    quote! {
        let mut __state = { #state };
        __state.group = #mp::Some(#mp::GroupState {
            name: #group_name,
            prompt: #group_prompt,
            members: ::std::vec![#(#members),*],
        });
        __state
    }
}
