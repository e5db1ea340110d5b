//! The runtime half of each kind of selection: what the code `#[derive(Action)]` generates
//! calls while it walks, checks and shows a selection's values. Each module pairs with the
//! macro crate's unit of the same kind (`macros/src/selection/`); the generated code reaches
//! them through `__private`, and nothing here is public API but [`ValidSet`](choice::ValidSet),
//! which a game's set types implement.
//!
//! | kind | macro unit | runtime |
//! |---|---|---|
//! | `choose_from`, `choose_on_board`, `place_piece` | `choice.rs` | [`choice`] (and [`placements`](crate::placements) for `place_piece`) |
//! | the same with `count`, `min`, `max` | `several.rs` | [`several`]: the subset search |
//! | `choose_number` | `number.rs` | [`number`]: the range scan |
//! | `enter_text` | `text.rs` | [`values`] alone |
//! | groups | `group.rs` | [`GroupState`](crate::rules::action::GroupState) |
//!
//! [`values`] is what every kind shares: a value as JSON, its default label, reading it
//! back from a submission.

pub(crate) mod choice;
pub(crate) mod number;
pub(crate) mod several;
pub(crate) mod values;
