//! `#[derive(Actions)]`: parse, check and expand the enum that collects a game's actions.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::{Ident, Type};

use crate::errors::{Errors, with_fallback};
use crate::fallback;
use crate::messages;

/// One variant: `PlayCard(PlayCard)`.
struct Variant {
    ident: Ident,
    ty: Type,
    args_ty: TokenStream,
}

pub(crate) fn derive_actions(input: TokenStream) -> TokenStream {
    let input: syn::DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return error.to_compile_error(),
    };
    let mut errors = Errors::default();
    let game = parse_game(&input, &mut errors);
    let variants = parse_variants(&input, &mut errors);
    match (errors.finish(), game) {
        (Ok(()), Some(game)) => expand(&input, &game, &variants),
        (result, game) => {
            let game = game.map_or_else(
                || fallback::error_type(&input.ident, messages::NO_GAME),
                |game| quote!(#game),
            );
            let variants: Vec<_> = variants
                .into_iter()
                .map(|variant| (variant.ident, variant.ty, variant.args_ty))
                .collect();
            let fallback = fallback::actions(&input, &game, &variants);
            match result {
                Ok(()) => fallback,
                Err(error) => with_fallback(error, fallback),
            }
        }
    }
}

fn parse_game(input: &syn::DeriveInput, errors: &mut Errors) -> Option<Type> {
    let mut game = None;
    for attr in input
        .attrs
        .iter()
        .filter(|attr| attr.path().is_ident("actions"))
    {
        let result = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("game") {
                game = Some(meta.value()?.parse::<Type>()?);
            } else {
                errors.at(&meta.path, messages::UNKNOWN_ACTIONS_KEY);
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
    if game.is_none() {
        errors.at(&input.ident, messages::NO_GAME);
    }
    game
}

fn parse_variants(input: &syn::DeriveInput, errors: &mut Errors) -> Vec<Variant> {
    let syn::Data::Enum(data) = &input.data else {
        errors.at(&input.ident, messages::ACTIONS_NOT_AN_ENUM);
        return Vec::new();
    };
    if !input.generics.params.is_empty() {
        errors.at(&input.generics, messages::GENERIC_ACTIONS);
    }
    let mut variants = Vec::new();
    for variant in &data.variants {
        let syn::Fields::Unnamed(fields) = &variant.fields else {
            errors.at(variant, messages::variant_without_action(&variant.ident));
            continue;
        };
        if fields.unnamed.len() != 1 {
            errors.at(fields, messages::variant_with_several(&variant.ident));
            continue;
        }
        let ty = fields.unnamed[0].ty.clone();
        let args_ty = match &ty {
            Type::Path(path) if path.qself.is_none() => {
                let mut path = path.path.clone();
                if let Some(last) = path.segments.last_mut() {
                    last.ident = format_ident!("{}Args", last.ident);
                }
                quote!(#path)
            }
            other => {
                errors.at(other, messages::ACTION_NOT_A_PATH);
                continue;
            }
        };
        variants.push(Variant {
            ident: variant.ident.clone(),
            ty,
            args_ty,
        });
    }
    if data.variants.is_empty() {
        errors.at(&input.ident, messages::NO_ACTIONS);
    }
    variants
}

fn expand(input: &syn::DeriveInput, game: &Type, variants: &[Variant]) -> TokenStream {
    let mp = quote!(::meeple::__private);
    let ident = &input.ident;
    let vis = &input.vis;
    let args_enum = format_ident!("{}Args", ident);
    let idents: Vec<&Ident> = variants.iter().map(|variant| &variant.ident).collect();
    let tys: Vec<&Type> = variants.iter().map(|variant| &variant.ty).collect();
    let args_tys: Vec<&TokenStream> = variants.iter().map(|variant| &variant.args_ty).collect();
    let indices: Vec<usize> = (0..variants.len()).collect();
    let args_doc = format!("The arguments of any action of [`{ident}`], one variant per action.");

    // Dispatch of a static method of `Action` on the variant that `args` belong to.
    let on_args = |call: TokenStream| {
        quote! {
            match args {
                #(#args_enum::#idents(args) => <#tys as #mp::Action>::#call,)*
            }
        }
    };
    let condition = on_args(quote!(condition(game, player, args)));
    let prompt = on_args(quote!(prompt(game, player, args)));
    let description = on_args(quote!(description(game, player, args)));
    let has_completion = on_args(quote!(has_completion(game, player, args)));
    let step = on_args(quote!(step(game, player, args, prefix)));

    quote! {
        #[doc = #args_doc]
        #[derive(::core::clone::Clone, ::core::fmt::Debug, ::core::cmp::PartialEq, #mp::serde::Serialize, #mp::serde::Deserialize)]
        #[serde(crate = "::meeple::__private::serde")]
        #vis enum #args_enum {
            #(
                #[allow(missing_docs)]
                #idents(#args_tys),
            )*
        }

        #(
            #[automatically_derived]
            impl ::core::convert::From<#args_tys> for #args_enum {
                fn from(args: #args_tys) -> Self {
                    #args_enum::#idents(args)
                }
            }

            #[automatically_derived]
            impl #mp::InGame for #tys {
                type Game = #game;
            }
        )*

        #[automatically_derived]
        #[allow(unused_variables, clippy::all, clippy::pedantic)]
        impl #mp::ActionSet for #ident {
            type Game = #game;
            type Args = #args_enum;

            const NAMES: &'static [&'static str] = &[#(<#tys as #mp::Action>::NAME),*];
            const ALWAYS_ASKS: &'static [bool] = &[#(<#tys as #mp::Action>::ALWAYS_ASKS),*];
            const COUNTS_AT_ONCE: &'static [bool] = &[#(<#tys as #mp::Action>::COUNTS_AT_ONCE),*];

            fn index(&self) -> usize {
                match self {
                    #(#ident::#idents(_) => #indices,)*
                }
            }

            fn args(&self) -> #args_enum {
                match self {
                    #(#ident::#idents(action) => #args_enum::#idents(#mp::Action::args(action)),)*
                }
            }

            fn args_index(args: &#args_enum) -> usize {
                match args {
                    #(#args_enum::#idents(_) => #indices,)*
                }
            }

            fn free_args(index: usize) -> #mp::Option<#args_enum> {
                match index {
                    #(#indices => <#tys as #mp::Action>::free_args().map(#args_enum::#idents),)*
                    _ => #mp::None,
                }
            }

            fn condition(game: &#game, player: #mp::PlayerIndex, args: &#args_enum) -> bool {
                #condition
            }

            fn prompt(game: &#game, player: #mp::PlayerIndex, args: &#args_enum) -> #mp::String {
                #prompt
            }

            fn description(game: &#game, player: #mp::PlayerIndex, args: &#args_enum) -> #mp::Option<#mp::String> {
                #description
            }

            fn confirm(&self, game: &#game, player: #mp::PlayerIndex) -> #mp::Option<#mp::String> {
                match self {
                    #(#ident::#idents(action) => #mp::Action::confirm(action, game, player),)*
                }
            }

            fn has_completion(game: &#game, player: #mp::PlayerIndex, args: &#args_enum) -> bool {
                #has_completion
            }

            fn step(
                game: &#game,
                player: #mp::PlayerIndex,
                args: &#args_enum,
                prefix: &[#mp::Value],
            ) -> #mp::Result<#mp::Step, #mp::SubmitError> {
                #step
            }

            fn for_each_completion(
                game: &#game,
                player: #mp::PlayerIndex,
                args: &#args_enum,
                visit: &mut dyn FnMut(Self) -> #mp::ControlFlow<()>,
            ) -> #mp::ControlFlow<()> {
                match args {
                    #(#args_enum::#idents(args) => <#tys as #mp::Action>::for_each_completion(game, player, args, &mut |action| visit(#ident::#idents(action))),)*
                }
            }

            fn chosen(
                game: &#game,
                player: #mp::PlayerIndex,
                args: &#args_enum,
                prefix: &[#mp::Value],
            ) -> #mp::Result<#mp::Option<(&'static str, #mp::String)>, #mp::SubmitError> {
                match args {
                    #(#args_enum::#idents(args) => <#tys as #mp::Action>::chosen(game, player, args, prefix),)*
                }
            }

            fn count_completions(game: &#game, player: #mp::PlayerIndex, args: &#args_enum) -> u64 {
                match args {
                    #(#args_enum::#idents(args) => <#tys as #mp::Action>::count_completions(game, player, args),)*
                }
            }

            fn nth_completion(
                game: &#game,
                player: #mp::PlayerIndex,
                args: &#args_enum,
                index: u64,
            ) -> #mp::Option<Self> {
                match args {
                    #(#args_enum::#idents(args) => <#tys as #mp::Action>::nth_completion(game, player, args, index).map(#ident::#idents),)*
                }
            }

            fn from_selections(
                args: #args_enum,
                selections: &#mp::Map<#mp::String, #mp::Value>,
            ) -> #mp::Result<Self, #mp::SubmitError> {
                match args {
                    #(#args_enum::#idents(args) => <#tys as #mp::Action>::from_selections(args, selections).map(#ident::#idents),)*
                }
            }

            fn selections(&self) -> #mp::Vec<(&'static str, #mp::Value)> {
                match self {
                    #(#ident::#idents(action) => #mp::Action::selections(action),)*
                }
            }

            fn check(&self, game: &#game, player: #mp::PlayerIndex) -> #mp::Result<(), #mp::SubmitError> {
                match self {
                    #(#ident::#idents(action) => #mp::Action::check(action, game, player),)*
                }
            }

            fn messages(&self, game: &#game, player: #mp::PlayerIndex) -> #mp::Vec<#mp::Message> {
                match self {
                    #(#ident::#idents(action) => #mp::Action::messages(action, game, player),)*
                }
            }

            fn behaviour(
                &self,
                game: &#game,
                player: #mp::PlayerIndex,
                moves: &mut #mp::Vec<<#game as #mp::Game>::Move>,
            ) -> #mp::Vec<#mp::FollowUp<#game>> {
                match self {
                    #(#ident::#idents(action) => #mp::Action::behaviour(action, game, player, moves),)*
                }
            }
        }
    }
}
