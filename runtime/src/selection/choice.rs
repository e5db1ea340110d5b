//! The runtime of a choice of one value among options (`choose_from`, `choose_on_board`,
//! `place_piece`): the valid values a selection names with `valid = <set>`, and debug
//! builds' check of them. Walking the options themselves is the generated code's own
//! `for` loop; `place_piece`'s options come from [`placements`](crate::placements).

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
