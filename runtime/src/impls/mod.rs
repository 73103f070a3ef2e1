//! `ToolSchema` for types from std and, behind features, other crates.
//! One file per source crate.

/// The shape of a string type whose input and output differ by more than a
/// `pattern`: a `format` holds in one direction only (chrono reads RFC 3339
/// but writes years past 9999 and leap seconds anywhere; uuid reads four
/// forms and writes one). A conversion with a distinct string per direction,
/// named `$name`; with no title or description it renders inline, exactly
/// as the string of that direction would (never in `$defs`).
#[cfg(any(feature = "chrono", feature = "uuid"))]
macro_rules! by_direction {
    ($name:literal, input: $input:expr, output: $output:expr $(,)?) => {{
        const INPUT: &$crate::shape::Shape = &$crate::shape::Shape::String($input);
        const OUTPUT: &$crate::shape::Shape = &$crate::shape::Shape::String($output);
        fn name() -> &'static str {
            $name
        }
        fn input() -> &'static $crate::shape::Shape {
            INPUT
        }
        fn output() -> &'static $crate::shape::Shape {
            OUTPUT
        }
        &$crate::shape::Shape::Named(&$crate::shape::Named {
            type_name: name,
            title: None,
            description: None,
            body: $crate::shape::Body::Convert(&$crate::shape::Convert {
                input: Some(input),
                output: Some(output),
                body: $crate::shape::Body::Transparent(input),
            }),
        })
    }};
}

#[cfg(feature = "arrayvec")]
mod arrayvec;
#[cfg(feature = "bigdecimal")]
mod bigdecimal;
#[cfg(any(
    feature = "arrayvec",
    feature = "bytes",
    feature = "serde_bytes",
    feature = "serde_with",
    feature = "time"
))]
mod byte_strings;
#[cfg(feature = "bytes")]
mod bytes;
#[cfg(feature = "chrono")]
mod chrono;
#[cfg(feature = "chrono-tz")]
mod chrono_tz;
#[cfg(feature = "compact_str")]
mod compact_str;
#[cfg(feature = "either")]
mod either;
#[cfg(feature = "indexmap")]
mod indexmap;
#[cfg(feature = "jiff")]
mod jiff;
#[cfg(feature = "ordered-float")]
mod ordered_float;
#[cfg(feature = "rust_decimal")]
mod rust_decimal;
#[cfg(feature = "semver")]
mod semver;
#[cfg(feature = "serde_bytes")]
mod serde_bytes;
#[cfg(feature = "serde_with")]
pub mod serde_with;
#[cfg(feature = "smallvec")]
mod smallvec;
#[cfg(feature = "smol_str")]
mod smol_str;
mod std;
mod std_more;
#[cfg(feature = "time")]
mod time;
#[cfg(feature = "url")]
mod url;
#[cfg(feature = "uuid")]
mod uuid;
