//! How the templates of an action (`message`, `description`, `confirm`) fill a
//! placeholder that names an argument: a seat by its player's name, anything else by its
//! `Display`. The generated code picks the impl by autoref (`(&Fill(value)).fill(game)`).

use crate::game::Game;
use crate::player::PlayerIndex;

/// An argument named in a template (`{from}`), filled by [`FillSeat`] for a seat (the
/// player's name) or [`FillDisplay`] for anything else: `(&Fill(value)).fill(game)`.
pub struct Fill<'a, T: ?Sized>(pub &'a T);

/// Fills a template's placeholder with a seat's name ([`Game::player_name`]).
pub trait FillSeat {
    /// The text.
    fn fill<G: Game>(&self, game: &G) -> String;
}

impl FillSeat for Fill<'_, PlayerIndex> {
    fn fill<G: Game>(&self, game: &G) -> String {
        game.player_name(*self.0)
    }
}

/// Fills a template's placeholder with the value's `Display`.
#[diagnostic::on_unimplemented(
    message = "a template names an argument of type `{Self}`, which does not implement `Display`",
    note = "an argument in a template is shown by its `Display` (a `PlayerIndex` by the player's name); implement `Display`, or leave it out of the template"
)]
pub trait FillDisplay {
    /// The text.
    fn fill<G: Game>(&self, game: &G) -> String;
}

impl<T: std::fmt::Display + ?Sized> FillDisplay for &Fill<'_, T> {
    fn fill<G: Game>(&self, _: &G) -> String {
        self.0.to_string()
    }
}
