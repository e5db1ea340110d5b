//! Code generation for `#[derive(Action)]`: a typed, lazy walk over the options of each
//! selection, monomorphized per action. This module chains the selections (the walks that
//! complete, visit, count and rank completions, the checks, the steps of a prompt); each
//! kind writes its own part through [`Kind`](crate::selection::Kind), given the selection
//! it is at ([`At`]). The expander never reports the author's mistakes: `check` has done
//! that.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Expr, Ident, Type};

use crate::ast::{self, ActionDef, FieldDef, SelectionDef, SkipDef, Strategy};
use crate::check;
use crate::errors::{Errors, with_fallback};
use crate::fallback;
use crate::selection::group::{self, group_of, group_validate};
use crate::selection::{Distinctness, Kept, Shown};
use crate::template::{Part, Template};

pub(crate) fn derive_action(input: TokenStream) -> TokenStream {
    let input: syn::DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return error.to_compile_error(),
    };
    let mut errors = Errors::default();
    let action = ast::parse_action(&input, &mut errors);
    if let Some(action) = &action {
        check::check_action(action, &mut errors);
    }
    match (errors.finish(), action) {
        (Ok(()), Some(action)) => expand(&action),
        (Err(error), _) => with_fallback(error, fallback::action(&input)),
        (Ok(()), None) => TokenStream::new(),
    }
}

/// The path every name of the generated code starts with.
pub(crate) fn mp() -> TokenStream {
    quote!(::meeple::__private)
}

/// An action's fields as the expansion names them.
pub(crate) struct Names<'a> {
    pub(crate) action: &'a ActionDef,
    /// `<Action>Args`.
    pub(crate) args_ty: Ident,
    pub(crate) selections: Vec<&'a SelectionDef>,
    pub(crate) args: Vec<(&'a Ident, &'a Type)>,
}

impl Names<'_> {
    /// `game: &G, player: PlayerIndex, args: &Args, s_0: &T_0, .., s_{k-1}: &T_{k-1}`.
    fn params(&self, k: usize) -> TokenStream {
        let mp = mp();
        let args_ty = &self.args_ty;
        let previous = self.selections[..k].iter().map(|selection| {
            let (ident, ty) = (&selection.ident, &selection.ty);
            quote!(#ident: &#ty)
        });
        quote!(game: &__MeepleGame, flow: #mp::Progress<'_>, player: #mp::PlayerIndex, args: &#args_ty, #(#previous,)*)
    }

    /// `game, flow, player, args, s_0, .., s_{k-1}`.
    pub(crate) fn call(&self, k: usize) -> TokenStream {
        let previous = self.selections[..k]
            .iter()
            .map(|selection| &selection.ident);
        quote!(game, flow, player, args, #(#previous,)*)
    }

    /// Binds each argument by reference from `args`.
    fn bind_args(&self) -> TokenStream {
        let args_ty = &self.args_ty;
        let names = self.args.iter().map(|(ident, _)| ident);
        quote!(let #args_ty { #(#names,)* } = args;)
    }
}

/// Selection `k` of an action, as its kind expands it: in a generated function where the
/// selections above it are bound by name, and in its walks and checks its own value too.
pub(crate) struct At<'a> {
    pub(crate) names: &'a Names<'a>,
    pub(crate) k: usize,
    pub(crate) selection: &'a SelectionDef,
}

impl<'a> At<'a> {
    fn new(names: &'a Names<'a>, k: usize) -> Self {
        At {
            names,
            k,
            selection: names.selections[k],
        }
    }

    /// The selection's name, which binds its value.
    pub(crate) fn ident(&self) -> &'a Ident {
        &self.selection.ident
    }

    /// The field's type.
    pub(crate) fn ty(&self) -> &'a Type {
        &self.selection.ty
    }

    /// Whether it is the action's last selection.
    pub(crate) fn is_last(&self) -> bool {
        self.k + 1 == self.names.selections.len()
    }

    /// Its `skip_if = <bool>`, if it has one.
    pub(crate) fn skip_when(&self) -> Option<&'a Expr> {
        skip_when(self.selection)
    }

    /// The validation of the group it closes, checked with it, if any.
    pub(crate) fn group_validate(&self) -> Option<(&'a Ident, &'a Expr)> {
        group_validate(self.names, self.k)
    }

    /// `bool`: whether the bound value passes its own validation.
    pub(crate) fn own_passes(&self) -> TokenStream {
        own_passes(self.names, self.k)
    }

    /// `bool`: whether the values bound so far pass the validation of the group it closes.
    pub(crate) fn group_passes(&self) -> TokenStream {
        group_passes(self.names, self.k)
    }

    /// `bool`: both.
    pub(crate) fn passes(&self) -> TokenStream {
        passes(self.names, self.k)
    }

    /// The statement that refuses `__value` in a check as not offered, for `reason` (a
    /// `String` expression).
    pub(crate) fn not_offered(&self, reason: TokenStream) -> TokenStream {
        let mp = mp();
        let name = &self.names.action.name;
        let sel_name = self.ident().to_string();
        quote! {
            return #mp::Err(#mp::Refusal::NotOffered {
                action: #name,
                selection: #sel_name,
                value: #mp::default_label(__value),
                reason: #reason,
            });
        }
    }

    /// The action built from its fields, each bound by reference.
    pub(crate) fn action(&self) -> TokenStream {
        build_action(self.names)
    }
}

fn expand(action: &ActionDef) -> TokenStream {
    let mp = mp();
    let ident = &action.ident;
    let vis = &action.vis;
    let args_ty = format_ident!("{}Args", ident);
    let names = Names {
        action,
        args_ty: args_ty.clone(),
        selections: action
            .fields
            .iter()
            .filter_map(|field| match field {
                FieldDef::Selection(selection) => Some(&**selection),
                FieldDef::Arg { .. } => None,
            })
            .collect(),
        args: action
            .fields
            .iter()
            .filter_map(|field| match field {
                FieldDef::Arg { ident, ty, .. } => Some((ident, &**ty)),
                FieldDef::Selection(_) => None,
            })
            .collect(),
    };
    let n = names.selections.len();
    let name = &action.name;
    let selection_names: Vec<String> = names
        .selections
        .iter()
        .map(|selection| selection.ident.to_string())
        .collect();

    let arg_fields = names.args.iter().map(|(arg, ty)| {
        let doc = format!("The action's `{arg}` argument (see [`{ident}::{arg}`]).");
        quote!(#[doc = #doc] pub #arg: #ty)
    });
    let args_doc =
        format!("The arguments of [`{ident}`], given by whoever asks for it as a follow-up.");
    let args_struct = quote! {
        #[doc = #args_doc]
        #[derive(::core::clone::Clone, ::core::fmt::Debug, ::core::cmp::PartialEq, #mp::serde::Serialize, #mp::serde::Deserialize)]
        #[serde(crate = "::meeple::__private::serde")]
        #vis struct #args_ty { #(#arg_fields,)* }
    };

    let mut helpers = Vec::new();
    for k in 0..=n {
        helpers.push(complete_fn(&names, k));
        helpers.push(each_fn(&names, k));
        // Declared completions count and draw without the walks.
        if action.completions.is_none() {
            helpers.push(count_fn(&names, k));
            helpers.push(nth_fn(&names, k));
        }
        if k < n {
            helpers.push(check_fn(&names, k));
            helpers.push(label_fn(&names, k));
            helpers.push(step_fn(&names, k));
            if let Some(group) = group_of(&names, k) {
                helpers.push(member_fn(&names, k, group.start));
            }
        }
    }

    let bind_args = names.bind_args();
    // The condition is written once, in a helper whose `impl Condition` result checks its
    // type (one error at the author's expression, however often it is asked).
    let (condition, unavailable) = match &action.condition {
        Some(condition) => {
            let params = names.params(0);
            let output = quote_spanned!(condition.span()=> impl #mp::Condition);
            let guard = game_guard();
            helpers.push(quote! {
                #[doc(hidden)]
                fn __meeple_condition(#params) -> #output #guard {
                    #bind_args
                    #condition
                }
            });
            (
                quote!(#mp::Condition::holds(&Self::__meeple_condition(game, flow, player, args))),
                quote!(#mp::Condition::reason(Self::__meeple_condition(game, flow, player, args))),
            )
        }
        None => (quote!(true), quote!(#mp::None)),
    };
    let prompt = match &action.prompt {
        Some(prompt) => {
            quote_spanned!(prompt.span()=> ::std::string::ToString::to_string(&(#prompt)))
        }
        None => quote!(::std::string::ToString::to_string(#name)),
    };
    let confirm = match &action.confirm {
        Some(ast::Confirm::Template(template)) => {
            let text = render(template, &names, true);
            quote!(#mp::Some(#text))
        }
        Some(ast::Confirm::Expr(confirm)) => {
            quote_spanned!(confirm.span()=> #mp::Some(::std::string::ToString::to_string(&(#confirm))))
        }
        None => quote!(#mp::None),
    };
    let description = match &action.description {
        Some(template) => {
            let text = render(template, &names, false);
            quote!(#mp::Some(#text))
        }
        None => quote!(#mp::None),
    };
    let free_args = if names.args.is_empty() {
        quote!(#mp::Some(#args_ty {}))
    } else {
        quote!(#mp::None)
    };
    let arg_idents: Vec<&Ident> = names.args.iter().map(|(ident, _)| *ident).collect();
    let selection_idents: Vec<&Ident> = names
        .selections
        .iter()
        .map(|selection| &selection.ident)
        .collect();

    // `step`: decode each value of the prefix, check it, then describe the next selection.
    let mut step_body = Vec::new();
    for (k, selection) in names.selections.iter().enumerate() {
        let (sel, ty) = (&selection.ident, &selection.ty);
        let sel_name = sel.to_string();
        let step_k = format_ident!("__meeple_step_{}", k);
        let check_k = format_ident!("__meeple_check_{}", k);
        let complete_next = format_ident!("__meeple_complete_{}", k + 1);
        let call = names.call(k);
        let call_next = names.call(k + 1);
        step_body.push(quote! {
            if prefix.len() == #k {
                return #mp::Ok(#mp::SelectionStep::Select(Self::#step_k(#call)));
            }
            let #sel: #ty = #mp::decode(#name, #sel_name, &prefix[#k])?;
            let #sel = &#sel;
            Self::#check_k(#call #sel)?;
            if !Self::#complete_next(#call_next) {
                return #mp::Err(#mp::SubmitError::Refused(#mp::Refusal::NotOffered {
                    action: #name,
                    selection: #sel_name,
                    value: #mp::default_label(#sel),
                    reason: ::std::string::ToString::to_string("no complete action follows it"),
                }));
            }
        });
    }

    // `chosen`: decode the prefix up to its last value, then label that value.
    let chosen_body = names.selections.iter().enumerate().map(|(k, selection)| {
        let (sel, ty) = (&selection.ident, &selection.ty);
        let sel_name = sel.to_string();
        let label_k = format_ident!("__meeple_label_{}", k);
        let call = names.call(k);
        quote! {
            let #sel: #ty = #mp::decode(#name, #sel_name, &prefix[#k])?;
            let #sel = &#sel;
            if prefix.len() == #k + 1 {
                return #mp::Ok(#mp::Some((#sel_name, Self::#label_k(#call #sel))));
            }
        }
    });

    let checks = (0..n).map(|k| {
        let check_k = format_ident!("__meeple_check_{}", k);
        let call = names.call(k);
        let sel = &names.selections[k].ident;
        quote!(Self::#check_k(#call #sel)?;)
    });

    let messages = action.messages.iter().map(|message| {
        let text = render(&message.template, &names, true);
        let to = match &message.to {
            Some(to) => quote_spanned!(to.span()=> #mp::Some(::core::convert::Into::<#mp::PlayerSet>::into(#to))),
            None => quote!(#mp::None),
        };
        quote!(#mp::Message { to: #to, text: #text })
    });

    let behaviour = match &action.behaviour {
        Some(behaviour) => {
            // The game's type keeps the derive's span: an action missing from the enum is
            // then reported once, at the derive, not again at the behaviour.
            let game = quote!(__MeepleGame);
            quote_spanned!(behaviour.span()=> #mp::IntoBehaviour::<#game>::into_behaviour(#behaviour, __meeple_moves))
        }
        None => quote!(#mp::Vec::new()),
    };
    // The moves of pieces declared on the action come before the behaviour's own.
    let pieces = action.pieces.iter().map(piece_move);
    let behaviour = quote! {
        #(__meeple_moves.push(#pieces);)*
        #behaviour
    };

    let always_asks = names.selections.iter().any(|selection| {
        selection.group.is_some()
            || matches!(selection.skip, SkipDef::Strategy(Strategy::Never))
            || selection.kind.always_asks()
    });
    // A kind that counts its options without walking them, as the only selection: the
    // engine counts this action at every decision (kept for agents and for telling a
    // choice from a forced play) instead of walking it.
    let counts_at_once = match names.selections.as_slice() {
        _ if action.completions.is_some() => true,
        [] => true,
        [selection] => selection.kind.count_at(&At::new(&names, 0)).is_some(),
        _ => false,
    };
    // Every method of the `Action` impl assumes the game is a `Game`, under `for<'__w>`: a
    // bound that may be false without an error of its own (see `fallback.rs`), whose
    // elaboration assumes the game's supertraits too. A state without `#[derive(View)]` is
    // then reported once, at its `impl Game`, not again in every action; and an action
    // missing from the enum only at the derive. (On the impl rather than its methods, the
    // bound would be checked again at each method, with a second wording of that error.)
    let guard = game_guard();
    let distinct = distinct_methods(&names, name, &guard);
    // The only selection's valid set, kept by the engine from a decision's count to its
    // draw and check.
    let kept = match names.selections.as_slice() {
        _ if action.completions.is_some() => None,
        [selection] => selection.kind.kept_at(&At::new(&names, 0)).map(|kept| {
            let Kept { count, nth, admits } = kept;
            let sel = &selection.ident;
            quote! {
                fn count_keeping(cx: #mp::ActionContext<'_, __MeepleGame, #args_ty>) -> (u64, #mp::Option<u64>) #guard {
                    let #mp::ActionContext { game, flow, player, args } = cx;
                    #bind_args
                    #count
                }

                fn nth_kept(cx: #mp::ActionContext<'_, __MeepleGame, #args_ty>, index: u64, __kept: u64) -> #mp::Option<Self> #guard {
                    let #mp::ActionContext { game, flow, player, args } = cx;
                    #bind_args
                    let mut __at = index;
                    let __index = &mut __at;
                    #nth
                }

                fn check_kept(&self, game: &__MeepleGame, flow: #mp::Progress<'_>, player: #mp::PlayerIndex, __kept: u64) -> #mp::Result<(), #mp::Refusal> #guard {
                    let args = &self.__meeple_args();
                    #bind_args
                    let #sel = &self.#sel;
                    if #admits {
                        #mp::Ok(())
                    } else {
                        self.__meeple_check(game, flow, player)
                    }
                }
            }
        }),
        _ => None,
    };
    let each_0 = format_ident!("__meeple_each_0");
    let (has_completion, count_completions, nth_completion) = match &action.completions {
        Some(completions) => {
            helpers.push(completions_fn(&names, completions));
            declared_completions(&names)
        }
        None => walked_completions(),
    };

    quote! {
        #args_struct

        #[allow(non_local_definitions)]
        const _: () = {
            type __MeepleGame = #mp::GameOf<#ident>;

            #[automatically_derived]
            #[allow(unused_variables, unused_braces, clippy::all, clippy::pedantic, clippy::nursery)]
            impl #ident {
                #(#helpers)*

                // Bodies the `Action` impl calls as its own: called through the trait, they
                // would need its bounds, a second error for an action missing from the enum.
                #[doc(hidden)]
                fn __meeple_args(&self) -> #args_ty {
                    #args_ty { #(#arg_idents: #mp::Clone::clone(&self.#arg_idents),)* }
                }

                #[doc(hidden)]
                fn __meeple_check(&self, game: &__MeepleGame, flow: #mp::Progress<'_>, player: #mp::PlayerIndex) -> #mp::Result<(), #mp::Refusal> #guard {
                    let args = &self.__meeple_args();
                    #(let #selection_idents = &self.#selection_idents;)*
                    #(#checks)*
                    #mp::Ok(())
                }
            }

            #[automatically_derived]
            #[allow(unused_variables, unused_braces, clippy::all, clippy::pedantic, clippy::nursery)]
            impl #mp::Action for #ident {
                type Game = __MeepleGame #guard;
                type Args = #args_ty;
                const NAME: &'static str = #name;
                const SELECTIONS: &'static [&'static str] = &[#(#selection_names),*];
                const ALWAYS_ASKS: bool = #always_asks;
                const COUNTS_AT_ONCE: bool = #counts_at_once;

                #kept

                fn args(&self) -> #args_ty #guard {
                    self.__meeple_args()
                }

                fn free_args() -> #mp::Option<#args_ty> #guard {
                    #free_args
                }

                fn condition(cx: #mp::ActionContext<'_, __MeepleGame, #args_ty>) -> bool #guard {
                    let #mp::ActionContext { game, flow, player, args } = cx;
                    #bind_args
                    #condition
                }

                fn unavailable(cx: #mp::ActionContext<'_, __MeepleGame, #args_ty>) -> #mp::Option<#mp::String> #guard {
                    let #mp::ActionContext { game, flow, player, args } = cx;
                    #bind_args
                    #unavailable
                }

                fn prompt(cx: #mp::ActionContext<'_, __MeepleGame, #args_ty>) -> #mp::String #guard {
                    let #mp::ActionContext { game, flow, player, args } = cx;
                    #bind_args
                    #prompt
                }

                fn description(cx: #mp::ActionContext<'_, __MeepleGame, #args_ty>) -> #mp::Option<#mp::String> #guard {
                    let #mp::ActionContext { game, flow, player, args } = cx;
                    #bind_args
                    #description
                }

                fn confirm(&self, game: &__MeepleGame, flow: #mp::Progress<'_>, player: #mp::PlayerIndex) -> #mp::Option<#mp::String> #guard {
                    #(let #selection_idents = &self.#selection_idents;)*
                    #(let #arg_idents = &self.#arg_idents;)*
                    #confirm
                }

                fn has_completion(cx: #mp::ActionContext<'_, __MeepleGame, #args_ty>) -> bool #guard {
                    #has_completion
                }

                fn step(
                    cx: #mp::ActionContext<'_, __MeepleGame, #args_ty>,
                    prefix: &[#mp::Value],
                ) -> #mp::Result<#mp::SelectionStep, #mp::SubmitError> #guard {
                    let #mp::ActionContext { game, flow, player, args } = cx;
                    #(#step_body)*
                    if prefix.len() == #n {
                        #mp::Ok(#mp::SelectionStep::Complete)
                    } else {
                        #mp::Err(#mp::SubmitError::Decode(#mp::extra_value(#name, #n)))
                    }
                }

                fn chosen(
                    cx: #mp::ActionContext<'_, __MeepleGame, #args_ty>,
                    prefix: &[#mp::Value],
                ) -> #mp::Result<#mp::Option<(&'static str, #mp::String)>, #mp::DecodeError> #guard {
                    let #mp::ActionContext { game, flow, player, args } = cx;
                    if prefix.is_empty() {
                        return #mp::Ok(#mp::None);
                    }
                    #(#chosen_body)*
                    #mp::Err(#mp::extra_value(#name, #n))
                }

                fn for_each_completion(
                    cx: #mp::ActionContext<'_, __MeepleGame, #args_ty>,
                    visit: &mut dyn FnMut(Self) -> #mp::ControlFlow<()>,
                ) -> #mp::ControlFlow<()> #guard {
                    Self::#each_0(cx.game, cx.flow, cx.player, cx.args, visit)
                }

                fn count_completions(cx: #mp::ActionContext<'_, __MeepleGame, #args_ty>) -> u64 #guard {
                    #count_completions
                }

                fn nth_completion(
                    cx: #mp::ActionContext<'_, __MeepleGame, #args_ty>,
                    index: u64,
                ) -> #mp::Option<Self> #guard {
                    #nth_completion
                }

                fn from_selections(
                    args: #args_ty,
                    selections: &#mp::Map<#mp::String, #mp::Value>,
                ) -> #mp::Result<Self, #mp::DecodeError> #guard {
                    #mp::no_extra(#name, &[#(#selection_names),*], selections)?;
                    let #args_ty { #(#arg_idents,)* } = args;
                    #mp::Ok(#ident {
                        #(#selection_idents: #mp::take(#name, #selection_names, selections)?,)*
                        #(#arg_idents,)*
                    })
                }

                fn selections(&self) -> #mp::Vec<(&'static str, #mp::Value)> #guard {
                    ::std::vec![#((#selection_names, #mp::encode(&self.#selection_idents))),*]
                }

                fn check(&self, game: &__MeepleGame, flow: #mp::Progress<'_>, player: #mp::PlayerIndex) -> #mp::Result<(), #mp::Refusal> #guard {
                    self.__meeple_check(game, flow, player)
                }

                fn messages(&self, game: &__MeepleGame, player: #mp::PlayerIndex) -> #mp::Vec<#mp::Message> #guard {
                    #(let #selection_idents = &self.#selection_idents;)*
                    #(let #arg_idents = &self.#arg_idents;)*
                    ::std::vec![#(#messages),*]
                }

                #distinct

                fn behaviour(
                    &self,
                    game: &__MeepleGame,
                    flow: #mp::Progress<'_>,
                    player: #mp::PlayerIndex,
                    __meeple_moves: &mut #mp::Vec<<Self as #mp::MoveOf>::Move>,
                ) -> #mp::Vec<#mp::FollowUp<__MeepleGame>> #guard {
                    #(let #selection_idents = &self.#selection_idents;)*
                    #(let #arg_idents = &self.#arg_idents;)*
                    #behaviour
                }
            }
        };
    }
}

/// A move of pieces declared on the action, as a move of the game.
/// The bound every generated method of an action carries (see `expand`).
/// `distinct_blocks` and `distinct_path`: each selection's values numbered by their
/// type's `Distinct` for the game, found by autoref specialization (`DistinctOf`) so that
/// a game that never numbers its actions needs no implementation, and one that does is
/// told at run time which type lacks one.
fn distinct_methods(names: &Names<'_>, name: &str, guard: &TokenStream) -> TokenStream {
    let mp = mp();
    let mut blocks = Vec::new();
    let mut steps = Vec::new();
    for (k, selection) in names.selections.iter().enumerate() {
        let (sel, ty) = (&selection.ident, &selection.ty);
        let sel_name = sel.to_string();
        let probe = |item: &Type| quote!((&&#mp::DistinctOf::<#item, __MeepleGame>::new()));
        let missing = quote!(|__ty| #mp::not_distinct(#name, #sel_name, __ty));
        match selection.kind.distinct() {
            Distinctness::Value => {
                let probe = probe(ty);
                blocks.push(quote! {
                    out.push(#mp::SelectionBlock {
                        selection: #sel_name,
                        values: #probe.distinct_count(game).map_err(#missing)?,
                        done: false,
                    });
                });
                steps.push(quote! {
                    out.push(#mp::PathStep {
                        selection: #k,
                        index: #probe.distinct_index(&self.#sel, game).map_err(#missing)?,
                    });
                });
            }
            Distinctness::Items { item, done } => {
                let probe = probe(item);
                blocks.push(quote! {
                    out.push(#mp::SelectionBlock {
                        selection: #sel_name,
                        values: #probe.distinct_count(game).map_err(#missing)?,
                        done: #done,
                    });
                });
                let close = done.then(|| {
                    quote! {
                        out.push(#mp::PathStep {
                            selection: #k,
                            index: #probe.distinct_count(game).map_err(#missing)?,
                        });
                    }
                });
                steps.push(quote! {
                    let __start = out.len();
                    for __item in #mp::IntoIterator::into_iter(#mp::Clone::clone(&self.#sel)) {
                        let __item: #item = __item;
                        out.push(#mp::PathStep {
                            selection: #k,
                            index: #probe.distinct_index(&__item, game).map_err(#missing)?,
                        });
                    }
                    out[__start..].sort_unstable();
                    #close
                });
            }
            Distinctness::FreeText => {
                let refuse = quote!(return #mp::Err(#mp::free_text(#name, #sel_name)););
                blocks.push(refuse.clone());
                steps.push(refuse);
            }
        }
    }
    // A free-text selection returns its error at once: what follows it is unreachable.
    quote! {
        #[allow(unreachable_code)]
        fn distinct_blocks(
            game: &__MeepleGame,
            out: &mut #mp::Vec<#mp::SelectionBlock>,
        ) -> #mp::Result<(), #mp::NotDistinct> #guard {
            #[allow(unused_imports)]
            use #mp::{IsDistinct as _, NotDistinctType as _};
            #(#blocks)*
            #mp::Ok(())
        }

        #[allow(unreachable_code)]
        fn distinct_path(
            &self,
            game: &__MeepleGame,
            out: &mut #mp::Vec<#mp::PathStep>,
        ) -> #mp::Result<(), #mp::NotDistinct> #guard {
            #[allow(unused_imports)]
            use #mp::{IsDistinct as _, NotDistinctType as _};
            #(#steps)*
            #mp::Ok(())
        }
    }
}

fn game_guard() -> TokenStream {
    let mp = mp();
    quote! {
        where
            for<'__w> __MeepleGame: #mp::Game,
    }
}

fn piece_move(piece: &ast::PieceDef) -> TokenStream {
    let mp = mp();
    let key = |name: &str| {
        piece
            .get(name)
            .cloned()
            .unwrap_or_else(|| syn::parse_quote!(0))
    };
    let index = |name: &str| {
        let value = key(name);
        quote_spanned!(value.span()=> { let __index: usize = #value; __index })
    };
    let made = match piece.kind.to_string().as_str() {
        "move_piece" => {
            let (from, index, to) = (key("from"), index("index"), key("to"));
            let at = match piece.get("at") {
                Some(at) => quote_spanned!(at.span()=> #mp::Some({ let __at: usize = #at; __at })),
                None => quote!(#mp::None),
            };
            quote!(#mp::piece_move_to::<__MeepleGame>(game, #from, #index, #to, #at))
        }
        "swap_pieces" => {
            let (a, a_index, b, b_index) = (key("a"), index("a_index"), key("b"), index("b_index"));
            quote!(#mp::PieceMove::Swap { a: #a, a_index: #a_index, b: #b, b_index: #b_index, seen: #mp::None })
        }
        "reorder" => {
            let (place, order) = (key("place"), key("order"));
            let order =
                quote_spanned!(order.span()=> { let __order: #mp::Vec<u16> = #order; __order });
            quote!(#mp::PieceMove::Reorder { place: #place, order: #order })
        }
        _ => {
            let place = key("place");
            quote!(#mp::PieceMove::Shuffle { place: #place })
        }
    };
    let span = piece.kind.span();
    // The game's types keep the derive's span (see the behaviour in `expand`).
    let game_move = quote!(<__MeepleGame as #mp::Game>::Move);
    quote_spanned!(span=> ::core::convert::Into::<#game_move>::into(#made))
}

/// The walk over the values of selection `k`, in option order: each value bound to the
/// selection's name and, if it passes its validation (and its group's), given to `visit`,
/// a `bool` expression that says whether to stop. Empty for free text, which cannot be
/// walked. The walks of the generated code (`complete`, `each`, `count`, `nth`) differ
/// only in what they do with a value.
fn value_walk(names: &Names<'_>, k: usize, visit: &TokenStream) -> TokenStream {
    let selection = names.selections[k];
    match skip_when(selection) {
        // `skip_if = <bool>`: while it holds, the selection takes its first viable value
        // alone, so every walk sees that value only.
        Some(expr) => {
            let complete_next = format_ident!("__meeple_complete_{}", k + 1);
            let call_next = names.call(k + 1);
            let visit = quote! {{
                if __skip_first {
                    if Self::#complete_next(#call_next) {
                        let _ = { #visit };
                        true
                    } else {
                        false
                    }
                } else {
                    #visit
                }
            }};
            let walk = plain_value_walk(names, k, &visit);
            quote_spanned! {expr.span()=>
                let __skip_first: bool = #expr;
                #walk
            }
        }
        None => plain_value_walk(names, k, visit),
    }
}

/// The expression of `skip_if = <bool>`, if the selection has one.
fn skip_when(selection: &SelectionDef) -> Option<&Expr> {
    match &selection.skip {
        SkipDef::When(expr) if selection.group.is_none() => Some(expr),
        _ => None,
    }
}

/// [`value_walk`] over every valid value, whatever `skip_if` says: the kind's walk.
fn plain_value_walk(names: &Names<'_>, k: usize, visit: &TokenStream) -> TokenStream {
    let at = At::new(names, k);
    at.selection.kind.walk(&at, visit)
}

/// A generated walk function `__meeple_<walk>_k` over selection `k`, with the selections
/// above it bound: `last` is its body past the last selection, `walk` its body at a
/// selection (usually around [`value_walk`]).
fn walk_fn(
    names: &Names<'_>,
    k: usize,
    name: &str,
    extra_params: &TokenStream,
    returns: &TokenStream,
    last: TokenStream,
    walk: impl FnOnce(&SelectionDef) -> TokenStream,
) -> TokenStream {
    let fn_name = format_ident!("__meeple_{}_{}", name, k);
    let params = names.params(k);
    let bind_args = names.bind_args();
    let body = match names.selections.get(k) {
        None => last,
        Some(selection) => walk(selection),
    };
    let guard = game_guard();
    quote! {
        #[doc(hidden)]
        fn #fn_name(#params #extra_params) -> #returns #guard {
            #bind_args
            #body
        }
    }
}

/// `__meeple_complete_k`: whether a valid completion follows the selections above `k`;
/// depth-first, stops at the first found. Free text always completes.
fn complete_fn(names: &Names<'_>, k: usize) -> TokenStream {
    let next = format_ident!("__meeple_complete_{}", k + 1);
    walk_fn(
        names,
        k,
        "complete",
        &quote!(),
        &quote!(bool),
        quote!(true),
        |selection| {
            let call_next = names.call(k + 1);
            if let Some(body) = selection.kind.complete_at(&At::new(names, k)) {
                return body;
            }
            let walk = value_walk(
                names,
                k,
                &quote! {{
                    __found = Self::#next(#call_next);
                    __found
                }},
            );
            quote! {
                let mut __found = false;
                #walk
                __found
            }
        },
    )
}

/// `__meeple_each_k`: visits every valid completion that follows the selections above `k`.
fn each_fn(names: &Names<'_>, k: usize) -> TokenStream {
    let mp = mp();
    let next = format_ident!("__meeple_each_{}", k + 1);
    let action = build_action(names);
    walk_fn(
        names,
        k,
        "each",
        &quote!(visit: &mut dyn FnMut(Self) -> #mp::ControlFlow<()>),
        &quote!(#mp::ControlFlow<()>),
        quote!(visit(#action)),
        |_| {
            let call_next = names.call(k + 1);
            let walk = value_walk(
                names,
                k,
                &quote! {{
                    __flow = Self::#next(#call_next visit);
                    __flow.is_break()
                }},
            );
            quote! {
                let mut __flow = #mp::ControlFlow::Continue(());
                #walk
                __flow
            }
        },
    )
}

/// `__meeple_count_k`: how many valid completions follow the selections above `k`, as
/// `__meeple_each_k` would visit them; the last selection's options are counted without
/// building the action, and a kind that can count without walking does
/// ([`Kind::count_at`](crate::selection::Kind::count_at)).
fn count_fn(names: &Names<'_>, k: usize) -> TokenStream {
    let next = format_ident!("__meeple_count_{}", k + 1);
    walk_fn(
        names,
        k,
        "count",
        &quote!(),
        &quote!(u64),
        quote!(1),
        |selection| {
            let call_next = names.call(k + 1);
            if let Some(body) = selection.kind.count_at(&At::new(names, k)) {
                return body;
            }
            let walk = value_walk(
                names,
                k,
                &quote! {{
                    __count = __count.saturating_add(Self::#next(#call_next));
                    false
                }},
            );
            quote! {
                let mut __count: u64 = 0;
                #walk
                __count
            }
        },
    )
}

/// `__meeple_nth_k`: the completion at position `*__index` among those that follow the
/// selections above `k`, in `__meeple_each_k`'s order; when there are fewer, subtracts
/// their count from `*__index` and returns `None`. Whole branches are skipped by their
/// count, so only the branch holding the completion is walked to its end.
fn nth_fn(names: &Names<'_>, k: usize) -> TokenStream {
    let mp = mp();
    let count_next = format_ident!("__meeple_count_{}", k + 1);
    let next = format_ident!("__meeple_nth_{}", k + 1);
    let action = build_action(names);
    let last = quote! {
        if *__index == 0 {
            #mp::Some(#action)
        } else {
            *__index -= 1;
            #mp::None
        }
    };
    walk_fn(
        names,
        k,
        "nth",
        &quote!(__index: &mut u64),
        &quote!(#mp::Option<Self>),
        last,
        |selection| {
            let call_next = names.call(k + 1);
            if let Some(body) = selection.kind.nth_at(&At::new(names, k)) {
                return body;
            }
            let walk = value_walk(
                names,
                k,
                &quote! {{
                    let __count = Self::#count_next(#call_next);
                    if *__index < __count {
                        __found = Self::#next(#call_next __index);
                        true
                    } else {
                        *__index -= __count;
                        false
                    }
                }},
            );
            quote! {
                let mut __found = #mp::None;
                #walk
                __found
            }
        },
    )
}

/// The bodies of `has_completion`, `count_completions` and `nth_completion` as the walks
/// over the selections answer them (`__meeple_complete_0`, `__meeple_count_0`,
/// `__meeple_nth_0`), in an `Action` method that takes `cx` (and `index`).
fn walked_completions() -> (TokenStream, TokenStream, TokenStream) {
    let complete_0 = format_ident!("__meeple_complete_0");
    let count_0 = format_ident!("__meeple_count_0");
    let nth_0 = format_ident!("__meeple_nth_0");
    (
        quote!(Self::#complete_0(cx.game, cx.flow, cx.player, cx.args)),
        quote!(Self::#count_0(cx.game, cx.flow, cx.player, cx.args)),
        quote! {
            let mut __index = index;
            Self::#nth_0(cx.game, cx.flow, cx.player, cx.args, &mut __index)
        },
    )
}

/// `__meeple_completions`: the author's `completions = <expr>`, with `game`, `flow`,
/// `player` and the arguments in scope, as an `impl IntoIterator` of the selections' types
/// (the value for one selection, a tuple in selection order for several), so that a wrong
/// item type is reported once, at the expression.
fn completions_fn(names: &Names<'_>, completions: &Expr) -> TokenStream {
    let params = names.params(0);
    let bind_args = names.bind_args();
    let types = names.selections.iter().map(|selection| &selection.ty);
    let item = match names.selections.as_slice() {
        [selection] => {
            let ty = &selection.ty;
            quote!(#ty)
        }
        _ => quote!((#(#types,)*)),
    };
    let output = quote_spanned!(completions.span()=> impl ::core::iter::IntoIterator<Item = #item>);
    let guard = game_guard();
    quote! {
        #[doc(hidden)]
        fn __meeple_completions(#params) -> #output #guard {
            #bind_args
            #completions
        }
    }
}

/// The bodies of `has_completion`, `count_completions` and `nth_completion` from the
/// declared completions (`__meeple_completions`): the first, the count, the `index`-th.
fn declared_completions(names: &Names<'_>) -> (TokenStream, TokenStream, TokenStream) {
    let mp = mp();
    let completions = quote! {
        ::core::iter::IntoIterator::into_iter(
            Self::__meeple_completions(cx.game, cx.flow, cx.player, cx.args)
        )
    };
    let idents: Vec<&Ident> = names
        .selections
        .iter()
        .map(|selection| &selection.ident)
        .collect();
    let pattern = match idents.as_slice() {
        [ident] => quote!(#ident),
        _ => quote!((#(#idents,)*)),
    };
    let bind_args = names.bind_args();
    let build = build_action(names);
    (
        quote!(::core::iter::Iterator::next(&mut #completions).is_some()),
        quote! {
            let __count = ::core::iter::Iterator::count(#completions);
            u64::try_from(__count).unwrap_or(u64::MAX)
        },
        quote! {
            let __index = usize::try_from(index).ok()?;
            let #pattern = ::core::iter::Iterator::nth(&mut #completions, __index)?;
            #(let #idents = &#idents;)*
            let args = cx.args;
            #bind_args
            #mp::Some(#build)
        },
    )
}

/// The action built from its fields, each bound by reference (selections and arguments).
fn build_action(names: &Names<'_>) -> TokenStream {
    let mp = mp();
    let ident = &names.action.ident;
    let fields = names.action.fields.iter().map(|field| {
        let ident = field.ident();
        quote!(#ident: #mp::Clone::clone(#ident))
    });
    quote!(#ident { #(#fields,)* })
}

/// `__meeple_label_k`: how the prompt shows the value bound to selection `k` once chosen,
/// with the selections above it bound: its `label` (each item's, joined with `, `, for
/// several values), else its JSON text.
fn label_fn(names: &Names<'_>, k: usize) -> TokenStream {
    let mp = mp();
    let fn_name = format_ident!("__meeple_label_{}", k);
    let params = names.params(k);
    let bind_args = names.bind_args();
    let selection = names.selections[k];
    let (sel, ty) = (&selection.ident, &selection.ty);
    let label = label_of(selection);
    let body = if selection.kind.is_several() {
        quote! {
            let __labels: #mp::Vec<#mp::String> = #mp::items_of(__value)
                .iter()
                .map(|#sel| #label)
                .collect();
            __labels.join(", ")
        }
    } else {
        quote! {
            let #sel = __value;
            #label
        }
    };
    let guard = game_guard();
    quote! {
        #[doc(hidden)]
        fn #fn_name(#params __value: &#ty) -> #mp::String #guard {
            #bind_args
            #body
        }
    }
}

/// `__meeple_check_k`: whether `value` is offered for selection `k` and passes its validation.
fn check_fn(names: &Names<'_>, k: usize) -> TokenStream {
    let mp = mp();
    let selection = names.selections[k];
    let fn_name = format_ident!("__meeple_check_{}", k);
    let params = names.params(k);
    let bind_args = names.bind_args();
    let (sel, ty) = (&selection.ident, &selection.ty);
    let name = &names.action.name;
    let sel_name = sel.to_string();
    let at = At::new(names, k);
    let offered = selection.kind.offered(&at);
    // A value the kind admits at once needs no scan and no validation; a refused one is
    // checked in full, for the reason. `skip_if` and a group's validation still need theirs.
    let admitted = selection
        .kind
        .admits(&at)
        .filter(|_| at.skip_when().is_none() && at.group_validate().is_none())
        .map(|admits| {
            quote! {
                if #admits {
                    return #mp::Ok(());
                }
            }
        });
    let validate = selection.validate.as_ref().map(|validate| {
        quote_spanned! {validate.span()=>
            let #sel = __value;
            if let #mp::Some(__message) = #mp::Validation::into_error(#validate) {
                return #mp::Err(#mp::Refusal::Invalid { action: #name, selection: #sel_name, message: __message });
            }
        }
    });
    // The group's validation, with the last of its selections: the group is at fault.
    let group = group_validate(names, k).map(|(group, validate)| {
        let group = group.to_string();
        quote_spanned! {validate.span()=>
            let #sel = __value;
            if let #mp::Some(__message) = #mp::Validation::into_error(#validate) {
                return #mp::Err(#mp::Refusal::Invalid { action: #name, selection: #group, message: __message });
            }
        }
    });
    // `skip_if = <bool>`: while it holds, the game chooses the first viable value.
    let first = skip_when(selection).map(|expr| {
        let walk = value_walk(
            names,
            k,
            &quote! {{
                __first = #mp::Some((#mp::encode(#sel), #mp::default_label(#sel)));
                true
            }},
        );
        let refuse = at.not_offered(quote!(::std::format!("the game chooses {} here", __label)));
        let holds = quote_spanned!(expr.span()=> { let __skip: bool = #expr; __skip });
        quote! {
            if #holds {
                let mut __first: #mp::Option<(#mp::Value, #mp::String)> = #mp::None;
                #walk
                if let #mp::Some((__chosen, __label)) = __first {
                    if __chosen != #mp::encode(__value) {
                        #refuse
                    }
                }
            }
        }
    });
    let full = quote! {
        #bind_args
        #offered
        #validate
        #group
        #first
        #mp::Ok(())
    };
    let guard = game_guard();
    let Some(admitted) = admitted else {
        return quote! {
            #[doc(hidden)]
            fn #fn_name(#params __value: &#ty) -> #mp::Result<(), #mp::Refusal> #guard {
                #full
            }
        };
    };
    // The full check only refuses, and explains why: out of line and cold, so that the
    // check of an admitted value stays small enough to inline into the engine's.
    let full_name = format_ident!("__meeple_check_full_{}", k);
    let call = names.call(k);
    quote! {
        #[doc(hidden)]
        fn #fn_name(#params __value: &#ty) -> #mp::Result<(), #mp::Refusal> #guard {
            {
                #bind_args
                #admitted
            }
            Self::#full_name(#call __value)
        }

        #[doc(hidden)]
        #[cold]
        #[inline(never)]
        fn #full_name(#params __value: &#ty) -> #mp::Result<(), #mp::Refusal> #guard {
            #full
        }
    }
}

/// `__meeple_step_k`: selection `k` with its options, after the selections above it.
fn step_fn(names: &Names<'_>, k: usize) -> TokenStream {
    let mp = mp();
    let fn_name = format_ident!("__meeple_step_{}", k);
    let params = names.params(k);
    let bind_args = names.bind_args();
    let next = format_ident!("__meeple_complete_{}", k + 1);
    let call_next = names.call(k + 1);
    let state = selection_state(
        names,
        k,
        &quote!(Self::#next(#call_next)),
        error_of(names, k, true),
        false,
    );
    // The first selection of a group brings the whole group.
    let body = match group_of(names, k) {
        Some(group) if group.start == k => group::with_members(names, &group, &state),
        _ => state,
    };
    let guard = game_guard();
    quote! {
        #[doc(hidden)]
        fn #fn_name(#params) -> #mp::SelectionState #guard {
            #bind_args
            #body
        }
    }
}

/// `__meeple_member_k`: selection `k`, a member of a group, as shown with the group: its
/// options with their own validation only, after the selections above the group.
fn member_fn(names: &Names<'_>, k: usize, start: usize) -> TokenStream {
    let mp = mp();
    let fn_name = format_ident!("__meeple_member_{}", k);
    let params = names.params(start);
    let bind_args = names.bind_args();
    let body = selection_state(names, k, &quote!(true), error_of(names, k, false), true);
    let guard = game_guard();
    quote! {
        #[doc(hidden)]
        fn #fn_name(#params) -> #mp::SelectionState #guard {
            #bind_args
            #body
        }
    }
}

/// The error of the value bound to selection `k`: its own validation's, then (with
/// `with_group`) that of the group it closes.
fn error_of(names: &Names<'_>, k: usize, with_group: bool) -> TokenStream {
    let mp = mp();
    let own = match &names.selections[k].validate {
        Some(validate) => quote_spanned!(validate.span()=> #mp::Validation::into_error(#validate)),
        None => quote!(#mp::None::<#mp::String>),
    };
    match group_validate(names, k).filter(|_| with_group) {
        Some((_, validate)) => quote_spanned! {validate.span()=>
            match #own {
                #mp::None => #mp::Validation::into_error(#validate),
                __error => __error,
            }
        },
        None => own,
    }
}

/// Whether the value bound to selection `k` passes its own validation; cheap.
fn own_passes(names: &Names<'_>, k: usize) -> TokenStream {
    let mp = mp();
    match &names.selections[k].validate {
        Some(validate) => quote_spanned!(validate.span()=> #mp::Validation::passed(&(#validate))),
        None => quote!(true),
    }
}

/// Whether the values bound up to selection `k` pass the validation of the group it
/// closes, if any; cheap.
fn group_passes(names: &Names<'_>, k: usize) -> TokenStream {
    let mp = mp();
    match group_validate(names, k) {
        Some((_, validate)) => {
            quote_spanned!(validate.span()=> #mp::Validation::passed(&(#validate)))
        }
        None => quote!(true),
    }
}

/// Whether the value bound to selection `k` passes its validation and that of the group it
/// closes; cheap, no allocation.
fn passes(names: &Names<'_>, k: usize) -> TokenStream {
    let (own, group) = (own_passes(names, k), group_passes(names, k));
    quote!((#own && #group))
}

/// The `SelectionState` of selection `k`, with the selections above it bound: `follows`
/// says whether a valid completion follows the value bound to it; `member` builds it as
/// shown inside its group (always asked).
fn selection_state(
    names: &Names<'_>,
    k: usize,
    follows: &TokenStream,
    error_of: TokenStream,
    member: bool,
) -> TokenStream {
    // Whether the value passes the checks that `error_of` explains, without building the
    // explanation: refusals are counted often and explained once.
    let passes = if member {
        own_passes(names, k)
    } else {
        passes(names, k)
    };
    let mp = mp();
    let selection = names.selections[k];
    let sel_name = selection.ident.to_string();
    // A selection of a group without a prompt of its own is asked with the group's.
    let group_prompt = group_of(names, k).and_then(|group| group.def?.prompt.as_ref());
    let prompt = match selection.prompt.as_ref().or(group_prompt) {
        Some(prompt) => {
            quote_spanned!(prompt.span()=> #mp::Some(::std::string::ToString::to_string(&(#prompt))))
        }
        None => quote!(#mp::None),
    };
    let skip = match &selection.skip {
        _ if member || selection.group.is_some() => quote!(#mp::Skip::Never),
        SkipDef::Default | SkipDef::Strategy(Strategy::OnlyOne) => quote!(#mp::Skip::OnlyOne),
        SkipDef::Strategy(Strategy::Never) => quote!(#mp::Skip::Never),
        SkipDef::Strategy(Strategy::Always) => quote!(#mp::Skip::Always),
        SkipDef::When(expr) => quote_spanned! {expr.span()=>
            if { let __skip: bool = #expr; __skip } { #mp::Skip::First } else { #mp::Skip::OnlyOne }
        },
    };
    let at = At::new(names, k);
    selection.kind.state(
        &at,
        &Shown {
            name: sel_name,
            prompt,
            skip,
            label: label_of(selection),
            follows: follows.clone(),
            error_of,
            passes,
        },
    )
}

/// `String`: the label of the value bound to `selection`'s name, its `label` or its JSON
/// text.
fn label_of(selection: &SelectionDef) -> TokenStream {
    let mp = mp();
    let sel = &selection.ident;
    match selection.kind.label() {
        Some(label) => quote_spanned!(label.span()=> ::std::string::ToString::to_string(&(#label))),
        None => quote!(#mp::default_label(#sel)),
    }
}

/// The `label` of the argument named `name`, if it declares one.
fn arg_label<'a>(names: &Names<'a>, name: &str) -> Option<&'a Expr> {
    names.action.fields.iter().find_map(|field| match field {
        FieldDef::Arg { ident, label, .. } if ident == name => label.as_ref(),
        _ => None,
    })
}

/// Renders a template into a `String` expression. Selections and arguments must be bound.
/// Every template (`message`, `description`, `confirm`) fills its placeholders the same
/// way: `{player}` and an argument of type `PlayerIndex` by the player's name, another
/// argument by its `Display`, a selection by its label as the prompt shows it (its `label`,
/// each item's joined with `, ` for several, else its JSON text).
fn render(template: &Template, names: &Names<'_>, with_selections: bool) -> TokenStream {
    let mp = mp();
    let pieces = template.parts.iter().map(|part| match part {
        Part::Text(text) => quote!(__text.push_str(#text);),
        Part::Name(name) if name == "player" => {
            quote!(__text.push_str(&#mp::Game::player_name(game, player));)
        }
        Part::Name(name) => {
            let ident = Ident::new(name, Span::call_site());
            let selection = names.selections.iter().find(|selection| selection.ident == name.as_str());
            match selection {
                Some(selection) if with_selections => {
                    let label = selection.kind.label().map(|label| {
                        let sel = &selection.ident;
                        quote_spanned!(label.span()=> { let #sel = __item; ::std::string::ToString::to_string(&(#label)) })
                    });
                    match (selection.kind.is_several(), label) {
                        (true, label) => {
                            let label = label.unwrap_or_else(|| quote!(#mp::default_label(__item)));
                            quote! {
                                __text.push_str(&#mp::items_of(#ident).iter().map(|__item| #label).collect::<#mp::Vec<_>>().join(", "));
                            }
                        }
                        (_, Some(label)) => quote!({ let __item = #ident; __text.push_str(&#label); }),
                        (_, None) => quote!(__text.push_str(&#mp::default_label(#ident));),
                    }
                }
                // A selection not yet made would be a mistake that `check` reports.
                Some(_) => quote!(__text.push_str(&#mp::default_label(#ident));),
                // An argument: its `label`, else a seat's name for a `PlayerIndex`, a board
                // position's by the game's naming, or its `Display`.
                None => match arg_label(names, name) {
                    Some(label) => quote_spanned! {label.span()=>
                        __text.push_str(&::std::string::ToString::to_string(&(#label)));
                    },
                    None => quote_spanned! {template.span()=>
                        __text.push_str(&{
                            #[allow(unused_imports)]
                            use #mp::{FillDisplay as _, FillNamed as _};
                            (&#mp::Fill(#ident)).fill(game)
                        });
                    },
                },
            }
        }
    });
    // Room for the literal text and a few names, so the text rarely grows while written.
    let capacity = template
        .parts
        .iter()
        .map(|part| match part {
            Part::Text(text) => text.len(),
            Part::Name(_) => 8,
        })
        .sum::<usize>();
    quote!({
        let mut __text = #mp::String::with_capacity(#capacity);
        #(#pieces)*
        __text
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand_to_string(input: TokenStream) -> String {
        let output = derive_action(input);
        let file: syn::File = syn::parse2(output).expect("the expansion parses as a file");
        prettyplease::unparse(&file)
    }

    #[test]
    fn a_selection_expands_into_a_lazy_walk() {
        let code = expand_to_string(quote! {
            #[action(prompt = "Play a card", behaviour = vec![Move::Play(*card)])]
            struct PlayCard {
                #[choose_from(game.hand(player), validate = game.may_play(player, *card))]
                card: Card,
            }
        });
        assert!(code.contains("fn __meeple_complete_0("), "{code}");
        assert!(code.contains("fn __meeple_complete_1("), "{code}");
        // Each walk stops at the value its visit asks to stop at.
        assert!(code.contains("break;"), "{code}");
        assert!(code.contains("fn __meeple_count_0("), "{code}");
        assert!(code.contains("fn __meeple_nth_0("), "{code}");
        assert!(
            code.contains("pub struct PlayCardArgs {}") || code.contains("struct PlayCardArgs {}"),
            "{code}"
        );
        assert!(
            code.contains("const NAME: &'static str = \"play_card\";"),
            "{code}"
        );
    }

    #[test]
    fn mistakes_still_emit_the_args_type() {
        let output = derive_action(quote! {
            struct Broken {
                #[choose_from(game.items(), skip_if = "sometimes")]
                item: u8,
            }
        })
        .to_string();
        assert!(output.contains("compile_error"), "{output}");
        assert!(output.contains("BrokenArgs"), "{output}");
        // The stand-in impl, so the enum that lists the action reports nothing more.
        assert!(
            output.contains("impl :: meeple :: __private :: Action for Broken"),
            "{output}"
        );
    }
}
