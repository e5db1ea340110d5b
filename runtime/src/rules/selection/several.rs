//! The runtime of a choice of several values (`choose_from` or `choose_on_board` with
//! `count`, or `min` and `max`): the lazy search over subsets of the options, counting and
//! ranking them without building them, and matching a submitted set to the options.
//!
//! Nothing here allocates for sets of up to sixteen options (a hand of cards):
//! the options, a set's indices and a submitted set's values stay on the stack.

use smallvec::SmallVec;

/// How many options a multi-selection keeps on the stack before its walks allocate: a
/// hand of thirteen cards, a row of a board.
const INLINE_ITEMS: usize = 16;

/// The options of a multi-selection, or the values of a submitted set: inline up to
/// sixteen, so that a walk over a hand's subsets does not allocate.
pub type Items<T> = SmallVec<[T; INLINE_ITEMS]>;

/// The indices of one set of options, inline up to eight members.
type Indices = SmallVec<[usize; 8]>;

/// Calls `visit` with the indices of every subset of `0..n` whose size is in
/// `min..=max`, smallest sizes first and in lexicographic order within a size, keeping
/// only subsets that contain `must` when given; stops at the first `visit` returning
/// true and returns whether one did. Lazy: it never builds the list of subsets.
pub fn any_subset(
    n: usize,
    min: usize,
    max: usize,
    must: Option<usize>,
    mut visit: impl FnMut(&[usize]) -> bool,
) -> bool {
    let mut indices = Indices::new();
    for size in min..=max.min(n) {
        indices.clear();
        indices.extend(0..size);
        loop {
            if must.is_none_or(|must| indices.contains(&must)) && visit(&indices) {
                return true;
            }
            // Next combination of `size` indices out of `n`, lexicographically.
            let Some(position) = (0..size).rev().find(|&i| indices[i] != i + n - size) else {
                break;
            };
            indices[position] += 1;
            for i in position + 1..size {
                indices[i] = indices[i - 1] + 1;
            }
        }
    }
    false
}

/// How many sets [`any_subset`] visits without `must`: the subsets of `n` indices of
/// `min..=max` members, `sum C(n, size)`, saturating at `u64::MAX`.
pub fn subset_count(n: usize, min: usize, max: usize) -> u64 {
    (min..=max.min(n)).fold(0_u64, |total, size| total.saturating_add(binomial(n, size)))
}

/// The rows of Pascal's triangle kept at hand: `C(n, k)` for `n` below this is a lookup,
/// as ranking a set asks for a binomial at every step of its search.
const PASCAL_ROWS: usize = 34;

/// `C(n, k)` for `k <= n < PASCAL_ROWS`, built at compile time (`C(33, 16)` fits in `u64`).
const PASCAL: [[u64; PASCAL_ROWS]; PASCAL_ROWS] = {
    let mut table = [[0; PASCAL_ROWS]; PASCAL_ROWS];
    let mut n = 0;
    while n < PASCAL_ROWS {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
};

/// `C(n, k)`, saturating at `u64::MAX`.
#[inline]
fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    if n < PASCAL_ROWS {
        return PASCAL[n][k];
    }
    let k = k.min(n - k);
    let mut value: u64 = 1;
    for i in 0..k {
        // Exact at every step: the product of `i + 1` consecutive integers is divisible by
        // `(i + 1)!`. In `u64` while it fits (the common case, and cheaper), else in `u128`.
        let (factor, divisor) = ((n - i) as u64, (i + 1) as u64);
        value = match value.checked_mul(factor) {
            Some(product) => product / divisor,
            None => {
                let wide = u128::from(value) * u128::from(factor) / u128::from(divisor);
                match u64::try_from(wide) {
                    Ok(value) => value,
                    Err(_) => return u64::MAX,
                }
            }
        };
    }
    value
}

/// The set at position `*index` in [`any_subset`]'s order (without `must`) over the `n`
/// `candidates` (sizes from `min` up, each size in lexicographic order of its indices),
/// collected into the selection's set type in the candidates' order. When `*index` is past
/// the last set, subtracts their count from it and returns `None`, so a caller can go on
/// counting in what follows.
///
/// One walk over the candidates, deciding each in turn (unranking in the combinatorial
/// number system), with no list of indices: a hand's pass is drawn as it is read.
/// `candidates` should yield `n` items; a shorter walk gives a shorter set, and items past
/// the `n`-th are never taken.
pub fn nth_subset<T, C: FromIterator<T>>(
    candidates: impl IntoIterator<Item = T>,
    n: usize,
    min: usize,
    max: usize,
    index: &mut u64,
) -> Option<C> {
    for size in min..=max.min(n) {
        let count = binomial(n, size);
        if *index >= count {
            *index -= count;
            continue;
        }
        // A candidate is taken when the rank left is below the number of sets that take
        // it (those choosing the rest among the candidates after it); else those sets are
        // passed over.
        let mut rank = *index;
        *index = 0;
        let (mut left, mut after) = (size, n);
        let set = candidates
            .into_iter()
            .take(n)
            .filter(|_| {
                // `left` is at least 1 here: `take(size)` asks no more once the set is full.
                after -= 1;
                let taking = binomial(after, left - 1);
                if rank < taking {
                    left -= 1;
                    true
                } else {
                    rank -= taking;
                    false
                }
            })
            .take(size)
            .collect();
        return Some(set);
    }
    None
}

/// As [`any_subset`], for a selection whose sets must stay `within` a bound that every
/// part of an acceptable set keeps (a budget, a maximum sum): a depth-first search over
/// increasing indices that drops a branch as soon as its set is not within, so a bound that
/// refuses most sets costs as many checks as the sets it lets grow, not `2^n`. Sets come in
/// lexicographic order of their indices.
pub fn any_subset_within(
    n: usize,
    min: usize,
    max: usize,
    must: Option<usize>,
    mut within: impl FnMut(&[usize]) -> bool,
    mut visit: impl FnMut(&[usize]) -> bool,
) -> bool {
    fn grow(
        indices: &mut Indices,
        from: usize,
        (n, min, max, must): (usize, usize, usize, Option<usize>),
        within: &mut dyn FnMut(&[usize]) -> bool,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        let holds_must = must.is_none_or(|must| indices.contains(&must));
        if indices.len() >= min && holds_must && visit(indices) {
            return true;
        }
        if indices.len() == max {
            return false;
        }
        for next in from..n {
            // Past `must` without it, no set of this branch can hold it.
            if must.is_some_and(|must| !holds_must && next > must) {
                break;
            }
            indices.push(next);
            let found =
                within(indices) && grow(indices, next + 1, (n, min, max, must), within, visit);
            indices.pop();
            if found {
                return true;
            }
        }
        false
    }
    // A set holding `must` holds `{must}`: when that alone is not within, none is.
    if must.is_some_and(|must| must >= n || !within(&[must])) {
        return false;
    }
    let mut indices = Indices::new();
    grow(
        &mut indices,
        0,
        (n, min, max.min(n), must),
        &mut within,
        &mut visit,
    )
}

/// The values of a multi-selection's field (a `Vec`, or a set type named with `of`), in
/// the order it gives them.
pub fn items_of<T: Clone + IntoIterator>(value: &T) -> Items<T::Item> {
    value.clone().into_iter().collect()
}

/// Matches the values of a submitted multi-selection to distinct candidates.
///
/// One walk over the candidates, which are not collected: each is matched to the first
/// value it equals that no candidate matched yet, so a value listed `k` times needs `k`
/// equal candidates, and the walk stops once every value has one.
///
/// # Errors
/// The reason as text, for the first value in the set's order that has no candidate of
/// its own: a wrong count, a value not among the candidates, or a repeat.
pub fn match_subset<T: PartialEq>(
    chosen: &[T],
    candidates: impl IntoIterator<Item = T>,
    min: usize,
    max: usize,
) -> Result<(), String> {
    if chosen.len() < min || chosen.len() > max {
        return Err(if min == max {
            format!("choose exactly {min}, not {}", chosen.len())
        } else {
            format!("choose {min} to {max}, not {}", chosen.len())
        });
    }
    // Marks in a word for a set of up to 64 values (every hand of cards): the walk then
    // keeps them in registers.
    if chosen.len() <= 64 {
        match_values(chosen, candidates, 0_u64)
    } else {
        match_values(chosen, candidates, vec![false; chosen.len()])
    }
}

/// [`match_subset`]'s walk once the count is right, with `unmatched` (no value marked) for
/// the kind of marks it keeps.
fn match_values<T: PartialEq, M: Marks>(
    chosen: &[T],
    candidates: impl IntoIterator<Item = T>,
    unmatched: M,
) -> Result<(), String> {
    let mut matched = unmatched;
    let mut left = chosen.len();
    for candidate in candidates {
        if left == 0 {
            break;
        }
        if let Some(i) = (0..chosen.len()).find(|&i| !matched.has(i) && chosen[i] == candidate) {
            matched.mark(i);
            left -= 1;
        }
    }
    let Some(i) = (0..chosen.len()).find(|&i| !matched.has(i)) else {
        return Ok(());
    };
    // A value left without a candidate equals one of them exactly when it equals a value
    // that got one: that candidate went to the value listed first.
    if (0..i).any(|j| matched.has(j) && chosen[j] == chosen[i]) {
        Err(format!("value #{} is chosen twice", i + 1))
    } else {
        Err(format!("value #{} is not an option", i + 1))
    }
}

/// Which values of a submitted set are marked (matched to a candidate, or equal to one),
/// by their position in the set.
trait Marks {
    fn has(&self, i: usize) -> bool;
    fn mark(&mut self, i: usize);
}

/// The bits of a word, for up to 64 values.
impl Marks for u64 {
    fn has(&self, i: usize) -> bool {
        self & (1 << i) != 0
    }

    fn mark(&mut self, i: usize) {
        *self |= 1 << i;
    }
}

/// One flag per value, past 64.
impl Marks for Vec<bool> {
    fn has(&self, i: usize) -> bool {
        self[i]
    }

    fn mark(&mut self, i: usize) {
        self[i] = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_come_smallest_first_in_order() {
        let mut seen = Vec::new();
        any_subset(4, 1, 2, None, |set| {
            seen.push(set.to_vec());
            false
        });
        assert_eq!(
            seen,
            vec![
                vec![0],
                vec![1],
                vec![2],
                vec![3],
                vec![0, 1],
                vec![0, 2],
                vec![0, 3],
                vec![1, 2],
                vec![1, 3],
                vec![2, 3]
            ]
        );
    }

    #[test]
    fn subsets_are_counted_and_ranked_in_the_order_they_are_visited() {
        for n in 0..=9 {
            for min in 0..=n + 1 {
                for max in min..=n + 2 {
                    let mut seen = Vec::new();
                    any_subset(n, min, max, None, |set| {
                        seen.push(set.to_vec());
                        false
                    });
                    assert_eq!(
                        subset_count(n, min, max),
                        seen.len() as u64,
                        "{n} {min} {max}"
                    );
                    for (rank, expected) in (0_u64..).zip(&seen) {
                        let mut index = rank;
                        let found: Option<Vec<usize>> = nth_subset(0..n, n, min, max, &mut index);
                        assert_eq!(found.as_ref(), Some(expected), "{n} {min} {max} #{rank}");
                    }
                    let mut past = seen.len() as u64 + 3;
                    assert_eq!(
                        nth_subset::<_, Vec<usize>>(0..n, n, min, max, &mut past),
                        None
                    );
                    assert_eq!(past, 3, "the sets' count is taken off the index");
                }
            }
        }
    }

    #[test]
    fn the_table_of_binomials_agrees_with_the_product() {
        fn product(n: usize, k: usize) -> u64 {
            let k = k.min(n - k);
            (0..k).fold(1_u64, |value, i| value * (n - i) as u64 / (i + 1) as u64)
        }
        for n in 0..PASCAL_ROWS {
            for k in 0..=n {
                assert_eq!(binomial(n, k), product(n, k), "C({n}, {k})");
            }
            assert_eq!(binomial(n, n + 1), 0);
        }
        assert_eq!(binomial(34, 17), 2_333_606_220);
    }

    #[test]
    fn subset_counts_saturate_instead_of_overflowing() {
        assert_eq!(subset_count(52, 3, 3), 22_100);
        // The largest central binomials that fit, computed past a `u64` product.
        assert_eq!(subset_count(62, 31, 31), 465_428_353_255_261_088);
        assert_eq!(subset_count(66, 33, 33), 7_219_428_434_016_265_740);
        assert_eq!(subset_count(68, 34, 34), u64::MAX);
        assert_eq!(subset_count(64, 0, 64), u64::MAX);
        assert_eq!(subset_count(200, 100, 100), u64::MAX);
    }

    #[test]
    fn ranked_sets_are_picked_from_the_candidates_in_their_order() {
        // The sets of 3 among 6 from `a`: `{a, b, c}` is #0, `{a, b, d}` #1, `{d, e, f}` #19.
        let mut index = 1;
        let picked: Option<String> = nth_subset("abcdef".chars(), 6, 3, 3, &mut index);
        assert_eq!(picked.as_deref(), Some("abd"));
        let mut index = 19;
        let picked: Option<String> = nth_subset("abcdef".chars(), 6, 3, 3, &mut index);
        assert_eq!(picked.as_deref(), Some("def"));
        // Candidates past the `n` counted are never taken: the last set of one of three is
        // the third candidate, and there is none after it.
        let mut index = 2;
        let picked: Option<String> = nth_subset("abcdef".chars(), 3, 1, 1, &mut index);
        assert_eq!(picked.as_deref(), Some("c"));
        let mut index = 3;
        let picked: Option<String> = nth_subset("abcdef".chars(), 3, 1, 1, &mut index);
        assert_eq!((picked, index), (None, 0));
    }

    #[test]
    fn subsets_stop_at_the_first_accepted() {
        let mut visits = 0;
        assert!(any_subset(30, 3, 3, Some(29), |set| {
            visits += 1;
            set == [0, 1, 29]
        }));
        assert_eq!(visits, 1);
    }

    #[test]
    fn bounded_subsets_drop_branches_that_break_the_bound() {
        // 20 items of cost 1..=20 under a budget of 3: only {0}, {1}, {0,1} and {2} fit.
        let cost = |indices: &[usize]| indices.iter().map(|&i| i + 1).sum::<usize>();
        let (mut checks, mut seen) = (0, Vec::new());
        let found = any_subset_within(
            20,
            1,
            20,
            None,
            |indices| {
                checks += 1;
                cost(indices) <= 3
            },
            |indices| {
                seen.push(indices.to_vec());
                false
            },
        );
        assert!(!found);
        assert_eq!(seen, vec![vec![0], vec![0, 1], vec![1], vec![2]]);
        // At most one check per item for the empty set and each of the 4 sets that fit,
        // instead of one per subset (2^20).
        assert!(checks <= 20 * 5, "{checks} checks");
        // With an item that must be in the set.
        let mut with_two = Vec::new();
        any_subset_within(
            20,
            1,
            20,
            Some(1),
            |indices| cost(indices) <= 3,
            |indices| {
                with_two.push(indices.to_vec());
                false
            },
        );
        assert_eq!(with_two, vec![vec![0, 1], vec![1]]);
    }

    #[test]
    fn submitted_subsets_are_checked() {
        assert_eq!(match_subset(&[1, 2], [1, 2, 3], 2, 2), Ok(()));
        assert_eq!(
            match_subset(&[1, 1], [1, 2, 3], 2, 2),
            Err("value #2 is chosen twice".to_owned())
        );
        assert_eq!(
            match_subset(&[4, 1], [1, 2, 3], 2, 2),
            Err("value #1 is not an option".to_owned())
        );
        assert_eq!(
            match_subset(&[1], [1, 2, 3], 2, 2),
            Err("choose exactly 2, not 1".to_owned())
        );
        // Past 64 values and candidates, and a candidate listed twice taken twice.
        let many: Vec<u32> = (0..100).chain([99]).collect();
        assert_eq!(
            match_subset(&[70, 99, 99], many.iter().copied(), 1, 3),
            Ok(())
        );
        assert_eq!(
            match_subset(&[70, 64, 70], many.iter().copied(), 1, 3),
            Err("value #3 is chosen twice".to_owned())
        );
        let values: Vec<u32> = (0..70).chain([3]).collect();
        assert_eq!(
            match_subset(&values, many.iter().copied(), 0, 100),
            Err("value #71 is chosen twice".to_owned())
        );
    }

    /// The first value of `chosen` that takes no unused candidate, each value in turn
    /// taking the first equal one: how a set was matched before the walk over candidates.
    fn matched_in_turn(chosen: &[u8], candidates: &[u8]) -> Result<(), String> {
        let mut used = vec![false; candidates.len()];
        for (position, value) in chosen.iter().enumerate() {
            match (0..candidates.len()).find(|&i| !used[i] && candidates[i] == *value) {
                Some(i) => used[i] = true,
                None if candidates.contains(value) => {
                    return Err(format!("value #{} is chosen twice", position + 1));
                }
                None => return Err(format!("value #{} is not an option", position + 1)),
            }
        }
        Ok(())
    }

    #[test]
    fn a_set_is_matched_as_if_each_value_took_its_candidate_in_turn() {
        // Every sequence of up to 4 values among 0..4 against every candidate list of up
        // to 4 values among 0..3 (repeats included).
        fn sequences(length: usize, values: u8) -> Vec<Vec<u8>> {
            (0..=length)
                .flat_map(|length| {
                    let total = usize::from(values).pow(length as u32);
                    (0..total).map(move |mut code| {
                        (0..length)
                            .map(|_| {
                                let value = (code % usize::from(values)) as u8;
                                code /= usize::from(values);
                                value
                            })
                            .collect()
                    })
                })
                .collect()
        }
        let candidate_lists = sequences(4, 3);
        for chosen in sequences(4, 4) {
            for candidates in &candidate_lists {
                assert_eq!(
                    match_subset(&chosen, candidates.iter().copied(), 0, 4),
                    matched_in_turn(&chosen, candidates),
                    "{chosen:?} among {candidates:?}"
                );
            }
        }
    }
}
