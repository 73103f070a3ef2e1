//! `toolform::args` (runtime/src/args): tool arguments read and validated, every violation
//! named.

mod input;
// Its `run` serves derive/items.rs too.
pub(crate) mod parse;
mod trust;
