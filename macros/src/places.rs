//! `#[derive(Places)]`: parse the state's places (the fields `#[view(..)]` marks as places,
//! read by the parser `#[derive(View)]` shares, `state.rs`) and its
//! `#[places(component = .., value = ..)]`, then expand the address type and the
//! `impl meeple::Places`.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{Ident, Type};

use crate::errors::{Errors, with_fallback};
use crate::fallback;
use crate::messages;
use crate::state::{self, PolicyKind, Scope};

/// A place field: its name, its address variant, whether it holds a place per seat, and
/// how viewers see it (its `#[view(..)]` policy, and whether the seat's owner sees it all).
struct PlaceField {
    ident: Ident,
    variant: Ident,
    per_player: bool,
    policy: PolicyKind,
    owner_sees: bool,
}

pub(crate) fn derive_places(input: TokenStream) -> TokenStream {
    let input: syn::DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return error.to_compile_error(),
    };
    let mut errors = Errors::default();
    let (component, value) = parse_types(&input, &mut errors);
    let fields = parse_fields(&input, &mut errors);
    match (errors.finish(), component) {
        (Ok(()), Some(component)) => expand(&input, &component, &value, &fields),
        (Err(error), component) => {
            let component = component.map_or_else(
                || fallback::error_type(&input.ident, messages::NO_COMPONENT),
                |component| quote!(#component),
            );
            let variants: Vec<(Ident, bool)> = fields
                .into_iter()
                .map(|field| (field.variant, field.per_player))
                .collect();
            with_fallback(
                error,
                fallback::places(&input, &component, &value, &variants),
            )
        }
        (Ok(()), None) => TokenStream::new(),
    }
}

/// `#[places(component = Card, value = u8)]`; the value defaults to `()`.
fn parse_types(input: &syn::DeriveInput, errors: &mut Errors) -> (Option<Type>, Type) {
    let (mut component, mut value) = (None, None);
    for attr in input
        .attrs
        .iter()
        .filter(|attr| attr.path().is_ident("places"))
    {
        let result = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("component") {
                component = Some(meta.value()?.parse::<Type>()?);
            } else if meta.path.is_ident("value") {
                value = Some(meta.value()?.parse::<Type>()?);
            } else {
                errors.at(&meta.path, messages::UNKNOWN_PLACES_KEY);
                if meta.input.peek(syn::Token![=]) {
                    meta.value()?.parse::<syn::Expr>()?;
                }
            }
            Ok(())
        });
        if let Err(error) = result {
            errors.push(error);
        }
    }
    if component.is_none() {
        errors.at(&input.ident, messages::NO_COMPONENT);
    }
    (component, value.unwrap_or_else(|| syn::parse_quote!(())))
}

/// The fields `#[view(..)]` marks as places: `place`, `order`, `len` or `non_empty`.
fn parse_fields(input: &syn::DeriveInput, errors: &mut Errors) -> Vec<PlaceField> {
    let syn::Data::Struct(syn::DataStruct {
        fields: syn::Fields::Named(named),
        ..
    }) = &input.data
    else {
        errors.at(&input.ident, messages::PLACES_NOT_A_STRUCT);
        return Vec::new();
    };
    // Policy mistakes are `#[derive(View)]`'s to report: here only the places count.
    let fields: Vec<PlaceField> = state::fields(named, &mut Errors::default())
        .into_iter()
        .filter(|field| field.place)
        .map(|field| {
            let (policy, owner_sees) = match &field.scope {
                Scope::Everyone(policy) => (policy.kind, false),
                Scope::Others(policy) => (policy.kind, true),
                Scope::Nested(_) => (PolicyKind::Visible, false),
            };
            PlaceField {
                variant: Ident::new(&upper_camel(&field.ident.to_string()), field.ident.span()),
                per_player: last_segment(&field.ty).is_some_and(|last| last == "PerPlayer"),
                ident: field.ident,
                policy,
                owner_sees,
            }
        })
        .collect();
    if fields.is_empty() {
        errors.at_span(Span::call_site(), messages::NO_PLACE);
    }
    fields
}

fn last_segment(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(path) => path
            .path
            .segments
            .last()
            .map(|segment| segment.ident.to_string()),
        _ => None,
    }
}

/// `face_down` -> `FaceDown`.
fn upper_camel(name: &str) -> String {
    name.split('_')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .map(|first| first.to_uppercase().chain(chars).collect::<String>())
                .unwrap_or_default()
        })
        .collect()
}

fn expand(
    input: &syn::DeriveInput,
    component: &Type,
    value: &Type,
    fields: &[PlaceField],
) -> TokenStream {
    let mp = quote!(::meeple::__private);
    let ident = &input.ident;
    let vis = &input.vis;
    let place_ty = format_ident!("{}Place", ident);
    let dyn_place = quote!(dyn #mp::Place<#component, #value>);
    let variants = fields.iter().map(|field| {
        let (variant, name) = (&field.variant, &field.ident);
        let doc = format!("The place `{name}`.");
        if field.per_player {
            quote!(#[doc = #doc] #variant(#mp::PlayerIndex))
        } else {
            quote!(#[doc = #doc] #variant)
        }
    });
    let get = |mutable: bool| {
        let arms = fields.iter().map(|field| {
            let (variant, name) = (&field.variant, &field.ident);
            match (field.per_player, mutable) {
                (true, false) => quote! {
                    #place_ty::#variant(__seat) => self.#name.get(__seat).map(|__place| __place as &#dyn_place)
                },
                (true, true) => quote! {
                    #place_ty::#variant(__seat) => self.#name.get_mut(__seat).map(|__place| __place as &mut #dyn_place)
                },
                (false, false) => quote!(#place_ty::#variant => #mp::Some(&self.#name as &#dyn_place)),
                (false, true) => {
                    quote!(#place_ty::#variant => #mp::Some(&mut self.#name as &mut #dyn_place))
                }
            }
        });
        quote!(match id { #(#arms,)* })
    };
    let (get_ref, get_mut) = (get(false), get(true));
    let policies = fields.iter().map(|field| {
        let variant = &field.variant;
        let policy = match field.policy {
            PolicyKind::Visible => quote!(#mp::Policy::Visible),
            PolicyKind::Order => quote!(#mp::Policy::Order),
            PolicyKind::Len => quote!(#mp::Policy::Len),
            PolicyKind::NonEmpty => quote!(#mp::Policy::NonEmpty),
            PolicyKind::Hidden => quote!(#mp::Policy::Hidden),
        };
        match (field.per_player, field.owner_sees) {
            (true, true) => quote! {
                #place_ty::#variant(__seat) if viewer.owns(__seat) => #mp::Policy::Visible,
                #place_ty::#variant(_) => #policy
            },
            (true, false) => quote!(#place_ty::#variant(_) => #policy),
            (false, _) => quote!(#place_ty::#variant => #policy),
        }
    });
    let names: Vec<&Ident> = fields.iter().map(|field| &field.ident).collect();
    let listed = fields.iter().map(|field| {
        let (variant, name) = (&field.variant, &field.ident);
        if field.per_player {
            quote! {
                for (__seat, __place) in #name.enumerate_mut() {
                    __picked.offer(#place_ty::#variant(__seat), __place as &mut #dyn_place);
                }
            }
        } else {
            quote!(__picked.offer(#place_ty::#variant, #name as &mut #dyn_place);)
        }
    });
    let doc = format!(
        "The address of a place of [`{ident}`], for moves of pieces (`meeple::PieceMove`)."
    );
    quote! {
        #[doc = #doc]
        #[derive(::core::clone::Clone, ::core::marker::Copy, ::core::fmt::Debug, ::core::cmp::PartialEq, ::core::cmp::Eq, ::core::hash::Hash, #mp::serde::Serialize, #mp::serde::Deserialize)]
        #[serde(crate = "::meeple::__private::serde", rename_all = "snake_case")]
        #vis enum #place_ty {
            #(#variants,)*
        }

        #[automatically_derived]
        impl #mp::Places for #ident {
            type PlaceId = #place_ty;
            type Component = #component;
            type Value = #value;

            fn place(&self, id: #place_ty) -> #mp::Option<&#dyn_place> {
                #get_ref
            }

            fn place_mut(&mut self, id: #place_ty) -> #mp::Option<&mut #dyn_place> {
                #get_mut
            }

            fn policy(&self, id: #place_ty, viewer: #mp::Viewer) -> #mp::Policy {
                if viewer == #mp::Viewer::Admin {
                    return #mp::Policy::Visible;
                }
                match id { #(#policies,)* }
            }

            fn places_mut(&mut self, a: #place_ty, b: #place_ty) -> #mp::Option<(&mut #dyn_place, &mut #dyn_place)> {
                let #ident { #(#names,)* .. } = self;
                let mut __picked = #mp::TwoOf::new(&a, &b);
                #(#listed)*
                __picked.finish()
            }
        }
    }
}
