//! The string formats MCP elicitation forms carry (`email`, `uri`, `date`,
//! `date-time`): the checkers live in the `toolform-formats` crate, which the
//! derive shares to check `#[elicit(default = ..)]` literals at compile time.

pub use toolform_formats::Format;
