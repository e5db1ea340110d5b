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
            impl #mp::InGame for #tys where for<'__w> #game: #mp::Game {
                type Game = #game;
                const INDEX: usize = #indices;
            }
        )*

        #[automatically_derived]
        #[allow(unused_variables, clippy::all, clippy::pedantic)]
        impl #mp::ActionSet for #ident where for<'__w> #game: #mp::Game<Actions = #ident> {
            type Game = #game;
            type Args = #args_enum;

            const NAMES: &'static [&'static str] = &[#(<#tys as #mp::Action>::NAME),*];

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

            fn with_args<__V: #mp::ArgsVisitor<#game>>(
                cx: #mp::ActionContext<'_, #game, #args_enum>,
                visitor: __V,
            ) -> __V::Output {
                match cx.args {
                    #(#args_enum::#idents(args) => visitor.visit::<#tys>(
                        #mp::ActionContext { game: cx.game, flow: cx.flow, player: cx.player, args },
                        #ident::#idents,
                    ),)*
                }
            }

            fn with_action<__V: #mp::ActionVisitor<#game>>(&self, visitor: __V) -> __V::Output {
                match self {
                    #(#ident::#idents(action) => visitor.visit::<#tys>(action),)*
                }
            }

            fn distinct_blocks(
                index: usize,
                game: &#game,
                out: &mut #mp::Vec<#mp::SelectionBlock>,
            ) -> #mp::Result<(), #mp::NotDistinct> {
                match index {
                    #(#indices => <#tys as #mp::Action>::distinct_blocks(game, out),)*
                    _ => #mp::Ok(()),
                }
            }
        }
    }
}
