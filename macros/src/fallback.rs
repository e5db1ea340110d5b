//! Stand-ins emitted after an author's mistake, beside its `compile_error!`: the types and
//! trait impls the derive would have generated, with bodies that never run. The rest of the
//! crate then type-checks against them, so one mistake gives one error instead of a
//! cascade in every place that uses the action, the enum or the state (after thiserror's
//! `fallback.rs` and clap's `dummies.rs`).

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Ident, Type};

fn mp() -> TokenStream {
    quote!(::meeple::__private)
}

/// The body of every stand-in method: the crate does not compile, so it never runs.
fn never() -> TokenStream {
    quote!(::core::unimplemented!("a stand-in after a compile error"))
}

/// The impls a type of arguments has (`Clone`, `Debug`, `PartialEq`, serde), none
/// requiring anything of its fields.
pub(crate) fn data_impls(ident: &Ident) -> TokenStream {
    let mp = mp();
    let never = never();
    quote! {
        #[automatically_derived]
        impl ::core::clone::Clone for #ident {
            fn clone(&self) -> Self { #never }
        }

        #[automatically_derived]
        impl ::core::fmt::Debug for #ident {
            fn fmt(&self, _: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result { #never }
        }

        #[automatically_derived]
        impl ::core::cmp::PartialEq for #ident {
            fn eq(&self, _: &Self) -> bool { #never }
        }

        #[automatically_derived]
        impl #mp::serde::Serialize for #ident {
            fn serialize<__S: #mp::serde::Serializer>(&self, _: __S) -> #mp::Result<__S::Ok, __S::Error> {
                #never
            }
        }

        #[automatically_derived]
        impl<'de> #mp::serde::Deserialize<'de> for #ident {
            fn deserialize<__D: #mp::serde::Deserializer<'de>>(_: __D) -> #mp::Result<Self, __D::Error> {
                #never
            }
        }
    }
}

/// A type that stands for one the author did not name (the game of an actions enum, the
/// component of places): an array whose length is the error `message` at `at`, identical
/// to the one reported, which rustc shows once. Its type is an error's, so nothing that
/// uses it reports anything more. (`compile_error!` alone in a type's place would be `()`,
/// whose every use is a new error.)
pub(crate) fn error_type(at: &Ident, message: &str) -> TokenStream {
    let error = syn::Error::new_spanned(at, message).to_compile_error();
    quote::quote_spanned!(at.span()=> [(); { #error; 0 }])
}

/// After a mistake in `#[derive(Action)]`: `<Action>Args` with the `#[arg]` fields, and,
/// for a plain struct, an `impl Action`.
pub(crate) fn action(input: &syn::DeriveInput) -> TokenStream {
    let mp = mp();
    let never = never();
    let ident = &input.ident;
    let vis = &input.vis;
    let args = quote::format_ident!("{}Args", ident);
    let syn::Data::Struct(data) = &input.data else {
        return args_struct(vis, &args, &[]);
    };
    let arg_fields: Vec<(&Ident, &Type)> = data
        .fields
        .iter()
        .filter(|field| field.attrs.iter().any(|attr| attr.path().is_ident("arg")))
        .filter_map(|field| Some((field.ident.as_ref()?, &field.ty)))
        .collect();
    let mut tokens = args_struct(vis, &args, &arg_fields);
    if !input.generics.params.is_empty() {
        return tokens;
    }
    let name = crate::ast::snake_case(&ident.to_string());
    tokens.extend(quote! {
        #[allow(non_local_definitions)]
        const _: () = {
            type __MeepleGame = #mp::GameOf<#ident>;

            // Only where it could hold: a bound under `for<'__w>` is allowed to be false (a
            // plain one on a concrete type would be an error of its own), so an action that
            // is not `Clone`, or not listed in an enum, gets no stand-in and no new error.
            #[automatically_derived]
            #[allow(clippy::all)]
            impl #mp::Action for #ident
            where
                for<'__w> #ident: ::core::clone::Clone + ::core::fmt::Debug + #mp::InGame,
            {
                type Game = __MeepleGame;
                type Args = #args;
                const NAME: &'static str = #name;
                const SELECTIONS: &'static [&'static str] = &[];
                const ALWAYS_ASKS: bool = false;
                const COUNTS_AT_ONCE: bool = false;
                fn args(&self) -> #args { #never }
                fn free_args() -> #mp::Option<#args> { #never }
                fn condition(_: #mp::ActionContext<'_, __MeepleGame, #args>) -> bool { #never }
                fn unavailable(_: #mp::ActionContext<'_, __MeepleGame, #args>) -> #mp::Option<#mp::String> { #never }
                fn prompt(_: #mp::ActionContext<'_, __MeepleGame, #args>) -> #mp::String { #never }
                fn description(_: #mp::ActionContext<'_, __MeepleGame, #args>) -> #mp::Option<#mp::String> { #never }
                fn confirm(&self, _: &__MeepleGame, _: #mp::Progress<'_>, _: #mp::PlayerIndex) -> #mp::Option<#mp::String> { #never }
                fn has_completion(_: #mp::ActionContext<'_, __MeepleGame, #args>) -> bool { #never }
                fn step(_: #mp::ActionContext<'_, __MeepleGame, #args>, _: &[#mp::Value]) -> #mp::Result<#mp::SelectionStep, #mp::SubmitError> { #never }
                fn chosen(_: #mp::ActionContext<'_, __MeepleGame, #args>, _: &[#mp::Value]) -> #mp::Result<#mp::Option<(&'static str, #mp::String)>, #mp::DecodeError> { #never }
                fn for_each_completion(_: #mp::ActionContext<'_, __MeepleGame, #args>, _: &mut dyn FnMut(Self) -> #mp::ControlFlow<()>) -> #mp::ControlFlow<()> { #never }
                fn count_completions(_: #mp::ActionContext<'_, __MeepleGame, #args>) -> u64 { #never }
                fn nth_completion(_: #mp::ActionContext<'_, __MeepleGame, #args>, _: u64) -> #mp::Option<Self> { #never }
                fn from_selections(_: #args, _: &#mp::Map<#mp::String, #mp::Value>) -> #mp::Result<Self, #mp::DecodeError> { #never }
                fn selections(&self) -> #mp::Vec<(&'static str, #mp::Value)> { #never }
                fn check(&self, _: &__MeepleGame, _: #mp::Progress<'_>, _: #mp::PlayerIndex) -> #mp::Result<(), #mp::Refusal> { #never }
                fn messages(&self, _: &__MeepleGame, _: #mp::PlayerIndex) -> #mp::Vec<#mp::Message> { #never }
                fn behaviour(&self, _: &__MeepleGame, _: #mp::Progress<'_>, _: #mp::PlayerIndex, _: &mut #mp::Vec<<__MeepleGame as #mp::Game>::Move>) -> #mp::Vec<#mp::FollowUp<__MeepleGame>> { #never }
            }
        };
    });
    tokens
}

fn args_struct(vis: &syn::Visibility, args: &Ident, fields: &[(&Ident, &Type)]) -> TokenStream {
    let fields = fields.iter().map(|(ident, ty)| quote!(pub #ident: #ty));
    let impls = data_impls(args);
    quote! {
        #[allow(dead_code, missing_docs)]
        #vis struct #args { #(#fields,)* }
        #impls
    }
}

/// After a mistake in `#[derive(Actions)]`: `<Enum>Args`, each listed action's `InGame`
/// and an `impl ActionSet`. `game` is the state type, or, when the author did not name it,
/// an [`error_type`].
pub(crate) fn actions(
    input: &syn::DeriveInput,
    game: &TokenStream,
    variants: &[(Ident, Type, TokenStream)],
) -> TokenStream {
    let mp = mp();
    let never = never();
    let ident = &input.ident;
    let vis = &input.vis;
    let args = quote::format_ident!("{}Args", ident);
    if !input.generics.params.is_empty() || !matches!(input.data, syn::Data::Enum(_)) {
        return TokenStream::new();
    }
    let idents = variants.iter().map(|(ident, _, _)| ident);
    let args_tys = variants.iter().map(|(_, _, args)| args);
    let tys = variants.iter().map(|(_, ty, _)| ty);
    let indices = 0..variants.len();
    let impls = data_impls(&args);
    quote! {
        #[allow(dead_code, missing_docs)]
        #vis enum #args { #(#idents(#args_tys),)* }
        #impls

        #[allow(non_local_definitions)]
        const _: () = {
            type __MeepleGame = #game;

            // Only where they could hold (see `action`).
            #(
                #[automatically_derived]
                impl #mp::InGame for #tys where for<'__w> __MeepleGame: #mp::Game {
                    type Game = __MeepleGame;
                    const INDEX: usize = #indices;
                }
            )*

            #[automatically_derived]
            #[allow(clippy::all)]
            impl #mp::ActionSet for #ident
            where
                for<'__w> #ident: ::core::clone::Clone + ::core::fmt::Debug,
                for<'__w> __MeepleGame: #mp::Game<Actions = #ident>,
            {
                type Game = __MeepleGame;
                type Args = #args;
                const NAMES: &'static [&'static str] = &[];
                fn index(&self) -> usize { #never }
                fn args(&self) -> #args { #never }
                fn args_index(_: &#args) -> usize { #never }
                fn free_args(_: usize) -> #mp::Option<#args> { #never }
                fn with_args<__V: #mp::ArgsVisitor<__MeepleGame>>(_: #mp::ActionContext<'_, __MeepleGame, #args>, _: __V) -> __V::Output { #never }
                fn with_action<__V: #mp::ActionVisitor<__MeepleGame>>(&self, _: __V) -> __V::Output { #never }
            }
        };
    }
}

/// After a mistake in `#[derive(View)]`: an `impl View`.
pub(crate) fn view(input: &syn::DeriveInput) -> TokenStream {
    let mp = mp();
    let never = never();
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics #mp::View for #ident #ty_generics #where_clause {
            fn view(&self, _: #mp::Viewer) -> Self { #never }
            fn serialize_state<__S: #mp::serde::Serializer>(&self, _: __S) -> #mp::Result<__S::Ok, __S::Error> { #never }
        }
    }
}

/// After a mistake in `#[derive(Places)]`: `<State>Place` with the variants found, and an
/// `impl Places` whose component is `component` (or an [`error_type`]).
pub(crate) fn places(
    input: &syn::DeriveInput,
    component: &TokenStream,
    value: &Type,
    variants: &[(Ident, bool)],
) -> TokenStream {
    let mp = mp();
    let never = never();
    let ident = &input.ident;
    let vis = &input.vis;
    let place_ty = quote::format_ident!("{}Place", ident);
    if !input.generics.params.is_empty() {
        return TokenStream::new();
    }
    let variants = variants.iter().map(|(variant, per_player)| {
        if *per_player {
            quote!(#variant(#mp::PlayerIndex))
        } else {
            quote!(#variant)
        }
    });
    let dyn_place = quote!(dyn #mp::Place<#component, #value>);
    quote! {
        #[allow(dead_code, missing_docs)]
        #[derive(::core::clone::Clone, ::core::marker::Copy, ::core::fmt::Debug, ::core::cmp::PartialEq, ::core::cmp::Eq, ::core::hash::Hash, #mp::serde::Serialize, #mp::serde::Deserialize)]
        #[serde(crate = "::meeple::__private::serde")]
        #vis enum #place_ty { #(#variants,)* }

        #[automatically_derived]
        impl #mp::Places for #ident {
            type PlaceId = #place_ty;
            type Component = #component;
            type Value = #value;
            fn place(&self, _: #place_ty) -> #mp::Option<&#dyn_place> { #never }
            fn place_mut(&mut self, _: #place_ty) -> #mp::Option<&mut #dyn_place> { #never }
            fn policy(&self, _: #place_ty, _: #mp::Viewer) -> #mp::Policy { #never }
            fn places_mut(&mut self, _: #place_ty, _: #place_ty) -> #mp::Option<(&mut #dyn_place, &mut #dyn_place)> { #never }
        }
    }
}
