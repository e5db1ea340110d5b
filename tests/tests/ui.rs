//! The compile-fail suite of the derive macros: one case per diagnostic in `ui/`, each
//! with the compiler's output in its `.stderr`, and compile-pass cases in `ui/pass/`.
//!
//! Regenerate the `.stderr` files with `TRYBUILD=overwrite cargo test -p meeple-tests
//! --test ui`, then read every one: the span must point at the author's tokens and the
//! message must say what to do instead. The output is pinned to the workspace's rustc.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui/*.rs");
    cases.pass("ui/pass/*.rs");
}
