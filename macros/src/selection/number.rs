//! `choose_number(min = .., max = .., initial = ..)`: a number in a range, of any integer
//! type, with the value a client preselects. The walks count through the range; the prompt
//! lists a narrow range and gives the viable bounds of a wide one. Runtime: `runtime/src/rules/selection/number.rs`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{Expr, Ident, Type};

use super::{Field, Keys, Kind, Shown, placeholder};
use crate::ast::set_once;
use crate::errors::Errors;
use crate::expand::{At, mp};
use crate::messages;

/// The keys of `choose_number`, as read.
#[derive(Default)]
pub(crate) struct NumberKeys {
    min: Option<Expr>,
    max: Option<Expr>,
    initial: Option<Expr>,
}

impl Keys for NumberKeys {
    fn key(
        &mut self,
        key: &Ident,
        input: ParseStream<'_>,
        errors: &mut Errors,
    ) -> syn::Result<bool> {
        match key.to_string().as_str() {
            "min" => set_once(&mut self.min, input.parse()?, key, errors),
            "max" => set_once(&mut self.max, input.parse()?, key, errors),
            "initial" => set_once(&mut self.initial, input.parse()?, key, errors),
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
        if !cut_short
            && let Some(missing) =
                messages::missing_number_bounds(self.min.is_some(), self.max.is_some())
        {
            errors.at(field.attr, missing);
        }
        Box::new(Number {
            min: self.min.unwrap_or_else(placeholder),
            max: self.max.unwrap_or_else(placeholder),
            initial: self.initial,
        })
    }
}

/// A number from `min` to `max`, both included, and the one a client preselects
/// (Boardzilla's `initial`).
pub(crate) struct Number {
    min: Expr,
    max: Expr,
    initial: Option<Expr>,
}

impl Number {
    /// `__low` and `__high`, in the field's type `ty`.
    fn bounds(&self, ty: &Type) -> TokenStream {
        let (min, max) = (&self.min, &self.max);
        let low = quote_spanned!(min.span()=> let __low: #ty = #min;);
        let high = quote_spanned!(max.span()=> let __high: #ty = #max;);
        quote!(#low #high)
    }
}

impl Kind for Number {
    fn before_choice(&self) -> Vec<&Expr> {
        let mut exprs = vec![&self.min, &self.max];
        exprs.extend(&self.initial);
        exprs
    }

    fn walk(&self, at: &At<'_>, visit: &TokenStream) -> TokenStream {
        let sel = at.ident();
        let valid = at.passes();
        let bounds = self.bounds(at.ty());
        quote! {
            #bounds
            for __candidate in __low..=__high {
                let #sel = &__candidate;
                if #valid && { #visit } {
                    break;
                }
            }
        }
    }

    fn offered(&self, at: &At<'_>) -> TokenStream {
        let mp = mp();
        let bounds = self.bounds(at.ty());
        let refuse = at.not_offered(quote!(::std::format!(
            "it is outside {}..={}",
            #mp::Number::to_i64(__low),
            #mp::Number::to_i64(__high)
        )));
        quote! {
            #bounds
            if *__value < __low || *__value > __high {
                #refuse
            }
        }
    }

    fn state(&self, at: &At<'_>, shown: &Shown) -> TokenStream {
        let mp = mp();
        let (sel, ty) = (at.ident(), at.ty());
        let Shown {
            name,
            prompt,
            skip,
            follows,
            error_of,
            passes,
            ..
        } = shown;
        let bounds = self.bounds(ty);
        let initial = match &self.initial {
            Some(initial) => {
                let typed =
                    quote_spanned!(initial.span()=> { let __initial: #ty = #initial; __initial });
                quote!(#mp::Some(#mp::Number::to_i64(#typed)))
            }
            None => quote!(#mp::None),
        };
        quote! {
            #bounds
            #mp::number_selection(
                #name,
                #prompt,
                #skip,
                #mp::NumberRange {
                    low: #mp::Number::to_i64(__low),
                    high: #mp::Number::to_i64(__high),
                    initial: #initial,
                },
                |__number| {
                    let #mp::Some(__candidate) = <#ty as #mp::Number>::from_i64(__number) else {
                        return #mp::Some(false);
                    };
                    let #sel = &__candidate;
                    if #passes { #mp::Some(#follows) } else { #mp::None }
                },
                |__number| {
                    let __candidate = <#ty as #mp::Number>::from_i64(__number)?;
                    let #sel = &__candidate;
                    #error_of
                },
            )
        }
    }
}
