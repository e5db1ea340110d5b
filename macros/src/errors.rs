//! Collecting every mistake of an input, to report them together.

use proc_macro2::TokenStream;
use quote::ToTokens;
use std::fmt::Display;

/// The mistakes found so far.
#[derive(Default)]
pub(crate) struct Errors {
    errors: Vec<syn::Error>,
}

impl Errors {
    /// Records a mistake located at `tokens`.
    pub(crate) fn at(&mut self, tokens: impl ToTokens, message: impl Display) {
        self.errors.push(syn::Error::new_spanned(tokens, message));
    }

    /// Records a mistake located at `span`.
    pub(crate) fn at_span(&mut self, span: proc_macro2::Span, message: impl Display) {
        self.errors.push(syn::Error::new(span, message));
    }

    /// Records a parse error.
    pub(crate) fn push(&mut self, error: syn::Error) {
        self.errors.push(error);
    }

    /// `Err` with every mistake combined, when there is one.
    pub(crate) fn finish(self) -> Result<(), syn::Error> {
        let mut errors = self.errors.into_iter();
        let Some(mut first) = errors.next() else {
            return Ok(());
        };
        for error in errors {
            first.combine(error);
        }
        Err(first)
    }
}

/// The compile errors followed by a fallback, so one mistake does not cascade into errors
/// in the author's other code.
pub(crate) fn with_fallback(error: syn::Error, fallback: TokenStream) -> TokenStream {
    let mut tokens = error.to_compile_error();
    tokens.extend(fallback);
    tokens
}
