//! The runtime of `choose_number`: the number types it takes and the scan of a range for
//! the prompt (every value of a narrow range, the viable bounds of a wide one).

use serde_json::Value;

use crate::rules::action::{OptionState, SelectionState, Skip};
use crate::seen::prompt::SelectionKind;

/// The number types `choose_number` accepts, seen as `i64` in prompts.
pub trait Number: Copy + PartialOrd {
    /// The value as `i64` (saturating for `u64`/`usize` above `i64::MAX`).
    fn to_i64(self) -> i64;
    /// The value of `i64` in this type, if it fits.
    fn from_i64(value: i64) -> Option<Self>;
}

macro_rules! number {
    ($($ty:ty),*) => {$(
        impl Number for $ty {
            fn to_i64(self) -> i64 {
                i64::try_from(self).unwrap_or(i64::MAX)
            }
            fn from_i64(value: i64) -> Option<Self> {
                <$ty>::try_from(value).ok()
            }
        }
    )*};
}
number!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

/// Ranges of at most this many values are listed as options in prompts, with each value's
/// validation error; wider ones are offered as bounds.
pub const LISTED_NUMBERS: i64 = 20;

/// The selection state of a number range `low..=high`. `probe(v)` says whether `v` passes
/// its validation (`None` if not) and, if so, whether a completion follows it; `explain(v)`
/// gives the validation's text for a refused value, asked only when it is shown.
///
/// Narrow ranges list every value; wide ones are scanned from each end for the first viable
/// value only, so a range of any width costs as much as its non-viable edges.
pub fn number_selection(
    name: &'static str,
    prompt: Option<String>,
    skip: Skip,
    low: i64,
    high: i64,
    mut probe: impl FnMut(i64) -> Option<bool>,
    mut explain: impl FnMut(i64) -> Option<String>,
) -> SelectionState {
    let mut state = SelectionState {
        name,
        prompt,
        skip,
        kind: SelectionKind::ChooseNumber {
            min: low,
            max: high,
        },
        options: Vec::new(),
        error: None,
        viable: false,
        group: None,
    };
    if high < low {
        return state;
    }
    if high - low < LISTED_NUMBERS {
        let (mut first, mut last) = (None, None);
        for value in low..=high {
            match probe(value) {
                Some(false) => {}
                Some(true) => {
                    first.get_or_insert(value);
                    last = Some(value);
                    state.options.push(OptionState {
                        value: Value::from(value),
                        label: value.to_string(),
                        error: None,
                        viable: true,
                    });
                }
                None => state.options.push(OptionState {
                    value: Value::from(value),
                    label: value.to_string(),
                    error: Some(explain(value).unwrap_or_else(|| "not allowed".to_owned())),
                    viable: false,
                }),
            }
        }
        if let (Some(min), Some(max)) = (first, last) {
            state.kind = SelectionKind::ChooseNumber { min, max };
            state.viable = true;
        }
        return state;
    }
    let mut first_refused = None;
    let mut scan = |value: i64| match probe(value) {
        Some(viable) => viable,
        None => {
            first_refused.get_or_insert(value);
            false
        }
    };
    match (low..=high).find(|&value| scan(value)) {
        Some(min) => {
            let max = (min..=high).rev().find(|&value| scan(value)).unwrap_or(min);
            state.kind = SelectionKind::ChooseNumber { min, max };
            state.viable = true;
        }
        // Only a validation's refusal explains an empty range; without one, the action
        // has no completion and is not offered.
        None => state.error = first_refused.and_then(explain),
    }
    state
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_ranges_are_bounds_found_from_each_end() {
        let mut probes = 0;
        let state = number_selection(
            "n",
            None,
            Skip::OnlyOne,
            0,
            1_000_000_000,
            |value| {
                probes += 1;
                Some(value % 7 == 3)
            },
            |_| None,
        );
        assert_eq!(
            state.kind,
            SelectionKind::ChooseNumber {
                min: 3,
                max: 999_999_997
            }
        );
        assert!(probes < 20, "{probes} probes");
    }
}
