//! Each kind of selection as one unit: its module reads the kind's own keys (parse),
//! says which of its expressions run before the choice (check) and writes its part of the
//! generated walks, checks and prompt state (expand), through the one trait [`Kind`].
//! What every selection shares (its name and type, `prompt`, `validate`, `skip_if`,
//! `group`) is read here, and the walks that chain selections are in `expand.rs`.
//!
//! | attribute | unit | runtime (`runtime/src/rules/selection/`) |
//! |---|---|---|
//! | `choose_from`, `choose_on_board`, `place_piece` | [`choice`] | `choice.rs` (`valid` sets), `board.rs` (placements) |
//! | the same with `count`, or `min` and `max` | [`several`] | `several.rs` (subset search) |
//! | `choose_number` | [`number`] | `number.rs` (range scan) |
//! | `enter_text` | [`text`] | `values.rs` |
//! | `group = ..` and `group(..)` | [`group`] | `action.rs` (`GroupState`) |

pub(crate) mod choice;
pub(crate) mod group;
pub(crate) mod number;
pub(crate) mod several;
pub(crate) mod text;

use proc_macro2::TokenStream;
use syn::parse::ParseStream;
use syn::{Expr, Ident, LitStr, Token, Type};

use crate::ast::{FieldDef, SelectionDef, SkipDef, Strategy, path_text, set_once};
use crate::errors::Errors;
use crate::expand::At;
use crate::keywords::{self, ARG, SELECTION_ATTRS};
use crate::messages;

/// The stages of one kind of selection that follow its parse ([`Keys`]): what the checks
/// need to know of it, and its part of the generated code. `at` is the selection being
/// expanded, with the selections above it bound by name in the generated function.
pub(crate) trait Kind {
    /// Check: the expressions evaluated before the value is chosen (options, bounds),
    /// which may use only the selections above this one.
    fn before_choice(&self) -> Vec<&Expr>;

    /// Check: the expressions that see the value being considered under the selection's
    /// own name, as `validate` does (`within`).
    fn of_the_value(&self) -> Vec<&Expr> {
        Vec::new()
    }

    /// `label = ..`: how the prompt shows a value (each item of a set), if the kind takes one.
    fn label(&self) -> Option<&Expr> {
        None
    }

    /// Whether the value is a set of items, each labelled on its own.
    fn is_several(&self) -> bool {
        false
    }

    /// Whether the value is free text, which no walk can enumerate.
    fn is_text(&self) -> bool {
        false
    }

    /// How the selection's values are numbered as distinct actions: its own type's
    /// `Distinct` by default.
    fn distinct(&self) -> Distinctness<'_> {
        Distinctness::Value
    }

    /// Whether the player is always asked, even with one option left: free text, or a set
    /// whose size is the player's to choose.
    fn always_asks(&self) -> bool {
        false
    }

    /// Expand: the loop over the values of the selection in option order, each bound to
    /// the selection's name; `visit` (a `bool` expression: whether to stop) runs for those
    /// that pass `at.passes()`.
    fn walk(&self, at: &At<'_>, visit: &TokenStream) -> TokenStream;

    /// Expand: the statements of the selection's check that refuse `__value` when it is
    /// not offered (`at.not_offered(reason)`), before its validation.
    fn offered(&self, at: &At<'_>) -> TokenStream;

    /// Expand: a `bool` over `__value` that holds exactly when the value is offered and
    /// passes the selection's own validation, when the kind can tell at once (a
    /// `valid = <set>`'s membership): the check then accepts without scanning the options
    /// or validating, and refuses with the full explanation otherwise.
    fn admits(&self, _at: &At<'_>) -> Option<TokenStream> {
        None
    }

    /// Expand: the `SelectionState` expression of the selection, from what every kind
    /// shows the same way.
    fn state(&self, at: &At<'_>, shown: &Shown) -> TokenStream;

    /// Expand: the body of `__meeple_complete_k` when the kind answers without walking.
    fn complete_at(&self, _at: &At<'_>) -> Option<TokenStream> {
        None
    }

    /// Expand: the body of `__meeple_count_k` when the kind answers without walking.
    fn count_at(&self, _at: &At<'_>) -> Option<TokenStream> {
        None
    }

    /// Expand: the body of `__meeple_nth_k` when the kind answers without walking.
    fn nth_at(&self, _at: &At<'_>) -> Option<TokenStream> {
        None
    }

    /// Expand: when the selection, the action's only one, has a set the engine may keep
    /// from a decision's count to its draw and check (a `valid = <set>`), the bodies of the
    /// action's `count_keeping`, `nth_kept` and of `check_kept`'s membership test.
    fn kept_at(&self, _at: &At<'_>) -> Option<Kept> {
        None
    }
}

/// How a selection's values become distinct actions ([`Kind::distinct`]).
pub(crate) enum Distinctness<'a> {
    /// The field's own type is numbered: one step.
    Value,
    /// A set: each item, of this type, is a step, in ascending index; with `done`, a last
    /// step closes the set, whose size is the player's.
    Items { item: &'a Type, done: bool },
    /// Free text: no number stands for it.
    FreeText,
}

/// The bodies of an action's `count_keeping`, `nth_kept` and `check_kept` ([`Kind::kept_at`]),
/// over the arguments bound by name and `__kept: u64`.
pub(crate) struct Kept {
    /// `(u64, Option<u64>)`: the count, and the set as bits when it is kept as bits.
    pub(crate) count: TokenStream,
    /// `Option<Self>`: the completion at `*__index`, from the kept set.
    pub(crate) nth: TokenStream,
    /// `bool`: whether the value bound to the selection's name is in the kept set.
    pub(crate) admits: TokenStream,
}

/// What every kind's `SelectionState` shows the same way, as tokens over the value bound
/// to the selection's name.
pub(crate) struct Shown {
    /// The selection's name, as submissions key it.
    pub(crate) name: String,
    /// `Option<String>`: its prompt, or its group's.
    pub(crate) prompt: TokenStream,
    /// `Skip`: how it may be chosen for the player.
    pub(crate) skip: TokenStream,
    /// `String`: the value's label.
    pub(crate) label: TokenStream,
    /// `bool`: whether a valid completion follows the value.
    pub(crate) follows: TokenStream,
    /// `Option<String>`: why the value is refused, if it is.
    pub(crate) error_of: TokenStream,
    /// `bool`: whether the value passes the checks `error_of` explains, without building
    /// the explanation.
    pub(crate) passes: TokenStream,
}

/// The parse stage of a kind: the attribute's own keys, read one by one, then the kind.
pub(crate) trait Keys {
    /// Reads the options written first, before any key, when the kind takes them.
    ///
    /// # Errors
    /// A syntax error in the expression.
    fn options(&mut self, _input: ParseStream<'_>) -> syn::Result<()> {
        Ok(())
    }

    /// Reads `key = <value>` when the kind has a say on `key` (it takes it, or refuses it
    /// with a message of its own); `Ok(false)` leaves it to the keys every selection takes.
    ///
    /// # Errors
    /// A syntax error in the value.
    fn key(
        &mut self,
        key: &Ident,
        input: ParseStream<'_>,
        errors: &mut Errors,
    ) -> syn::Result<bool>;

    /// The kind, once every key is read: reports what is missing or contradictory, unless
    /// the attribute was `cut_short` by a mistake (what follows it is unknown).
    fn finish(
        self: Box<Self>,
        field: &Field<'_>,
        cut_short: bool,
        errors: &mut Errors,
    ) -> Box<dyn Kind>;
}

/// What a kind's [`Keys::finish`] sees of the field.
pub(crate) struct Field<'a> {
    pub(crate) ident: &'a Ident,
    pub(crate) ty: &'a Type,
    /// The attribute's name, as written (`choose_on_board`).
    pub(crate) attr: &'a Ident,
    /// Whether the field has a `validate`.
    pub(crate) validates: bool,
}

/// After a mistake, what stands for a missing expression: the checks still see the field,
/// and nothing is expanded since the errors stop the derive.
pub(crate) fn placeholder() -> Expr {
    syn::parse_quote!(0)
}

/// Reads a field: an argument (`#[arg]`) or a selection, whose kind reads its own keys.
pub(crate) fn parse_field(field: &syn::Field, errors: &mut Errors) -> Option<FieldDef> {
    let ident = field.ident.clone()?;
    let mut kinds = field.attrs.iter().filter(|attr| {
        SELECTION_ATTRS
            .iter()
            .any(|name| attr.path().is_ident(name))
            || attr.path().is_ident(ARG)
    });
    let Some(attr) = kinds.next() else {
        errors.at(&ident, messages::neither_selection_nor_arg(&ident));
        // Kept as an argument, so the checks of the other fields do not report it unknown.
        return Some(FieldDef::Arg {
            ident,
            ty: Box::new(field.ty.clone()),
            label: None,
        });
    };
    for extra in kinds {
        errors.at(
            extra.path(),
            messages::second_field_attr(&ident, &path_text(attr.path())),
        );
    }
    if attr.path().is_ident(ARG) {
        let label = match &attr.meta {
            syn::Meta::Path(_) => None,
            _ => match attr.parse_args_with(|input: ParseStream<'_>| {
                let key: Ident = input.parse()?;
                if key != "label" {
                    return Err(syn::Error::new(key.span(), messages::ARG_TAKES_LABEL_ONLY));
                }
                input.parse::<syn::Token![=]>()?;
                let label: Expr = input.parse()?;
                if !input.is_empty() {
                    return Err(input.error(messages::ARG_TAKES_LABEL_ONLY));
                }
                Ok(label)
            }) {
                Ok(label) => Some(label),
                Err(error) => {
                    errors.push(error);
                    None
                }
            },
        };
        return Some(FieldDef::Arg {
            ident,
            ty: Box::new(field.ty.clone()),
            label,
        });
    }
    let attr_ident = attr.path().get_ident().cloned()?;
    let written = attr_ident.to_string();
    let mut keys: Box<dyn Keys> = match written.as_str() {
        "choose_number" => Box::new(number::NumberKeys::default()),
        "enter_text" => Box::new(text::TextKeys),
        _ => Box::new(choice::ChoiceKeys::new(&written)),
    };
    let (mut prompt, mut validate, mut group) = (None, None, None);
    let mut skip = SkipDef::Default;
    let mut misspelled = false;
    let parsed = match &attr.meta {
        syn::Meta::Path(_) => Ok(()),
        _ => attr.parse_args_with(|input: ParseStream<'_>| {
            keys.options(input)?;
            while !input.is_empty() {
                let key: Ident = input.call(syn::ext::IdentExt::parse_any)?;
                input.parse::<Token![=]>()?;
                if !keys.key(&key, input, errors)? {
                    match key.to_string().as_str() {
                        "prompt" => set_once(&mut prompt, input.parse()?, &key, errors),
                        "validate" => set_once(&mut validate, input.parse()?, &key, errors),
                        "group" => set_once(&mut group, input.parse()?, &key, errors),
                        "skip_if" => skip = parse_skip(input, errors)?,
                        name => {
                            input.parse::<Expr>()?;
                            errors.at(
                                &key,
                                keywords::unknown_key(
                                    name,
                                    &format!("#[{written}]"),
                                    keywords::selection_keys(&written),
                                ),
                            );
                            misspelled = true;
                        }
                    }
                }
                if !input.is_empty() {
                    input.parse::<Token![,]>()?;
                }
            }
            Ok(())
        }),
    };
    // After a syntax error, what follows it is unknown, and a misspelled key may be a
    // required one: nothing is reported missing.
    let cut_short = parsed.is_err() || misspelled;
    if let Err(error) = parsed {
        errors.push(error);
    }
    let kind = keys.finish(
        &Field {
            ident: &ident,
            ty: &field.ty,
            attr: &attr_ident,
            validates: validate.is_some(),
        },
        cut_short,
        errors,
    );
    Some(FieldDef::Selection(Box::new(SelectionDef {
        ident,
        ty: field.ty.clone(),
        kind,
        prompt,
        validate,
        skip,
        group,
    })))
}

/// `skip_if = "<strategy>"` or `skip_if = <bool>`.
fn parse_skip(input: ParseStream<'_>, errors: &mut Errors) -> syn::Result<SkipDef> {
    if input.peek(LitStr) {
        let literal: LitStr = input.parse()?;
        let strategy = match literal.value().as_str() {
            "only-one" => Strategy::OnlyOne,
            "never" => Strategy::Never,
            "always" => Strategy::Always,
            other => {
                errors.at(&literal, messages::unknown_skip_strategy(other));
                return Ok(SkipDef::Default);
            }
        };
        return Ok(SkipDef::Strategy(strategy));
    }
    Ok(SkipDef::When(input.parse()?))
}
