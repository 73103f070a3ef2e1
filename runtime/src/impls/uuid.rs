//! `uuid::Uuid` (feature `uuid`).
//!
//! uuid reads four forms, hex digits in either case: hyphenated
//! (`67e55044-10b1-426f-9247-bb680e5fe0c8`), simple (32 hex digits), braced
//! (`{` hyphenated `}`) and URN (`urn:uuid:` in lower case, then hyphenated).
//! Nothing else: no surrounding whitespace, no braced simple form, no JSON
//! array of bytes. The input schema is a `pattern` for exactly these four
//! (`format: uuid` would refuse three of them).
//!
//! uuid writes the hyphenated form in lower case: the output schema is
//! `format: uuid` with a `pattern` for the lower case.

use crate::ToolSchema;
use crate::shape::{Shape, StringShape};

/// The hyphenated form, either case.
macro_rules! hyphenated {
    () => {
        "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"
    };
}

/// What `Uuid::parse_str` accepts.
const UUID_INPUT: &str = concat!(
    "^([0-9A-Fa-f]{32}|(urn:uuid:)?",
    hyphenated!(),
    r"|\{",
    hyphenated!(),
    r"\})$"
);
/// What uuid writes.
const UUID_OUTPUT: &str = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

impl ToolSchema for uuid::Uuid {
    const SHAPE: &'static Shape = by_direction!(
        "uuid::Uuid",
        input: StringShape {
            input_pattern: Some(UUID_INPUT),
            ..StringShape::ANY
        },
        output: StringShape {
            format: Some("uuid"),
            output_pattern: Some(UUID_OUTPUT),
            ..StringShape::ANY
        },
    );
}
