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

/// The set at position `*index` in [`any_subset`]'s order (without `must`): sizes from
/// `min` up, each size in lexicographic order of its indices. Returns its indices, in
/// increasing order; when `*index` is past the last set, subtracts their count from it and
/// returns `None`, so a caller can go on counting in what follows.
pub fn nth_subset(
    n: usize,
    min: usize,
    max: usize,
    index: &mut u64,
) -> Option<SmallVec<[usize; 8]>> {
    for size in min..=max.min(n) {
        let count = binomial(n, size);
        if *index >= count {
            *index -= count;
            continue;
        }
        // Unrank: each member is the smallest index whose sets still reach the rank left.
        // The rank is kept in a local: through `index` it would be read again after every
        // push, which might have written it.
        let mut rank = *index;
        *index = 0;
        let mut indices = Indices::with_capacity(size);
        let mut next = 0;
        for position in 0..size {
            loop {
                let with_next = binomial(n - next - 1, size - position - 1);
                if rank < with_next {
                    break;
                }
                rank -= with_next;
                next += 1;
            }
            indices.push(next);
            next += 1;
        }
        return Some(indices);
    }
    None
}

/// The items of `candidates` at `indices` (increasing), in their order, collected into
/// the selection's set type.
pub fn pick<T, C: FromIterator<T>>(
    candidates: impl IntoIterator<Item = T>,
    indices: &[usize],
) -> C {
    let mut wanted = indices.iter().copied().peekable();
    candidates
        .into_iter()
        .enumerate()
        .filter_map(|(at, item)| {
            (wanted.peek() == Some(&at)).then(|| {
                wanted.next();
                item
            })
        })
        .collect()
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
/// # Errors
/// The reason as text: a wrong count, a value not among the candidates, or a repeat.
pub fn match_subset<T: PartialEq>(
    chosen: &[T],
    candidates: &[T],
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
    // The candidates taken so far, as bits while they fit in a word (a hand of cards).
    let mut used = Used::new(candidates.len());
    for (position, value) in chosen.iter().enumerate() {
        match candidates
            .iter()
            .enumerate()
            .position(|(i, candidate)| !used.has(i) && candidate == value)
        {
            Some(i) => used.take(i),
            None if candidates.contains(value) => {
                return Err(format!("value #{} is chosen twice", position + 1));
            }
            None => return Err(format!("value #{} is not an option", position + 1)),
        }
    }
    Ok(())
}

/// Which candidates a submitted set has taken: bits of a word for up to 64 candidates,
/// else one flag each.
enum Used {
    Bits(u64),
    Flags(Vec<bool>),
}

impl Used {
    fn new(candidates: usize) -> Used {
        if candidates <= 64 {
            Used::Bits(0)
        } else {
            Used::Flags(vec![false; candidates])
        }
    }

    fn has(&self, i: usize) -> bool {
        match self {
            Used::Bits(bits) => bits & (1 << i) != 0,
            Used::Flags(flags) => flags[i],
        }
    }

    fn take(&mut self, i: usize) {
        match self {
            Used::Bits(bits) => *bits |= 1 << i,
            Used::Flags(flags) => flags[i] = true,
        }
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
                        let found = nth_subset(n, min, max, &mut index).map(|set| set.to_vec());
                        assert_eq!(found.as_ref(), Some(expected), "{n} {min} {max} #{rank}");
                    }
                    let mut past = seen.len() as u64 + 3;
                    assert_eq!(nth_subset(n, min, max, &mut past), None);
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
    fn picked_items_keep_their_order() {
        let picked: Vec<char> = pick("abcdef".chars(), &[1, 3, 4]);
        assert_eq!(picked, vec!['b', 'd', 'e']);
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
        assert_eq!(match_subset(&[1, 2], &[1, 2, 3], 2, 2), Ok(()));
        assert_eq!(
            match_subset(&[1, 1], &[1, 2, 3], 2, 2),
            Err("value #2 is chosen twice".to_owned())
        );
        assert_eq!(
            match_subset(&[4, 1], &[1, 2, 3], 2, 2),
            Err("value #1 is not an option".to_owned())
        );
        assert_eq!(
            match_subset(&[1], &[1, 2, 3], 2, 2),
            Err("choose exactly 2, not 1".to_owned())
        );
        // Past 64 candidates, and a candidate listed twice taken twice.
        let many: Vec<u32> = (0..100).chain([99]).collect();
        assert_eq!(match_subset(&[70, 99, 99], &many, 1, 3), Ok(()));
        assert_eq!(
            match_subset(&[70, 64, 70], &many, 1, 3),
            Err("value #3 is chosen twice".to_owned())
        );
    }
}
