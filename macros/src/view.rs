//! `#[derive(View)]`: parse the per-field policies of a state, check them, expand them into
//! an `impl meeple::View`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::errors::{Errors, with_fallback};
use crate::fallback;
use crate::messages;
use crate::state::{self, Policy, PolicyKind, Scope, StateField};

/// The state's fields with their policies; the struct's shape is checked here.
fn parse(input: &syn::DeriveInput, errors: &mut Errors) -> Vec<StateField> {
    if !input.generics.params.is_empty() {
        errors.at(&input.generics, messages::GENERIC_VIEW);
    }
    let syn::Data::Struct(data) = &input.data else {
        errors.at(&input.ident, messages::VIEW_NOT_A_STRUCT);
        return Vec::new();
    };
    let syn::Fields::Named(named) = &data.fields else {
        if !matches!(data.fields, syn::Fields::Unit) {
            errors.at(&data.fields, messages::UNNAMED_VIEW_FIELDS);
        }
        return Vec::new();
    };
    state::fields(named, errors)
}

pub(crate) fn derive_view(input: TokenStream) -> TokenStream {
    let input: syn::DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return error.to_compile_error(),
    };
    let mut errors = Errors::default();
    let fields = parse(&input, &mut errors);
    match errors.finish() {
        Ok(()) => expand(&input, &fields),
        Err(error) => with_fallback(error, fallback::view(&input)),
    }
}

fn conceal(policy: Policy, value: &TokenStream) -> TokenStream {
    let mp = quote!(::meeple::__private);
    let span = policy.span;
    match policy.kind {
        PolicyKind::Visible => quote_spanned!(span=> #mp::Clone::clone(#value)),
        PolicyKind::Hidden => quote_spanned!(span=> #mp::Hide::hidden(#value)),
        PolicyKind::Order => {
            quote_spanned!(span=> #mp::Conceal::conceal(#value, #mp::Policy::Order))
        }
        PolicyKind::Len => quote_spanned!(span=> #mp::Conceal::conceal(#value, #mp::Policy::Len)),
        PolicyKind::NonEmpty => {
            quote_spanned!(span=> #mp::Conceal::conceal(#value, #mp::Policy::NonEmpty))
        }
    }
}

fn expand(input: &syn::DeriveInput, fields: &[StateField]) -> TokenStream {
    let mp = quote!(::meeple::__private);
    let ident = &input.ident;
    let viewed = fields.iter().map(|field| {
        let name = &field.ident;
        // Spanned at the policy, so a type that does not fit points at it.
        let value = quote_spanned!(field.span()=> &self.#name);
        let expr = match &field.scope {
            Scope::Everyone(policy) => conceal(*policy, &value),
            Scope::Others(policy) => {
                let concealed = conceal(*policy, &quote!(__entry));
                quote_spanned!(policy.span=> #mp::PerPlayer::seen_by(#value, viewer, |__entry| #concealed))
            }
            Scope::Nested(span) => quote_spanned!(*span=> #mp::View::view(#value, viewer)),
        };
        quote!(#name: #expr)
    });
    let visits = fields.iter().filter_map(|field| {
        let name = &field.ident;
        match field.scope {
            Scope::Nested(span) => {
                Some(quote_spanned!(span=> #mp::View::visit_pieces(&self.#name, visit);))
            }
            _ if field.place => {
                Some(quote_spanned!(field.span()=> #mp::Pieces::visit_pieces(&self.#name, visit);))
            }
            _ => None,
        }
    });
    // Nested states say for themselves what they hide.
    let hidden = fields.iter().filter_map(|field| match &field.scope {
        Scope::Everyone(policy) | Scope::Others(policy) if policy.kind != PolicyKind::Visible => {
            Some(field.ident.to_string())
        }
        _ => None,
    });
    // Nested states may hide what this one does not name.
    let conceals = fields.iter().any(|field| match &field.scope {
        Scope::Everyone(policy) | Scope::Others(policy) => policy.kind != PolicyKind::Visible,
        Scope::Nested(_) => true,
    });
    // Spanned at the state, so a state without `Serialize` is reported there, once.
    let serialize =
        quote_spanned!(ident.span()=> ::meeple::__private::serialize_state(self, serializer));
    quote! {
        #[automatically_derived]
        impl #mp::View for #ident {
            const HIDDEN_FIELDS: &'static [&'static str] = &[#(#hidden),*];
            const CONCEALS: bool = #conceals;

            fn view(&self, viewer: #mp::Viewer) -> Self {
                if viewer == #mp::Viewer::Admin {
                    return #mp::Clone::clone(self);
                }
                #ident { #(#viewed,)* }
            }

            fn serialize_state<__S: #mp::serde::Serializer>(
                &self,
                serializer: __S,
            ) -> #mp::Result<__S::Ok, __S::Error> {
                #serialize
            }

            fn deserialize_state(value: #mp::Value) -> #mp::Result<Self, #mp::String> {
                #[allow(unused_imports)]
                use #mp::{ReadsNothing as _, ReadsWithSerde as _};
                (&#mp::StateReader::<Self>::new()).read(value)
            }

            #[allow(unused_variables)]
            fn visit_pieces(&self, visit: &mut dyn ::core::ops::FnMut(#mp::ComponentId)) {
                #(#visits)*
            }
        }
    }
}
