//! What the derive macros' generated code calls, re-exported from the modules that define
//! it (the runtime of each selection kind is in `selection`). Not a public API: it changes
//! without notice. Every path the macros emit starts with `::meeple::__private`.

pub use serde;
pub use serde_json::{Map, Value};
pub use std::ops::ControlFlow;
pub use std::option::Option::{self, None, Some};
pub use std::result::Result::{self, Err, Ok};
pub use std::string::String;
pub use std::vec::Vec;
pub use std::{clone::Clone, iter::ExactSizeIterator, iter::IntoIterator, iter::Iterator};

pub use crate::error::{DecodeError, NotDistinct, Refusal, SubmitError};
pub use crate::pieces::board::placements;
pub use crate::pieces::components::{ComponentId, Pieces, Place};
pub use crate::pieces::player::{PerPlayer, PlayerIndex, PlayerSet};
pub use crate::rules::action::{
    Action, ActionContext, ActionSet, ActionVisitor, ArgsVisitor, Behaviour, Condition, FollowUp,
    GameOf, GroupState, InGame, IntoBehaviour, Message, MoveOf, OptionState, SelectionState,
    SelectionStep, Skip, Validation,
};
pub use crate::rules::distinct::{
    DistinctOf, IsDistinct, NotDistinctType, PathStep, SelectionBlock, free_text, not_distinct,
};
pub use crate::rules::flow::Progress;
pub use crate::rules::game::Game;
pub use crate::rules::places::{PieceMove, Places, TwoOf, piece_move_to};
pub use crate::rules::selection::choice::{
    KeepsBits, KeepsNothing, ValidSet, check_valid_options, kept_valid, valid_options,
};
pub use crate::rules::selection::number::{LISTED_NUMBERS, Number, NumberRange, number_selection};
pub use crate::rules::selection::several::{
    Items, any_subset, any_subset_within, items_of, match_subset, nth_subset, subset_count,
};
pub use crate::rules::selection::values::{
    decode, default_label, encode, extra_value, no_extra, take,
};
pub use crate::rules::template::{Fill, FillDisplay, FillNamed, TemplateValue};
pub use crate::seen::observation::{ObservationLayout, Observe, Observer, piece_name};
pub use crate::seen::prompt::SelectionKind;
pub use crate::seen::view::{
    Conceal, Hide, Policy, ReadsNothing, ReadsWithSerde, StateReader, View, Viewer, serialize_state,
};
