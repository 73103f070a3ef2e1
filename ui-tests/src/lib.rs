//! Compile-fail and must-compile tests of `#[derive(toolform::ToolSchema)]`
//! and `#[derive(toolform::ElicitForm)]`, run with trybuild from
//! `tests/ui.rs`. This library is empty on purpose.
//!
//! `tests/fail/*.rs` (ToolSchema) and `tests/elicit_fail/*.rs` (ElicitForm)
//! each hold one mistake; the `.stderr` next to each is the
//! diagnostic a user sees. Regenerate them with
//! `TRYBUILD=overwrite cargo test -p toolform-ui-tests` and read the diff.
//! `tests/pass/*.rs` and `tests/elicit_pass/*.rs` must compile and run.
