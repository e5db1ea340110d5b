//! `enter_text`: free text. No walk can enumerate it, so it always completes, is always
//! asked and is never chosen for the player; only its `validate` refuses a text.
//! Runtime: `runtime/src/rules/selection/values.rs` (the value read back, as every kind's).

use proc_macro2::TokenStream;
use quote::quote;
use syn::parse::ParseStream;
use syn::{Expr, Ident};

use super::{Field, Keys, Kind, Shown};
use crate::errors::Errors;
use crate::expand::{At, mp};
use crate::messages;

/// The keys of `enter_text`: only those every selection takes, and not `skip_if`.
pub(crate) struct TextKeys;

impl Keys for TextKeys {
    fn key(
        &mut self,
        key: &Ident,
        input: ParseStream<'_>,
        errors: &mut Errors,
    ) -> syn::Result<bool> {
        if key != "skip_if" {
            return Ok(false);
        }
        input.parse::<Expr>()?;
        errors.at(key, messages::TEXT_NEVER_SKIPPED);
        Ok(true)
    }

    fn finish(
        self: Box<Self>,
        _field: &Field<'_>,
        _cut_short: bool,
        _errors: &mut Errors,
    ) -> Box<dyn Kind> {
        Box::new(Text)
    }
}

/// Free text.
pub(crate) struct Text;

impl Kind for Text {
    fn distinct(&self) -> super::Distinctness<'_> {
        super::Distinctness::FreeText
    }

    fn before_choice(&self) -> Vec<&Expr> {
        Vec::new()
    }

    fn is_text(&self) -> bool {
        true
    }

    fn always_asks(&self) -> bool {
        true
    }

    /// Nothing to walk: a text completes ([`complete_at`](Self::complete_at)) but is never
    /// counted among completions.
    fn walk(&self, _at: &At<'_>, _visit: &TokenStream) -> TokenStream {
        quote!()
    }

    fn offered(&self, _at: &At<'_>) -> TokenStream {
        quote!()
    }

    fn state(&self, _at: &At<'_>, shown: &Shown) -> TokenStream {
        let mp = mp();
        let Shown { name, prompt, .. } = shown;
        quote! {
            #mp::SelectionState {
                name: #name,
                prompt: #prompt,
                skip: #mp::Skip::Never,
                kind: #mp::SelectionKind::EnterText,
                options: #mp::Vec::new(),
                error: #mp::None,
                viable: true,
                group: #mp::None,
            }
        }
    }

    fn complete_at(&self, _at: &At<'_>) -> Option<TokenStream> {
        Some(quote!(true))
    }
}
