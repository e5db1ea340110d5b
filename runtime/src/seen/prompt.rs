//! Prompts: what a player is offered now, after tree-shaking and skipping, serializable
//! for any client.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::pieces::player::PlayerIndex;

/// Everything a player may do now: one entry per available action.
///
/// Serialized as JSON like
/// `{"player":0,"actions":[{"action":"play_card","prompt":"Play a card","selection":{...}}]}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Prompt {
    /// The player prompted.
    pub player: PlayerIndex,
    /// The available actions, in the order the game declares them. Empty when the player
    /// has nothing to do.
    pub actions: Vec<ActionPrompt>,
}

impl Prompt {
    /// The single completion of this prompt when it is forced: one action, every selection
    /// made for the player by skipping, nothing to confirm.
    #[must_use]
    pub fn forced(&self) -> Option<&ActionPrompt> {
        match self.actions.as_slice() {
            [only]
                if only.selection.is_none()
                    && only.confirm.is_none()
                    && only.chosen.iter().all(|choice| choice.preset) =>
            {
                Some(only)
            }
            _ => None,
        }
    }
}

/// One action in a prompt: its text, what is already chosen, and the next selection.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActionPrompt {
    /// The action's name, as submitted.
    pub action: String,
    /// The action's prompt text.
    pub prompt: String,
    /// The arguments the action was asked for with, when it is a follow-up with
    /// arguments (`{"most":3,"from":0}`): not chosen, shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub args: Option<Value>,
    /// A confirmation the client asks for before submitting, once every selection is made
    /// (`None` while one is still to make): `confirm`'s template, which may name them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirm: Option<String>,
    /// The selections already made, in order: by the player so far, or preset by skipping.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chosen: Vec<Choice>,
    /// The next selection to make; `None` when the action is complete and can be submitted.
    pub selection: Option<SelectionPrompt>,
}

impl ActionPrompt {
    /// The values chosen so far, as a submission's selections.
    #[must_use]
    pub fn chosen_selections(&self) -> serde_json::Map<String, Value> {
        self.chosen
            .iter()
            .map(|choice| (choice.selection.clone(), choice.value.clone()))
            .collect()
    }
}

/// A value chosen for a selection.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    /// The selection's name.
    pub selection: String,
    /// The value, as submitted.
    pub value: Value,
    /// The value as shown.
    pub label: String,
    /// Whether the engine made this choice because it was the only one (skipping).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub preset: bool,
}

/// The selection a player makes next.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SelectionPrompt {
    /// The selection's name, as submitted.
    pub name: String,
    /// The text shown with it: its own prompt, else the action's.
    pub prompt: String,
    /// What kind of value it takes, with its bounds.
    #[serde(flatten)]
    pub kind: SelectionKind,
    /// The options, in the game's order: viable ones and, in place, the ones refused by
    /// their validation (with `error`). Empty for text and wide number ranges.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<PromptOption>,
    /// Why nothing can be chosen, when the selection has no viable option (a set whose
    /// validation refuses every combination).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The kind of a selection and its bounds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SelectionKind {
    /// Pick between `min` and `max` of the options (exactly one when both are 1; the value
    /// is then the option itself, else an array of options).
    ChooseFrom {
        /// The fewest options to pick.
        min: usize,
        /// The most options to pick.
        max: usize,
    },
    /// As [`ChooseFrom`](Self::ChooseFrom), among components or spaces of the board: a
    /// client shows the options on the board and lets the player pick them there.
    ChooseOnBoard {
        /// The fewest options to pick.
        min: usize,
        /// The most options to pick.
        max: usize,
    },
    /// Where to put a piece: one of the options, each a [`Placement`](crate::Placement)
    /// (a space and a rotation), of a piece that has `rotations` orientations.
    PlacePiece {
        /// How many orientations the piece has (1: it is not rotated).
        rotations: usize,
    },
    /// An integer in `min..=max`: the smallest and largest values that lead to a valid
    /// completion (values between them may still be refused).
    ChooseNumber {
        /// Smallest viable value.
        min: i64,
        /// Largest viable value.
        max: i64,
        /// The value a client preselects, when the game gives one
        /// (`#[choose_number(initial = ..)]`, after Boardzilla's `initial`): always a
        /// viable value; without it, clients start from `min`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        initial: Option<i64>,
    },
    /// Free text, checked by its validation on submission.
    EnterText,
    /// Several selections shown together and checked together (a group): the player
    /// makes them all, then submits. Each is submitted under its own name.
    ChooseGroup {
        /// The selections of the group, in order.
        selections: Vec<SelectionPrompt>,
    },
}

impl SelectionKind {
    /// Whether a single option is picked (the value is the option, not an array).
    #[must_use]
    pub fn is_single_choice(&self) -> bool {
        self.choice_bounds() == Some((1, 1))
    }

    /// The fewest and most options to pick, for a choice among options (on the board or
    /// not); `None` for numbers and text.
    #[must_use]
    pub fn choice_bounds(&self) -> Option<(usize, usize)> {
        match *self {
            SelectionKind::ChooseFrom { min, max } | SelectionKind::ChooseOnBoard { min, max } => {
                Some((min, max))
            }
            SelectionKind::PlacePiece { .. } => Some((1, 1)),
            SelectionKind::ChooseNumber { .. }
            | SelectionKind::EnterText
            | SelectionKind::ChooseGroup { .. } => None,
        }
    }
}

/// An option of a selection.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PromptOption {
    /// The value, as submitted.
    pub value: Value,
    /// The value as shown.
    pub label: String,
    /// Why the game refuses this option; the option is then shown but cannot be picked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The choices of the following selections that come with this option when a
    /// selection with `skip_if = "always"` is folded into the next one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub then: Vec<Choice>,
}
