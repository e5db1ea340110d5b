//! `choose_from`, `choose_on_board` and `place_piece`: one value among options. The three
//! read the same keys (`place_piece` builds its options from positions and rotations, and
//! chooses one); with `count`, or `min` and `max`, the first two choose a set of values,
//! which [`several`](super::several) expands. Runtime: `runtime/src/rules/selection/choice.rs`
//! (`valid` sets) and `runtime/src/pieces/board.rs` (`placements`).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{Expr, Ident, Token, Type};

use super::several::Several;
use super::{Field, Kept, Keys, Kind, Shown, placeholder};
use crate::ast::{set_once, starts_with_key, vec_item};
use crate::errors::Errors;
use crate::expand::{At, mp};
use crate::messages;

/// How a choice among options is shown: `choose_from`, `choose_on_board`, `place_piece`.
pub(crate) enum Display {
    List,
    Board,
    /// `place_piece`: the options are placements; the piece has this many rotations.
    Placement {
        rotations: Box<Expr>,
    },
}

impl Display {
    /// The prompt's kind of the choice, choosing from `min` to `max` values.
    pub(crate) fn prompt_kind(&self, min: TokenStream, max: TokenStream) -> TokenStream {
        let mp = mp();
        match self {
            Display::List => quote!(#mp::SelectionKind::ChooseFrom { min: #min, max: #max }),
            Display::Board => {
                quote!(#mp::SelectionKind::ChooseOnBoard { min: #min, max: #max })
            }
            Display::Placement { rotations } => quote_spanned! {rotations.span()=>
                #mp::SelectionKind::PlacePiece { rotations: { let __rotations: usize = #rotations; __rotations } }
            },
        }
    }
}

/// The keys of `choose_from`, `choose_on_board` and `place_piece`, as read.
pub(crate) struct ChoiceKeys {
    /// The attribute as written.
    written: String,
    options: Option<Expr>,
    label: Option<Expr>,
    valid: Option<(Ident, Expr)>,
    rotations: Option<Expr>,
    // Each bound with the key it was given by, to point at the key.
    count: Option<(Ident, Expr)>,
    min: Option<(Ident, Expr)>,
    max: Option<(Ident, Expr)>,
    within: Option<(Ident, Expr)>,
    of: Option<(Ident, Type)>,
}

impl ChoiceKeys {
    /// The keys of the attribute `written`.
    pub(crate) fn new(written: &str) -> Self {
        ChoiceKeys {
            written: written.to_owned(),
            options: None,
            label: None,
            valid: None,
            rotations: None,
            count: None,
            min: None,
            max: None,
            within: None,
            of: None,
        }
    }

    fn placing(&self) -> bool {
        self.written == "place_piece"
    }
}

impl Keys for ChoiceKeys {
    fn options(&mut self, input: ParseStream<'_>) -> syn::Result<()> {
        if !input.is_empty() && !starts_with_key(input) {
            self.options = Some(input.parse::<Expr>()?);
            if !input.is_empty() {
                input.parse::<Token![,]>()?;
            }
        }
        Ok(())
    }

    fn key(
        &mut self,
        key: &Ident,
        input: ParseStream<'_>,
        errors: &mut Errors,
    ) -> syn::Result<bool> {
        let placing = self.placing();
        let name = key.to_string();
        match name.as_str() {
            "label" => set_once(&mut self.label, input.parse()?, key, errors),
            "within" if !placing => {
                set_once(&mut self.within, (key.clone(), input.parse()?), key, errors);
            }
            "of" if !placing => set_once(&mut self.of, (key.clone(), input.parse()?), key, errors),
            "valid" if !placing => {
                set_once(&mut self.valid, (key.clone(), input.parse()?), key, errors);
            }
            "rotations" if placing => set_once(&mut self.rotations, input.parse()?, key, errors),
            "count" | "min" | "max" if placing => {
                input.parse::<Expr>()?;
                errors.at(key, messages::place_piece_places_one(&name));
            }
            "count" => set_once(&mut self.count, (key.clone(), input.parse()?), key, errors),
            "min" => set_once(&mut self.min, (key.clone(), input.parse()?), key, errors),
            "max" => set_once(&mut self.max, (key.clone(), input.parse()?), key, errors),
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn finish(
        self: Box<Self>,
        field: &Field<'_>,
        cut_short: bool,
        errors: &mut Errors,
    ) -> Box<dyn Kind> {
        let keys = *self;
        let written = keys.written.as_str();
        let options = keys.options.unwrap_or_else(|| {
            if !cut_short {
                errors.at(field.attr, messages::missing_options(written));
            }
            placeholder()
        });
        let several = keys.count.is_some() || keys.min.is_some() || keys.max.is_some();
        if let Some((key, _)) = &keys.valid {
            if several {
                errors.at(key, messages::VALID_ON_SEVERAL);
            } else if !field.validates && !cut_short {
                errors.at(key, messages::VALID_WITHOUT_VALIDATE);
            }
        }
        let display = match (written, keys.rotations) {
            ("place_piece", rotations) => Display::Placement {
                rotations: Box::new(rotations.unwrap_or_else(|| syn::parse_quote!(1))),
            },
            ("choose_on_board", _) => Display::Board,
            _ => Display::List,
        };
        if !several {
            if let Some((key, _)) = &keys.within {
                errors.at(key, messages::WITHIN_ON_ONE);
            }
            if let Some((key, _)) = &keys.of {
                errors.at(key, messages::OF_ON_ONE);
            }
            // `place_piece` chooses among the placements of its positions.
            let options = match &display {
                Display::Placement { rotations } => {
                    let span = options.span();
                    syn::parse_quote_spanned! {span=>
                        ::meeple::__private::placements(#options, #rotations)
                    }
                }
                _ => options,
            };
            return Box::new(Choice {
                options,
                display,
                label: keys.label,
                valid: keys.valid.map(|(_, valid)| valid),
            });
        }
        // The values of several: a `Vec` of them, or any set type naming them with `of`.
        let item = keys.of.map(|(_, item)| item).or_else(|| vec_item(field.ty));
        let Some(item) = item else {
            for (key, _) in [&keys.count, &keys.min, &keys.max].into_iter().flatten() {
                errors.at(
                    key,
                    messages::several_needs_a_set(key, field.ident, field.ty),
                );
            }
            return Box::new(Choice {
                options,
                display,
                label: keys.label,
                valid: None,
            });
        };
        if keys.count.is_some() {
            for (key, _) in [&keys.min, &keys.max].into_iter().flatten() {
                errors.at(key, messages::count_and_bound(key));
            }
        }
        let (min, max) = match keys.count {
            Some((_, count)) => (count.clone(), Some(count)),
            None => (
                keys.min
                    .map_or_else(|| syn::parse_quote!(1), |(_, min)| min),
                keys.max.map(|(_, max)| max),
            ),
        };
        Box::new(Several {
            options,
            display,
            label: keys.label,
            item,
            min,
            max,
            within: keys.within.map(|(_, within)| within),
        })
    }
}

/// One value among options.
pub(crate) struct Choice {
    options: Expr,
    display: Display,
    label: Option<Expr>,
    /// `valid = <set>`: the values `validate` accepts, as a set computed at once, whose
    /// size and `n`-th member the walks take instead of asking each option.
    valid: Option<Expr>,
}

impl Choice {
    /// The iterator over the valid values when the selection names them with
    /// `valid = <set>`: an [`ExactSizeIterator`] of the field's type, so that counting is
    /// its length and ranking its `nth`. Debug builds first check that the set holds
    /// exactly the options `validate` accepts, in option order.
    fn valid_options(&self, at: &At<'_>) -> Option<TokenStream> {
        let mp = mp();
        let valid = self.valid.as_ref()?;
        let (sel, ty) = (at.ident(), at.ty());
        let candidates = candidates(&self.options, ty);
        let accepted = at.own_passes();
        let name = sel.to_string();
        // Closures keep the derive's span (see `candidates`).
        let accepts = quote! {
            |__candidate| {
                let #sel = __candidate;
                #accepted
            }
        };
        Some(quote_spanned! {valid.span()=>
            {
                #[cfg(debug_assertions)]
                #mp::check_valid_options(
                    #name,
                    #mp::valid_options::<#ty, _>(#valid),
                    #mp::Iterator::filter(#candidates, #accepts),
                );
                #mp::valid_options::<#ty, _>(#valid)
            }
        })
    }

    /// [`valid_options`](Self::valid_options) when the selection is the last one and
    /// nothing but its own validation checks it (no `skip_if`, no group): its count is
    /// the set's size and its `n`-th completion the set's `n`-th member.
    fn valid_last(&self, at: &At<'_>) -> Option<TokenStream> {
        if !Self::alone_last(at) {
            return None;
        }
        self.valid_options(at)
    }

    /// The options, when the selection is the last one and nothing checks it at all (no
    /// `validate`, `valid`, `skip_if` or group): each option is a completion, so its count
    /// is the options' and its `n`-th completion the `n`-th option.
    fn unchecked_last(&self, at: &At<'_>) -> Option<TokenStream> {
        if !Self::alone_last(at) || self.valid.is_some() || at.selection.validate.is_some() {
            return None;
        }
        Some(candidates(&self.options, at.ty()))
    }

    /// Whether the selection is the last one and no `skip_if` or group checks it.
    fn alone_last(at: &At<'_>) -> bool {
        at.is_last() && at.skip_when().is_none() && at.group_validate().is_none()
    }
}

impl Kind for Choice {
    fn before_choice(&self) -> Vec<&Expr> {
        vec![&self.options]
    }

    fn label(&self) -> Option<&Expr> {
        self.label.as_ref()
    }

    fn walk(&self, at: &At<'_>, visit: &TokenStream) -> TokenStream {
        let sel = at.ident();
        // With `valid`, the set is the valid values: only the group's check remains.
        let (candidates, valid) = match self.valid_options(at) {
            Some(valid) => (valid, at.group_passes()),
            None => (candidates(&self.options, at.ty()), at.passes()),
        };
        quote! {
            for __candidate in #candidates {
                let #sel = &__candidate;
                if #valid && { #visit } {
                    break;
                }
            }
        }
    }

    fn offered(&self, at: &At<'_>) -> TokenStream {
        let candidates = candidates(&self.options, at.ty());
        let refuse = at.not_offered(quote!(::std::string::ToString::to_string(
            "it is not among the options"
        )));
        quote! {
            if !#candidates.any(|__candidate| __candidate == *__value) {
                #refuse
            }
        }
    }

    fn admits(&self, at: &At<'_>) -> Option<TokenStream> {
        let mp = mp();
        let valid = self.valid.as_ref()?;
        // Debug builds check the set against `validate` here too.
        let checked = self.valid_options(at)?;
        Some(quote_spanned! {valid.span()=>
            {
                #[cfg(debug_assertions)]
                let _ = #checked;
                #mp::ValidSet::contains(&#valid, __value)
            }
        })
    }

    fn state(&self, at: &At<'_>, shown: &Shown) -> TokenStream {
        let mp = mp();
        let sel = at.ident();
        let Shown {
            name,
            prompt,
            skip,
            label,
            follows,
            error_of,
            ..
        } = shown;
        let candidates = candidates(&self.options, at.ty());
        let kind = self.display.prompt_kind(quote!(1), quote!(1));
        quote! {
            let mut __options = #mp::Vec::new();
            for __candidate in #candidates {
                let #sel = &__candidate;
                let __error: #mp::Option<#mp::String> = #error_of;
                let __viable = __error.is_none() && #follows;
                if __error.is_none() && !__viable {
                    continue;
                }
                __options.push(#mp::OptionState { value: #mp::encode(#sel), label: #label, error: __error, viable: __viable });
            }
            #mp::SelectionState {
                name: #name,
                prompt: #prompt,
                skip: #skip,
                kind: #kind,
                viable: __options.iter().any(|__option| __option.viable),
                options: __options,
                error: #mp::None,
                group: #mp::None,
            }
        }
    }

    fn complete_at(&self, at: &At<'_>) -> Option<TokenStream> {
        let mp = mp();
        if let Some(options) = self.unchecked_last(at) {
            return Some(quote! {
                #mp::Iterator::next(&mut #options).is_some()
            });
        }
        let valid = self.valid_last(at)?;
        Some(quote! {
            #mp::ExactSizeIterator::len(&#valid) > 0
        })
    }

    fn count_at(&self, at: &At<'_>) -> Option<TokenStream> {
        let mp = mp();
        if self.unchecked_last(at).is_some() {
            let count = count_options(&self.options);
            return Some(quote! {
                #count as u64
            });
        }
        let valid = self.valid_last(at)?;
        Some(quote! {
            #mp::ExactSizeIterator::len(&#valid) as u64
        })
    }

    fn nth_at(&self, at: &At<'_>) -> Option<TokenStream> {
        let mp = mp();
        let sel = at.ident();
        let action = at.action();
        if let Some(options) = self.unchecked_last(at) {
            return Some(quote! {
                for __candidate in #options {
                    if *__index == 0 {
                        let #sel = &__candidate;
                        return #mp::Some(#action);
                    }
                    *__index -= 1;
                }
                #mp::None
            });
        }
        let valid = self.valid_last(at)?;
        Some(self.nth_among(at, &valid))
    }

    fn kept_at(&self, at: &At<'_>) -> Option<Kept> {
        let mp = mp();
        let valid = self.valid.as_ref()?;
        // Debug builds check the set against `validate` at every use, kept or not.
        let checked = self.valid_last(at)?;
        let (sel, ty) = (at.ident(), at.ty());
        // Autoref specialization: a set that is not a `ValidSet` keeps nothing, and its
        // error is the check's alone.
        let compute = quote!(|| #valid);
        let probe = quote_spanned! {valid.span()=>
            (&#mp::kept_valid::<#ty, _, _>(#compute))
        };
        let traits = quote!(use #mp::{KeepsBits as _, KeepsNothing as _};);
        let count = quote! {
            #traits
            #[cfg(debug_assertions)]
            let _ = #checked;
            let (__set, __bits) = #probe.keeping();
            let __count = #mp::ExactSizeIterator::len(&#mp::valid_options::<#ty, _>(__set));
            (__count as u64, __bits)
        };
        let nth = self.nth_among(
            at,
            &quote! {{
                #traits
                #[cfg(debug_assertions)]
                let _ = #checked;
                #mp::valid_options::<#ty, _>(#probe.kept_set(__kept))
            }},
        );
        let admits = quote! {{
            #traits
            #probe.admits_kept(__kept, #sel) == #mp::Some(true)
        }};
        Some(Kept { count, nth, admits })
    }
}

impl Choice {
    /// The completion at `*__index` among the values of `valid`, an iterator over the
    /// valid values that knows its length: its `nth`, or `None` with the index moved past
    /// them.
    fn nth_among(&self, at: &At<'_>, valid: &TokenStream) -> TokenStream {
        let mp = mp();
        let sel = at.ident();
        let action = at.action();
        quote! {
            let mut __valid = #valid;
            let __count = #mp::ExactSizeIterator::len(&__valid) as u64;
            if *__index < __count {
                // Below the length: the position fits in `usize`.
                let __candidate = #mp::Iterator::nth(&mut __valid, *__index as usize)?;
                let #sel = &__candidate;
                #mp::Some(#action)
            } else {
                *__index -= __count;
                #mp::None
            }
        }
    }
}

/// The number of `options` (a `usize`), asked of their own iterator, whose `count` may
/// answer at once (a popcount for a set of bits) where a checked [`candidates`] walks
/// them. Their type is checked where the kind walks them.
pub(crate) fn count_options(options: &Expr) -> TokenStream {
    let mp = mp();
    quote_spanned! {options.span()=>
        #mp::Iterator::count(#mp::IntoIterator::into_iter(#options))
    }
}

/// An iterator over `options`, each checked to be of type `ty` (the field's, or a set's
/// item).
pub(crate) fn candidates(options: &Expr, ty: &Type) -> TokenStream {
    let mp = mp();
    // The closure itself keeps the derive's span: it inherits the action's bounds on the
    // game, whose failure (an action missing from the enum) is then reported once, at the
    // derive. A value of the wrong type is still reported at the options.
    let option = quote_spanned!(options.span()=> __option);
    let closure = quote!(|__option| -> #ty { #option });
    quote_spanned! {options.span()=>
        #mp::Iterator::map(#mp::IntoIterator::into_iter(#options), #closure)
    }
}
