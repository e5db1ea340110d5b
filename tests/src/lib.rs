//! Test suites of meeple: see `tests/`.
