//! The runtime of a choice of one value among options (`choose_from`, `choose_on_board`,
//! `place_piece`): the valid values a selection names with `valid = <set>` ([`ValidSet`]),
//! and debug builds' check of them. Walking the options themselves is the generated code's own
//! `for` loop; `place_piece`'s options come from [`placements`](crate::placements).

use std::marker::PhantomData;

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

    /// The set as the bits of one word, when it is one (a bit set of at most 64 values):
    /// the engine then keeps the set it counted at a decision, and draws and checks that
    /// decision's values from it instead of computing the set again. `None`, the default,
    /// keeps nothing.
    fn to_bits(&self) -> Option<u64> {
        None
    }

    /// The set whose [`to_bits`](Self::to_bits) gave `bits`, or `None` (the default) for
    /// a set that is not kept as bits.
    fn from_bits(bits: u64) -> Option<Self>
    where
        Self: Sized,
    {
        let _ = bits;
        None
    }
}

/// The valid set of a selection, computed by its closure or taken from what the engine
/// kept of the decision: a probe for autoref specialization ([`KeepsBits`], else
/// [`KeepsNothing`]), so that a set that is not a [`ValidSet`] keeps nothing here and its
/// error is reported once, where the selection's check asks for membership.
pub struct KeptValid<T, F>(F, PhantomData<fn() -> T>);

/// The probe of a selection's valid set `valid` (a closure computing it), for values `T`.
pub fn kept_valid<T, S, F: Fn() -> S>(valid: F) -> KeptValid<T, F> {
    KeptValid(valid, PhantomData)
}

/// What a `KeptValid` probe does for a [`ValidSet`]: keeps it as bits when it is bits.
pub trait KeepsBits<T, S> {
    /// The set, and its bits when it is kept as bits.
    fn keeping(&self) -> (S, Option<u64>);
    /// The set kept as `kept`, or computed again when it is not kept as bits.
    fn kept_set(&self, kept: u64) -> S;
    /// Whether `value` is in the set kept as `kept`: `None` when nothing can say at once.
    fn admits_kept(&self, kept: u64, value: &T) -> Option<bool>;
}

impl<T, S: ValidSet<T>, F: Fn() -> S> KeepsBits<T, S> for KeptValid<T, F> {
    fn keeping(&self) -> (S, Option<u64>) {
        let set = (self.0)();
        let bits = set.to_bits();
        (set, bits)
    }

    fn kept_set(&self, kept: u64) -> S {
        S::from_bits(kept).unwrap_or_else(&self.0)
    }

    fn admits_kept(&self, kept: u64, value: &T) -> Option<bool> {
        Some(self.kept_set(kept).contains(value))
    }
}

/// What a `KeptValid` probe does for anything else: keeps nothing.
pub trait KeepsNothing<T, S> {
    /// The set, and no bits.
    fn keeping(&self) -> (S, Option<u64>);
    /// The set, computed again.
    fn kept_set(&self, kept: u64) -> S;
    /// `None`: the full check decides.
    fn admits_kept(&self, kept: u64, value: &T) -> Option<bool>;
}

impl<T, S, F: Fn() -> S> KeepsNothing<T, S> for &KeptValid<T, F> {
    fn keeping(&self) -> (S, Option<u64>) {
        ((self.0)(), None)
    }

    fn kept_set(&self, _kept: u64) -> S {
        (self.0)()
    }

    fn admits_kept(&self, _kept: u64, _value: &T) -> Option<bool> {
        None
    }
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

#[cfg(test)]
mod tests {
    use super::{KeepsBits as _, KeepsNothing as _, ValidSet, kept_valid};
    use std::cell::Cell;

    /// Numbers below 64 as the bits of a word, kept by the engine.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Small(u64);

    impl IntoIterator for Small {
        type Item = u32;
        type IntoIter = std::vec::IntoIter<u32>;

        fn into_iter(self) -> Self::IntoIter {
            (0..64)
                .filter(|n| self.0 & (1 << n) != 0)
                .collect::<Vec<_>>()
                .into_iter()
        }
    }

    impl ValidSet<u32> for Small {
        fn contains(&self, value: &u32) -> bool {
            *value < 64 && self.0 & (1 << value) != 0
        }

        fn to_bits(&self) -> Option<u64> {
            Some(self.0)
        }

        fn from_bits(bits: u64) -> Option<Self> {
            Some(Small(bits))
        }
    }

    #[test]
    #[expect(
        clippy::needless_borrow,
        reason = "autoref specialization: the borrow is what chooses the impl"
    )]
    fn a_set_of_bits_is_kept_and_any_other_set_is_computed_again() {
        let computed = Cell::new(0);
        let small = |bits| {
            computed.set(computed.get() + 1);
            Small(bits)
        };
        assert_eq!(
            (&kept_valid::<u32, _, _>(|| small(0b1010))).keeping(),
            (Small(0b1010), Some(0b1010))
        );
        assert_eq!(computed.get(), 1);
        // Drawn and checked from the kept bits, without computing the set again.
        assert_eq!(
            (&kept_valid::<u32, _, _>(|| small(0))).kept_set(0b0110),
            Small(0b0110)
        );
        let probe = kept_valid::<u32, _, _>(|| small(0));
        assert_eq!((&probe).admits_kept(0b0100, &2), Some(true));
        assert_eq!((&probe).admits_kept(0b0100, &3), Some(false));
        assert_eq!(computed.get(), 1);
        // A set that is not bits keeps nothing: it is computed again.
        let listed = || vec![1_u32, 3];
        assert_eq!(
            (&kept_valid::<u32, _, _>(listed)).keeping(),
            (vec![1, 3], None)
        );
        assert_eq!(
            (&kept_valid::<u32, _, _>(listed)).kept_set(0b0110),
            vec![1, 3]
        );
        assert_eq!(
            (&kept_valid::<u32, _, _>(listed)).admits_kept(0, &3),
            Some(true)
        );
        // Something that is no set at all keeps nothing and says nothing: its error is the
        // selection check's.
        assert_eq!((&kept_valid::<u32, _, _>(|| 7_u8)).admits_kept(1, &1), None);
        assert_eq!((&kept_valid::<u32, _, _>(|| 7_u8)).keeping(), (7, None));
    }
}
