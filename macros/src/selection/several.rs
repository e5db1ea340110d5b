//! `choose_from` or `choose_on_board` with `count`, or `min` and `max`: a set of values
//! among the options, read by [`choice`](super::choice)'s keys. The walks search the
//! subsets of the options lazily, and count and rank them without building them when
//! nothing checks the set. Runtime: `runtime/src/rules/selection/several.rs`.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Expr, Type};

use super::choice::{Display, candidates, count_options};
use super::{Kind, Shown};
use crate::expand::{At, mp};

/// A set of values among options, of `min` to `max` items.
pub(crate) struct Several {
    pub(crate) options: Expr,
    pub(crate) display: Display,
    pub(crate) label: Option<Expr>,
    /// The type of an item: the field's `Vec<T>`'s `T`, or `of = <type>`.
    pub(crate) item: Type,
    pub(crate) min: Expr,
    pub(crate) max: Option<Expr>,
    /// `within = <bool>`: a bound every part of an acceptable set keeps (a budget), so the
    /// search drops a branch as soon as the set built so far breaks it.
    pub(crate) within: Option<Expr>,
}

impl Several {
    /// With `count`, `min` and `max` are the same tokens.
    fn counted(&self) -> bool {
        self.max.as_ref().is_some_and(|max| {
            max.to_token_stream().to_string() == self.min.to_token_stream().to_string()
        })
    }

    /// Whether the selection is the last one and nothing checks its sets: every set of an
    /// allowed size completes the action, so sets can be counted and ranked without being
    /// built.
    fn unchecked_last(&self, at: &At<'_>) -> bool {
        at.is_last()
            && at.selection.validate.is_none()
            && at.skip_when().is_none()
            && self.within.is_none()
            && at.group_validate().is_none()
    }

    /// `__items`, `__min` and `__max`.
    fn items(&self) -> TokenStream {
        let mp = mp();
        let item = &self.item;
        let candidates = candidates(&self.options, item);
        let bounds = self.bounds(quote!(__items.len()));
        quote! {
            let __items: #mp::Items<#item> = #mp::Iterator::collect(#candidates);
            #bounds
        }
    }

    /// `__n`, `__min` and `__max`, when the items are only counted.
    fn item_count(&self) -> TokenStream {
        let count = count_options(&self.options);
        let bounds = self.bounds(quote!(__n));
        quote! {
            let __n: usize = #count;
            #bounds
        }
    }

    /// `__min` and `__max`; without a `max`, `__max` is `no_max` (the number of options,
    /// a `usize` expression).
    fn bounds(&self, no_max: TokenStream) -> TokenStream {
        let min = &self.min;
        let max = match &self.max {
            Some(max) => quote_spanned!(max.span()=> { let __max: usize = #max; __max }),
            None => no_max,
        };
        quote! {
            let __min: usize = { let __min: usize = #min; __min };
            let __max: usize = #max;
        }
    }

    /// The lazy search over the subsets of `__items`: `visit` (a closure of `__indices`)
    /// on every candidate set of `must` (an `Option<usize>` index the set must hold); with
    /// `within`, a branch is dropped as soon as its set breaks it.
    fn subsets(&self, at: &At<'_>, must: TokenStream, visit: TokenStream) -> TokenStream {
        let mp = mp();
        let (sel, ty) = (at.ident(), at.ty());
        match &self.within {
            None => quote!(#mp::any_subset(__items.len(), __min, __max, #must, #visit)),
            Some(within) => {
                let holds = quote_spanned!(within.span()=> let __within: bool = #within;);
                // The closures keep the derive's span (see `choice::candidates`).
                let within = quote! {
                    |__indices: &[usize]| {
                        let __candidate: #ty = __indices.iter().map(|&__i| #mp::Clone::clone(&__items[__i])).collect();
                        let #sel = &__candidate;
                        #holds
                        __within
                    }
                };
                quote!(#mp::any_subset_within(__items.len(), __min, __max, #must, #within, #visit))
            }
        }
    }
}

impl Kind for Several {
    fn distinct(&self) -> super::Distinctness<'_> {
        super::Distinctness::Items {
            item: &self.item,
            done: !self.counted(),
        }
    }

    fn before_choice(&self) -> Vec<&Expr> {
        let mut exprs = vec![&self.options, &self.min];
        // With `count`, `min` and `max` are the same tokens: reported once.
        if !self.counted() {
            exprs.extend(&self.max);
        }
        exprs
    }

    fn of_the_value(&self) -> Vec<&Expr> {
        self.within.iter().collect()
    }

    fn label(&self) -> Option<&Expr> {
        self.label.as_ref()
    }

    fn is_several(&self) -> bool {
        true
    }

    fn always_asks(&self) -> bool {
        !self.counted()
    }

    fn walk(&self, at: &At<'_>, visit: &TokenStream) -> TokenStream {
        let mp = mp();
        let (sel, ty) = (at.ident(), at.ty());
        let valid = at.passes();
        let items = self.items();
        let search = self.subsets(
            at,
            quote!(#mp::None),
            quote! {
                |__indices: &[usize]| {
                    let __candidate: #ty = __indices.iter().map(|&__i| #mp::Clone::clone(&__items[__i])).collect();
                    let #sel = &__candidate;
                    #valid && { #visit }
                }
            },
        );
        quote! {
            #items
            #search;
        }
    }

    fn offered(&self, at: &At<'_>) -> TokenStream {
        let mp = mp();
        let sel = at.ident();
        // The options are counted only when no `max` bounds the set.
        let bounds = self.bounds(count_options(&self.options));
        let candidates = candidates(&self.options, &self.item);
        let refuse = at.not_offered(quote!(__reason));
        let within = self.within.as_ref().map(|within| {
            let refuse = at.not_offered(quote!(::std::string::ToString::to_string(
                "the set breaks its bound (`within`)"
            )));
            quote_spanned! {within.span()=>
                let #sel = __value;
                let __within: bool = #within;
                if !__within {
                    #refuse
                }
            }
        });
        quote! {
            #bounds
            if let #mp::Err(__reason) = #mp::match_subset(&#mp::items_of(__value), #candidates, __min, __max) {
                #refuse
            }
            #within
        }
    }

    fn state(&self, at: &At<'_>, shown: &Shown) -> TokenStream {
        let mp = mp();
        let (sel, ty) = (at.ident(), at.ty());
        let Shown {
            name,
            prompt,
            skip,
            label,
            follows,
            error_of,
            passes,
        } = shown;
        let items = self.items();
        let kind = self
            .display
            .prompt_kind(quote!(__min), quote!(__max.min(__items.len()).max(__min)));
        // A viable set makes each of its items viable: every search marks them all.
        let search = |must: TokenStream| {
            self.subsets(
                at,
                must,
                quote! {
                    |__indices: &[usize]| {
                        let __candidate: #ty = __indices.iter().map(|&__i| #mp::Clone::clone(&__items[__i])).collect();
                        let #sel = &__candidate;
                        if #passes {
                            let __viable: bool = #follows;
                            if __viable {
                                for &__i in __indices {
                                    __known[__i] = true;
                                }
                                if __first_set.is_none() {
                                    __first_set = #mp::Some(__indices.to_vec());
                                }
                            }
                            __viable
                        } else {
                            if __first_error.is_none() {
                                __first_error = #error_of;
                            }
                            false
                        }
                    }
                },
            )
        };
        let search_any = search(quote!(#mp::None));
        let search_with = search(quote!(#mp::Some(__index)));
        quote! {
            #items
            let mut __first_error: #mp::Option<#mp::String> = #mp::None;
            let mut __options = #mp::Vec::new();
            let mut __known = ::std::vec![false; __items.len()];
            // The first viable set, in the walks' order: the value of `Skip::First`.
            let mut __first_set: #mp::Option<#mp::Vec<usize>> = #mp::None;
            // One search for any viable set first: when there is none, no item needs a
            // search of its own.
            // Whether any set is viable: the empty one too (`min = 0`), with no item.
            let __any: bool = #search_any;
            if __any {
                for __index in 0..__items.len() {
                    if !__known[__index] {
                        #search_with;
                    }
                    if __known[__index] {
                        let #sel = &__items[__index];
                        __options.push(#mp::OptionState { value: #mp::encode(#sel), label: #label, error: #mp::None, viable: true });
                    }
                }
            }
            // Only a validation's refusal explains an empty selection; without one, the
            // action has no completion and is not offered.
            let __error = if __any { #mp::None } else { __first_error };
            let __skip = #skip;
            // Chosen by the game: its one option is the first viable set, whole.
            if let (#mp::Skip::First, #mp::Some(__set)) = (__skip, &__first_set) {
                let __candidate: #ty = __set.iter().map(|&__i| #mp::Clone::clone(&__items[__i])).collect();
                let __labels: #mp::Vec<#mp::String> = #mp::items_of(&__candidate).iter().map(|#sel| #label).collect();
                __options = ::std::vec![#mp::OptionState { value: #mp::encode(&__candidate), label: __labels.join(", "), error: #mp::None, viable: true }];
            }
            #mp::SelectionState {
                name: #name,
                prompt: #prompt,
                skip: __skip,
                kind: #kind,
                viable: __any,
                options: __options,
                error: __error,
                group: #mp::None,
            }
        }
    }

    fn complete_at(&self, at: &At<'_>) -> Option<TokenStream> {
        // Any set of an allowed size completes the action: no set needs to be built.
        if !self.unchecked_last(at) {
            return None;
        }
        let count = self.item_count();
        Some(quote! {
            #count
            __min <= __max.min(__n)
        })
    }

    fn count_at(&self, at: &At<'_>) -> Option<TokenStream> {
        let mp = mp();
        if !self.unchecked_last(at) {
            return None;
        }
        let count = self.item_count();
        Some(quote! {
            #count
            #mp::subset_count(__n, __min, __max)
        })
    }

    fn nth_at(&self, at: &At<'_>) -> Option<TokenStream> {
        let mp = mp();
        if !self.unchecked_last(at) {
            return None;
        }
        let count = self.item_count();
        let candidates = candidates(&self.options, &self.item);
        let (sel, ty) = (at.ident(), at.ty());
        let action = at.action();
        Some(quote! {
            #count
            let __candidate: #ty = #mp::nth_subset(#candidates, __n, __min, __max, __index)?;
            let #sel = &__candidate;
            #mp::Some(#action)
        })
    }
}
