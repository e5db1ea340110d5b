//! Derive macros of meeple. Use them through the `meeple` crate, which re-exports them.
//!
//! Each entry point parses the input, checks it and expands it; every mistake of the
//! author becomes a `compile_error!` pointing at their tokens, all reported together.

mod ast;
mod check;
mod errors;
mod expand;
mod expand_actions;
mod template;

use proc_macro::TokenStream;

/// Declares one action of a game: each field is a selection, in order (`#[choose_from]`,
/// `#[choose_number]`, `#[enter_text]`), or an argument (`#[arg]`). See the `meeple` crate
/// docs for the attributes.
#[proc_macro_derive(
    Action,
    attributes(action, choose_from, choose_number, enter_text, arg)
)]
pub fn derive_action(input: TokenStream) -> TokenStream {
    expand::derive_action(input.into()).into()
}

/// Collects a game's actions: an enum with one variant per action, `PlayCard(PlayCard)`,
/// and `#[actions(game = MyGame)]`.
#[proc_macro_derive(Actions, attributes(actions))]
pub fn derive_actions(input: TokenStream) -> TokenStream {
    expand_actions::derive_actions(input.into()).into()
}
