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

/// The range of a `choose_number` as written: `low..=high`, and the value the author wants
/// a client to preselect (`initial = ..`), all as `i64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberRange {
    /// The smallest number written.
    pub low: i64,
    /// The largest number written.
    pub high: i64,
    /// The number to preselect, if the author gave one.
    pub initial: Option<i64>,
}

/// The selection state of a number range `low..=high`. `probe(v)` says whether `v` passes
/// its validation (`None` if not) and, if so, whether a completion follows it; `explain(v)`
/// gives the validation's text for a refused value, asked only when it is shown.
///
/// Narrow ranges list every value; wide ones are scanned from each end for the first viable
/// value only, so a range of any width costs as much as its non-viable edges.
///
/// The `initial` value shown is the author's moved to a viable one: in a listed range the
/// first viable value from it upwards, else the last below it; in a wide range the author's
/// clamped to the viable bounds when it is viable there, else the smallest viable value.
pub fn number_selection(
    name: &'static str,
    prompt: Option<String>,
    skip: Skip,
    range: NumberRange,
    mut probe: impl FnMut(i64) -> Option<bool>,
    mut explain: impl FnMut(i64) -> Option<String>,
) -> SelectionState {
    let NumberRange { low, high, initial } = range;
    let mut state = SelectionState {
        name,
        prompt,
        skip,
        kind: SelectionKind::ChooseNumber {
            min: low,
            max: high,
            initial: None,
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
            let viable = state.options.iter().filter(|option| option.viable);
            let values = viable.filter_map(|option| option.value.as_i64());
            let initial = initial.map(|wanted| {
                let mut below = min;
                for value in values {
                    if value >= wanted {
                        return value;
                    }
                    below = value;
                }
                below
            });
            state.kind = SelectionKind::ChooseNumber { min, max, initial };
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
            let initial = initial.map(|wanted| {
                let clamped = wanted.clamp(min, max);
                if scan(clamped) { clamped } else { min }
            });
            state.kind = SelectionKind::ChooseNumber { min, max, initial };
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
            NumberRange {
                low: 0,
                high: 1_000_000_000,
                initial: None,
            },
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
                max: 999_999_997,
                initial: None,
            }
        );
        assert!(probes < 20, "{probes} probes");
    }

    /// Every third value from 0 viable; the state's kind for `initial`.
    fn initial_of(high: i64, initial: i64) -> SelectionKind {
        number_selection(
            "n",
            None,
            Skip::OnlyOne,
            NumberRange {
                low: 0,
                high,
                initial: Some(initial),
            },
            |value| Some(value % 3 == 0),
            |_| None,
        )
        .kind
    }

    #[test]
    fn the_initial_value_moves_to_a_viable_one() {
        let listed = |min, max, initial| SelectionKind::ChooseNumber {
            min,
            max,
            initial: Some(initial),
        };
        // Listed (0..=10): up to the next viable value, else down to the last.
        assert_eq!(initial_of(10, 4), listed(0, 9, 6));
        assert_eq!(initial_of(10, 6), listed(0, 9, 6));
        assert_eq!(initial_of(10, 10), listed(0, 9, 9));
        assert_eq!(initial_of(10, -5), listed(0, 9, 0));
        // Wide: clamped, kept when viable, else the smallest viable value.
        assert_eq!(initial_of(1000, 300), listed(0, 999, 300));
        assert_eq!(initial_of(1000, 301), listed(0, 999, 0));
        assert_eq!(initial_of(1000, 5000), listed(0, 999, 999));
    }
}
