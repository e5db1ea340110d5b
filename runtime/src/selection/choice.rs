//! The runtime of a choice of one value among options (`choose_from`, `choose_on_board`,
//! `place_piece`): the valid values a selection names with `valid = <set>` ([`ValidSet`]),
//! and debug builds' check of them. Walking the options themselves is the generated code's own
//! `for` loop; `place_piece`'s options come from [`placements`](crate::placements).

/// The valid values of a choice named at once by `valid = <set>`: the set a game computes
/// with its own representation (Hearts' legal cards as a bit set), which the engine counts,
/// ranks and asks for membership instead of asking `validate` of each option.
///
/// Iterating it gives the valid values in option order; its iterator knows its length
/// (`ExactSizeIterator`), so a count is its length and the `n`-th completion its `n`-th
/// value. [`contains`](Self::contains) answers whether a submitted value is valid, so
/// checking a submission costs one membership test instead of a scan of the options and a
/// validation (after the "valid options as a set" decision of issue 10, in
/// `docs/PERFORMANCE.md`). Implemented for `Vec<T>`, arrays and `BTreeSet<T>` (a linear or
/// logarithmic search); a game's own set type implements it with its own test (a bit test).
///
/// A `valid` set must hold exactly the options `validate` accepts, in option order: debug
/// builds check it at every use.
#[diagnostic::on_unimplemented(
    message = "`valid = <set>` needs a set of `{T}` that says whether a value is in it, not `{Self}`",
    label = "not a `ValidSet<{T}>`",
    note = "a `Vec`, an array or a `BTreeSet` of the values, or a set type implementing `meeple::ValidSet<{T}>`"
)]
pub trait ValidSet<T>: IntoIterator<Item = T> {
    /// Whether `value` is in the set: `true` exactly when iterating the set would give it.
    fn contains(&self, value: &T) -> bool;
}

impl<T: PartialEq> ValidSet<T> for Vec<T> {
    fn contains(&self, value: &T) -> bool {
        self.as_slice().contains(value)
    }
}

impl<T: PartialEq, const N: usize> ValidSet<T> for [T; N] {
    fn contains(&self, value: &T) -> bool {
        self.as_slice().contains(value)
    }
}

impl<T: Ord> ValidSet<T> for std::collections::BTreeSet<T> {
    fn contains(&self, value: &T) -> bool {
        std::collections::BTreeSet::contains(self, value)
    }
}

/// The valid values of a selection named by `valid = <set>`, as an iterator of the field's
/// type `T` that knows its length: its count is [`ExactSizeIterator::len`] and its `n`-th
/// value [`Iterator::nth`] (a bit select for a set of bits).
pub fn valid_options<T, I>(set: I) -> I::IntoIter
where
    I: IntoIterator<Item = T>,
    I::IntoIter: ExactSizeIterator,
{
    set.into_iter()
}

/// Debug builds' check of a `valid = <set>`: it must hold exactly the options `validate`
/// accepts, in option order, since walks take the set and prompts ask `validate`.
///
/// # Panics
/// When they differ, naming the selection and both lists: a bug of the game's `valid`.
pub fn check_valid_options<T: PartialEq + std::fmt::Debug>(
    selection: &str,
    valid: impl Iterator<Item = T>,
    accepted: impl Iterator<Item = T>,
) {
    let (valid, accepted): (Vec<T>, Vec<T>) = (valid.collect(), accepted.collect());
    assert!(
        valid == accepted,
        "`valid` of selection `{selection}` gives {valid:?}, but `validate` accepts {accepted:?}"
    );
}
