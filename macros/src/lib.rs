//! Derive macros of meeple. Use them through the `meeple` crate, which re-exports them.
//!
//! Each entry point parses the input, checks it and expands it; every mistake of the
//! author becomes a `compile_error!` pointing at their tokens, all reported together.
//!
//! Where each part is:
//! - `#[derive(Action)]`: `ast.rs` reads the struct and `#[action(..)]`, `check.rs` holds
//!   the rules that span the action, `expand.rs` chains its selections into walks;
//! - each kind of selection is one unit in `selection/` (`choice`, `several`, `number`,
//!   `text`, `group`), with its parse, its checks and its expansion, and names its runtime
//!   module (`runtime/src/rules/selection/`);
//! - `#[derive(Actions)]`: `expand_actions.rs` (the enums and the action table, whose
//!   visitors are in the runtime's `dispatch.rs`);
//! - `#[derive(Observe)]`: `observe.rs`;
//! - `#[derive(View)]` and `#[derive(Places)]`: `view.rs` and `places.rs`, both reading the
//!   state's fields with `state.rs`;
//! - every attribute and key is in `keywords.rs`, every message to the author in
//!   `messages.rs`; `fallback.rs` holds the stand-ins emitted beside a mistake.

mod ast;
mod check;
mod errors;
mod expand;
mod expand_actions;
mod fallback;
mod keywords;
mod messages;
mod observe;
mod places;
mod selection;
mod state;
mod template;
mod view;

use proc_macro::TokenStream;

/// Declares one action of a game: each field is a selection, in order (`#[choose_from]`,
/// `#[choose_on_board]`, `#[place_piece]`,
/// `#[choose_number]`, `#[enter_text]`), or an argument (`#[arg]`). See the `meeple` crate
/// docs for the attributes.
#[proc_macro_derive(
    Action,
    attributes(
        action,
        choose_from,
        choose_on_board,
        place_piece,
        choose_number,
        enter_text,
        arg
    )
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

/// Declares what each viewer may see of a game's state: `#[view(<policy>)]` on a field
/// applies to every viewer but the admin, `#[view(others = <policy>)]` on a `PerPlayer`
/// field to everyone but each entry's owner. Policies: `visible` (the default), `order`,
/// `len`, `non_empty` (for places of pieces) and `hidden`; `nested` for a field with its
/// own `View`; `place` marks a visible place for the one-place check. See the `meeple`
/// crate docs.
#[proc_macro_derive(View, attributes(view))]
pub fn derive_view(input: TokenStream) -> TokenStream {
    view::derive_view(input.into()).into()
}

/// Writes a state into a seat's observation for learning agents: each field in order, by
/// its type's `meeple::Observe` (numbers, flags, seats relative to the observer, boards
/// as planes, places as counts); `#[observe(skip)]` leaves a field out. Generates
/// `impl<G> meeple::Observe<G>` for every game whose fields' types can be observed. See
/// the `meeple` crate docs.
#[proc_macro_derive(Observe, attributes(observe))]
pub fn derive_observe(input: TokenStream) -> TokenStream {
    observe::derive_observe(input.into()).into()
}

/// Addresses the places of a game's state as data, for moves of pieces: generates the
/// enum `<State>Place` (a variant per field that `#[view(..)]` marks as a place, with the
/// seat for `PerPlayer` fields) and `impl meeple::Places`. Takes
/// `#[places(component = <type>, value = <type>)]` (the value defaults to `()`).
#[proc_macro_derive(Places, attributes(places))]
pub fn derive_places(input: TokenStream) -> TokenStream {
    places::derive_places(input.into()).into()
}
