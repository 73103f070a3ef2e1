//! The derives' diagnostics, as a user sees them.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/fail/*.rs");
    t.pass("tests/pass/*.rs");
    t.compile_fail("tests/elicit_fail/*.rs");
    t.pass("tests/elicit_pass/*.rs");
}
