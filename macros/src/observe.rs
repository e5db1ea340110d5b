//! `#[derive(Observe)]`: a state's fields written in order into a seat's observation,
//! each by its type's `Observe`; `#[observe(skip)]` leaves a field out. Parse the fields
//! and their one key, check the struct's shape, expand into a generic `impl Observe<G>`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::errors::Errors;
use crate::messages;

/// A field to write: its name and type.
struct Observed {
    ident: syn::Ident,
    ty: syn::Type,
}

/// The fields to write, in order; the struct's shape and every `#[observe(..)]` checked.
fn parse(input: &syn::DeriveInput, errors: &mut Errors) -> Vec<Observed> {
    if !input.generics.params.is_empty() {
        errors.at(&input.generics, messages::GENERIC_OBSERVE);
    }
    let syn::Data::Struct(data) = &input.data else {
        errors.at(&input.ident, messages::OBSERVE_NOT_A_STRUCT);
        return Vec::new();
    };
    let syn::Fields::Named(named) = &data.fields else {
        if !matches!(data.fields, syn::Fields::Unit) {
            errors.at(&data.fields, messages::UNNAMED_OBSERVE_FIELDS);
        }
        return Vec::new();
    };
    let mut observed = Vec::new();
    for field in &named.named {
        let mut skip = false;
        for attr in field
            .attrs
            .iter()
            .filter(|attr| attr.path().is_ident("observe"))
        {
            let result = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("skip") {
                    skip = true;
                } else {
                    errors.at(&meta.path, messages::UNKNOWN_OBSERVE_KEY);
                }
                Ok(())
            });
            if let Err(error) = result {
                errors.push(error);
            }
        }
        if let (false, Some(ident)) = (skip, &field.ident) {
            observed.push(Observed {
                ident: ident.clone(),
                ty: field.ty.clone(),
            });
        }
    }
    observed
}

pub(crate) fn derive_observe(input: TokenStream) -> TokenStream {
    let input: syn::DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return error.to_compile_error(),
    };
    let mut errors = Errors::default();
    let fields = parse(&input, &mut errors);
    match errors.finish() {
        Ok(()) => expand(&input, &fields),
        Err(error) => error.to_compile_error(),
    }
}

fn expand(input: &syn::DeriveInput, fields: &[Observed]) -> TokenStream {
    let mp = quote!(::meeple::__private);
    let ident = &input.ident;
    let bounds = fields.iter().map(|field| {
        let ty = &field.ty;
        quote_spanned!(ty.span()=> #ty: #mp::Observe<__G>)
    });
    let layouts = fields.iter().map(|field| {
        let (name, ty) = (&field.ident, &field.ty);
        let text = name.to_string();
        quote! {
            <#ty as #mp::Observe<__G>>::layout(value.map(|value| &value.#name), game, &#mp::piece_name(name, #text), layout);
        }
    });
    let writes = fields.iter().map(|field| {
        let (name, ty) = (&field.ident, &field.ty);
        quote!(<#ty as #mp::Observe<__G>>::observe(&self.#name, game, observer);)
    });
    quote! {
        #[automatically_derived]
        impl<__G> #mp::Observe<__G> for #ident where #(#bounds,)* {
            fn layout(value: #mp::Option<&Self>, game: &__G, name: &str, layout: &mut #mp::ObservationLayout) {
                #(#layouts)*
            }

            fn observe(&self, game: &__G, observer: &mut #mp::Observer<'_>) {
                #(#writes)*
            }
        }
    }
}
