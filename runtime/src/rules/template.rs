//! How the templates of an action (`message`, `description`, `confirm`) fill a
//! placeholder that names an argument without a `label`: a seat by its player's name, a
//! board position by the game's naming of its spaces, anything else by its `Display`. The
//! generated code picks the impl by autoref (`(&Fill(value)).fill(game)`).

use std::fmt::Display;

use crate::pieces::board::{Placement, Space};
use crate::pieces::player::PlayerIndex;
use crate::rules::game::Game;

/// An argument named in a template (`{from}`), filled by [`FillNamed`] for a seat or a
/// board position (named by the game) or [`FillDisplay`] for anything else:
/// `(&Fill(value)).fill(game)`.
pub struct Fill<'a, T: ?Sized>(pub &'a T);

/// Fills a template's placeholder with the game's name for the value: a seat's player
/// ([`Game::player_name`]), a space ([`Game::space_name`]), a placement (its space's
/// name, then its rotation when it has one: `c3 turned 1`).
pub trait FillNamed {
    /// The text.
    fn fill<G: Game>(&self, game: &G) -> String;
}

impl FillNamed for Fill<'_, PlayerIndex> {
    fn fill<G: Game>(&self, game: &G) -> String {
        game.player_name(*self.0)
    }
}

impl FillNamed for Fill<'_, Space> {
    fn fill<G: Game>(&self, game: &G) -> String {
        game.space_name(*self.0)
    }
}

impl FillNamed for Fill<'_, Placement> {
    fn fill<G: Game>(&self, game: &G) -> String {
        let space = game.space_name(self.0.space);
        match self.0.rotation {
            0 => space,
            turns => format!("{space} turned {turns}"),
        }
    }
}

/// Fills a template's placeholder with the value's `Display` ([`TemplateValue`]).
pub trait FillDisplay<T: ?Sized> {
    /// The text.
    fn fill<G: Game>(&self, game: &G) -> String
    where
        T: TemplateValue;
}

impl<T: ?Sized> FillDisplay<T> for &Fill<'_, T> {
    fn fill<G: Game>(&self, _: &G) -> String
    where
        T: TemplateValue,
    {
        self.0.template_text()
    }
}

/// A value a template can show: anything with `Display`. Asked where an argument of
/// another type is named in a template, so that the author reads what to do, at the
/// template.
#[diagnostic::on_unimplemented(
    message = "a template names an argument of type `{Self}`, which it cannot show",
    label = "`{Self}` has no `Display`",
    note = "give the argument a label, `#[arg(label = <expr>)]` (it sees `game`, `player` and the arguments), or implement `Display` for `{Self}`; a `PlayerIndex` shows its player's name and a `Space` or `Placement` the game's name for it (`Game::space_name`)"
)]
pub trait TemplateValue {
    /// The text.
    fn template_text(&self) -> String;
}

impl<T: Display + ?Sized> TemplateValue for T {
    fn template_text(&self) -> String {
        self.to_string()
    }
}
