//! serde_with's adapters (feature `serde_with`): the wire shape of a field
//! read and written `#[serde_as(as = "Adapter")]`, which serde_with expands
//! to `#[serde(with = "::serde_with::As::<Adapter>")]`.
//!
//! [`SerdeAsWire<T>`] gives an adapter's shape for a field of type `T`. The
//! derive names it through a type that is reachable from generated code:
//! for a field `f: T` with `with = "::serde_with::As::<A>"`, the field's shape
//! is `<::serde_with::As<(A, T)> as ::toolform::ToolSchema>::SHAPE`, which
//! is `<A as SerdeAsWire<T>>::SHAPE`.
//!
//! What each adapter does on the wire (serde_with 3, checked against its
//! source and by `tests/tests/suite/impls/ecosystem.rs`):
//!
//! - `Same`: `T`'s own shape.
//! - `DisplayFromStr`: a string, `T`'s `FromStr` on input and `Display` on
//!   output. Exact where `T`'s text is known: types whose own wire form is a
//!   string (their shape is kept), `bool` (`true`/`false`), integers (a
//!   pattern for the range, `+`, leading zeros and `-0` as `FromStr` reads
//!   them; no leading zeros written), floats (input: plain decimals with an
//!   optional exponent, a subset of what `f64::from_str` reads; output: what
//!   `Display` writes, `inf` and `NaN` included). For any other `T` any
//!   string (serde_with cannot say which strings `FromStr` takes).
//! - `NoneAsEmptyString` on `Option<T>`: `""` for `None`, else as
//!   `DisplayFromStr`; `null` is also read (as `None`), never written.
//! - `BoolFromInt` (strict): `0` or `1`; `BoolFromInt<Flexible>`: any
//!   integer on input (`0` is false), `0`/`1` on output.
//! - `DurationSeconds` and its milli/micro/nano siblings on
//!   `std::time::Duration`: `<u64>` a non-negative integer (written rounded);
//!   `<String>` a string of an integer (`i64::from_str`; negative values are
//!   refused as a `Duration`, so the pattern admits `0` to `i64::MAX` with
//!   `+` and leading zeros); `<f64>` a number on output; on input any number
//!   from `-0.5` to about `1.8e19` seconds is read (rounded), of which the
//!   schema advertises the integers up to 2^53 (no shape bounds a float).
//! - `TimestampSeconds` and siblings on `SystemTime`: `<i64>` any `i64`;
//!   `<String>` a string of one; `<f64>` a number (integers within ±2^53
//!   advertised).
//! - `OneOrMany<A, PreferOne>` on `Vec<T>`: reads one item or an array
//!   (serde_with buffers the value and tries one, then many); writes one item
//!   for a one-item vector, else an array. `PreferMany` always writes an array.
//! - `base64::Base64<Standard | UrlSafe, Padded | Unpadded>` on `Vec<u8>`:
//!   a base64 string, canonical (the `base64` crate refuses non-zero
//!   trailing bits, so the last character is restricted); read with or
//!   without padding (`QQ`, `QQ=`, `QQ==`), written with it (`Padded`) or without.
//! - `BytesOrString` on `Vec<u8>`: reads an array of bytes or a string,
//!   writes the array.
//! - `FromInto<U>`, `TryFromInto<U>`: `U`'s shape (a `TryFrom` may refuse
//!   more, in code no schema sees).
//! - `DefaultOnNull<A>`: `null` or `A`'s shape on input, `A`'s on output.
//! - `Vec<A>` on `Vec<T>`, `Option<A>` on `Option<T>`: the container of the
//!   adapted item.

use super::byte_strings::{BYTES, alternative, leak_str};
use crate::ToolSchema;
use crate::shape::{Body, Convert, Enum, IntRange, Named, Repr, SeqShape, Shape, StringShape};
use serde_with::formats::{Flexible, PreferMany, PreferOne, Strict};
use std::sync::OnceLock;
use std::time::{Duration, SystemTime};

/// The wire shape of a field of type `T` read and written through the
/// serde_with adapter `Self` (`#[serde_as(as = "Self")]`).
#[doc(hidden)]
pub trait SerdeAsWire<T> {
    /// The field's shape (per direction, where they differ).
    const SHAPE: &'static Shape;
}

/// The hook for the derive: `As<(Adapter, FieldType)>` has the shape of the
/// field `#[serde(with = "::serde_with::As::<Adapter>")] f: FieldType`.
impl<A: SerdeAsWire<T>, T> ToolSchema for serde_with::As<(A, T)> {
    const SHAPE: &'static Shape = A::SHAPE;
}

/// A shape with one shape per direction; renders inline.
macro_rules! convert {
    ($name:expr, $input:expr, $output:expr) => {
        &Shape::Named(&Named {
            type_name: || $name,
            title: None,
            description: None,
            body: Body::Convert(&Convert {
                input: Some($input),
                output: Some($output),
                body: Body::Transparent($input),
            }),
        })
    };
}

/// An untagged enum of alternatives (the first that reads wins).
macro_rules! any_of {
    ($name:expr, $($alt:expr),+ $(,)?) => {
        &Shape::Named(&Named {
            type_name: || $name,
            title: None,
            description: None,
            body: Body::Enum(&Enum {
                repr: Repr::Untagged,
                variants: &[$(alternative("_", $alt)),+],
                titled: false,
                deny_unknown_fields: false,
            }),
        })
    };
}

// ------------------------------------------------------------------ Same

impl<T: ToolSchema> SerdeAsWire<T> for serde_with::Same {
    const SHAPE: &'static Shape = T::SHAPE;
}

// -------------------------------------------------------- DisplayFromStr

/// Follows a shape to what serde writes (newtypes, `into`).
fn resolve_output(shape: &'static Shape) -> &'static Shape {
    let mut shape = shape;
    for _ in 0..256 {
        match shape {
            Shape::Named(Named {
                body: Body::Transparent(inner) | Body::Newtype(inner),
                ..
            })
            | Shape::Named(Named {
                body:
                    Body::Convert(Convert {
                        output: Some(inner),
                        ..
                    }),
                ..
            }) => shape = inner(),
            _ => return shape,
        }
    }
    shape
}

/// Decimal numbers `0..=max` without leading zeros (`1..=max` when
/// `nonzero`), as an alternation.
fn up_to(max: u64, nonzero: bool) -> String {
    let digits: Vec<u8> = max.to_string().bytes().map(|b| b - b'0').collect();
    let n = digits.len();
    let mut alts = vec![if nonzero {
        "[1-9]".to_string()
    } else {
        "[0-9]".to_string()
    }];
    if n == 1 {
        let low = if nonzero { 1 } else { 0 };
        return if digits[0] < low {
            "(?!)".to_string()
        } else {
            format!("[{low}-{}]", digits[0])
        };
    }
    for k in 2..n {
        alts.push(format!("[1-9][0-9]{{{}}}", k - 1));
    }
    for i in 0..n {
        let low = if i == 0 { 1 } else { 0 };
        if digits[i] > low {
            let prefix: String = digits[..i].iter().map(|d| char::from(b'0' + d)).collect();
            let rest = n - i - 1;
            let class = if digits[i] - 1 == low {
                format!("{low}")
            } else {
                format!("[{low}-{}]", digits[i] - 1)
            };
            alts.push(if rest == 0 {
                format!("{prefix}{class}")
            } else {
                format!("{prefix}{class}[0-9]{{{rest}}}")
            });
        }
    }
    alts.push(max.to_string());
    format!("({})", alts.join("|"))
}

/// The text of an integer of `range`: `(input, output)` patterns.
fn integer_patterns(range: &IntRange) -> (String, String) {
    let positive = match range.max {
        Some(max) => up_to(max, range.nonzero),
        None => "[0-9]+".to_string(),
    };
    match range.min {
        Some(min) if min >= 0 => (format!(r"^\+?0*{positive}$"), format!("^{positive}$")),
        Some(min) => {
            let negative = up_to(min.unsigned_abs(), true);
            (
                format!(
                    r"^(\+?0*{positive}|-0*{negative}{})$",
                    if range.nonzero { "" } else { "|-0+" }
                ),
                format!("^({positive}|-{negative})$"),
            )
        }
        None => (r"^[+-]?[0-9]+$".to_string(), "^-?[0-9]+$".to_string()),
    }
}

/// Plain decimals with an optional exponent: every one `f64::from_str` reads.
const FLOAT_IN: &str = r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$";
/// What `Display` writes for a float.
const FLOAT_OUT: &str = r"^(-?[0-9]+(\.[0-9]+)?|-?inf|NaN)$";

/// `DisplayFromStr` for a type of shape `shape`, in one direction.
fn display_from_str(shape: &'static Shape, input: bool) -> &'static Shape {
    static CACHE: crate::memo::Memo<(usize, bool), &'static Shape> = crate::memo::Memo::new();
    let resolved = if input {
        shape.resolve()
    } else {
        resolve_output(shape)
    };
    let key = (shape as *const Shape as usize, input);
    let pattern = |p: String| {
        let p = Some(leak_str(p));
        Shape::String(StringShape {
            input_pattern: if input { p } else { None },
            output_pattern: if input { None } else { p },
            ..StringShape::ANY
        })
    };
    match resolved {
        Shape::String(_) => shape,
        Shape::Bool => CACHE.leak(key, || pattern("^(true|false)$".into())),
        Shape::Integer(range) => CACHE.leak(key, || {
            let (i, o) = integer_patterns(range);
            pattern(if input { i } else { o })
        }),
        Shape::Number => CACHE.leak(key, || {
            pattern(if input { FLOAT_IN } else { FLOAT_OUT }.into())
        }),
        _ => &Shape::String(StringShape::ANY),
    }
}

fn display_in<T: ToolSchema>() -> &'static Shape {
    display_from_str(T::SHAPE, true)
}
fn display_out<T: ToolSchema>() -> &'static Shape {
    display_from_str(T::SHAPE, false)
}

impl<T: ToolSchema> SerdeAsWire<T> for serde_with::DisplayFromStr {
    const SHAPE: &'static Shape = convert!(
        "serde_with::DisplayFromStr",
        display_in::<T>,
        display_out::<T>
    );
}

// ---------------------------------------------------- NoneAsEmptyString

const EMPTY: &Shape = &Shape::String(StringShape {
    max_length: Some(0),
    ..StringShape::ANY
});

struct NoneAsEmpty<T>(std::marker::PhantomData<T>);
impl<T: ToolSchema> NoneAsEmpty<T> {
    const INPUT: &'static Shape = &Shape::Option(any_of!(
        "serde_with::NoneAsEmptyString",
        || EMPTY,
        display_in::<T>
    ));
    const OUTPUT: &'static Shape =
        any_of!("serde_with::NoneAsEmptyString", || EMPTY, display_out::<T>);
    fn input() -> &'static Shape {
        Self::INPUT
    }
    fn output() -> &'static Shape {
        Self::OUTPUT
    }
}

impl<T: ToolSchema> SerdeAsWire<Option<T>> for serde_with::NoneAsEmptyString {
    const SHAPE: &'static Shape = convert!(
        "serde_with::NoneAsEmptyString",
        NoneAsEmpty::<T>::input,
        NoneAsEmpty::<T>::output
    );
}

// ------------------------------------------------------------ BoolFromInt

const ZERO_OR_ONE: &Shape = &Shape::Integer(IntRange {
    min: Some(0),
    max: Some(1),
    nonzero: false,
});
const ANY_INTEGER: &Shape = &Shape::Integer(IntRange {
    min: Some(i64::MIN),
    max: Some(u64::MAX),
    nonzero: false,
});

impl SerdeAsWire<bool> for serde_with::BoolFromInt<Strict> {
    const SHAPE: &'static Shape = ZERO_OR_ONE;
}
impl SerdeAsWire<bool> for serde_with::BoolFromInt<Flexible> {
    const SHAPE: &'static Shape =
        convert!("serde_with::BoolFromInt<Flexible>", || ANY_INTEGER, || {
            ZERO_OR_ONE
        });
}

// --------------------------------------------------- durations, timestamps

const U64: &Shape = <u64 as ToolSchema>::SHAPE;
const I64: &Shape = <i64 as ToolSchema>::SHAPE;
/// Integers a float holds exactly (no rounding past the range).
const SAFE_NON_NEGATIVE: &Shape = &Shape::Integer(IntRange {
    min: Some(0),
    max: Some(1 << 53),
    nonzero: false,
});
const SAFE_SIGNED: &Shape = &Shape::Integer(IntRange {
    min: Some(-(1 << 53)),
    max: Some(1 << 53),
    nonzero: false,
});
/// `i64::from_str` of a value `0..=i64::MAX` (and `-0`).
const NON_NEGATIVE_I64_IN: &str = concat!(
    r"^(\+?0*(",
    "[0-9]|[1-9][0-9]{1,17}|[1-8][0-9]{18}|9[01][0-9]{17}|92[01][0-9]{16}|922[0-2][0-9]{15}",
    "|9223[0-2][0-9]{14}|92233[0-6][0-9]{13}|922337[01][0-9]{12}|92233720[0-2][0-9]{10}",
    "|922337203[0-5][0-9]{9}|9223372036[0-7][0-9]{8}|92233720368[0-4][0-9]{7}",
    "|922337203685[0-3][0-9]{6}|9223372036854[0-6][0-9]{5}|92233720368547[0-6][0-9]{4}",
    "|922337203685477[0-4][0-9]{3}|9223372036854775[0-7][0-9]{2}|922337203685477580[0-7]",
    ")|-0+)$"
);
/// `u64` as `Display` writes it.
const U64_OUT: &str = r"^(0|[1-9][0-9]*)$";
const I64_OUT: &str = r"^(0|-?[1-9][0-9]*)$";

fn i64_string_in() -> &'static Shape {
    static SHAPE: OnceLock<&'static Shape> = OnceLock::new();
    SHAPE.get_or_init(|| {
        let range = IntRange {
            min: Some(i64::MIN),
            max: Some(i64::MAX as u64),
            nonzero: false,
        };
        let (input, _) = integer_patterns(&range);
        Box::leak(Box::new(Shape::String(StringShape {
            input_pattern: Some(leak_str(input)),
            ..StringShape::ANY
        })))
    })
}

const DURATION_STRING: &Shape = &Shape::String(StringShape {
    input_pattern: Some(NON_NEGATIVE_I64_IN),
    output_pattern: Some(U64_OUT),
    ..StringShape::ANY
});

macro_rules! durations {
    ($($adapter:ident),*) => {$(
        impl SerdeAsWire<Duration> for serde_with::$adapter<u64, Strict> {
            const SHAPE: &'static Shape = U64;
        }
        impl SerdeAsWire<Duration> for serde_with::$adapter<String, Strict> {
            const SHAPE: &'static Shape = DURATION_STRING;
        }
        impl SerdeAsWire<Duration> for serde_with::$adapter<f64, Strict> {
            const SHAPE: &'static Shape = convert!(
                concat!("serde_with::", stringify!($adapter), "<f64>"),
                || SAFE_NON_NEGATIVE,
                || &Shape::Number
            );
        }
    )*};
}
durations!(
    DurationSeconds,
    DurationMilliSeconds,
    DurationMicroSeconds,
    DurationNanoSeconds
);

macro_rules! timestamps {
    ($($adapter:ident),*) => {$(
        impl SerdeAsWire<SystemTime> for serde_with::$adapter<i64, Strict> {
            const SHAPE: &'static Shape = I64;
        }
        impl SerdeAsWire<SystemTime> for serde_with::$adapter<String, Strict> {
            const SHAPE: &'static Shape = convert!(
                concat!("serde_with::", stringify!($adapter), "<String>"),
                i64_string_in,
                || &Shape::String(StringShape { output_pattern: Some(I64_OUT), ..StringShape::ANY })
            );
        }
        impl SerdeAsWire<SystemTime> for serde_with::$adapter<f64, Strict> {
            const SHAPE: &'static Shape = convert!(
                concat!("serde_with::", stringify!($adapter), "<f64>"),
                || SAFE_SIGNED,
                || &Shape::Number
            );
        }
    )*};
}
timestamps!(
    TimestampSeconds,
    TimestampMilliSeconds,
    TimestampMicroSeconds,
    TimestampNanoSeconds
);

// -------------------------------------------------------------- OneOrMany

struct Many<A, T>(std::marker::PhantomData<(A, T)>);
impl<A: SerdeAsWire<T>, T> Many<A, T> {
    const SEQ: &'static Shape = &Shape::Seq(SeqShape {
        items: A::SHAPE,
        min_items: None,
        max_items: None,
        unique_on_output: false,
    });
    const EITHER: &'static Shape = any_of!("serde_with::OneOrMany", || A::SHAPE, || Self::SEQ);
    fn either() -> &'static Shape {
        Self::EITHER
    }
    fn seq() -> &'static Shape {
        Self::SEQ
    }
}

impl<A: SerdeAsWire<T>, T> SerdeAsWire<Vec<T>> for serde_with::OneOrMany<A, PreferOne> {
    const SHAPE: &'static Shape = Many::<A, T>::EITHER;
}
impl<A: SerdeAsWire<T>, T> SerdeAsWire<Vec<T>> for serde_with::OneOrMany<A, PreferMany> {
    const SHAPE: &'static Shape = convert!(
        "serde_with::OneOrMany<_, PreferMany>",
        Many::<A, T>::either,
        Many::<A, T>::seq
    );
}

// ------------------------------------------------------------------ base64

/// A base64 alphabet's characters, and the padded and unpadded forms: four
/// characters per three bytes, then two (one byte) or three (two bytes) with
/// the unused bits zero, `=`-padded or not.
macro_rules! base64_forms {
    ($c:literal) => {
        (
            // Read: serde_with decodes indifferent to padding.
            concat!(
                "^(",
                $c,
                "{4})*(",
                $c,
                "[AQgw]={0,2}|",
                $c,
                "{2}[AEIMQUYcgkosw048]=?)?$"
            ),
            concat!(
                "^(",
                $c,
                "{4})*(",
                $c,
                "[AQgw]==|",
                $c,
                "{2}[AEIMQUYcgkosw048]=)?$"
            ),
            concat!(
                "^(",
                $c,
                "{4})*(",
                $c,
                "[AQgw]|",
                $c,
                "{2}[AEIMQUYcgkosw048])?$"
            ),
        )
    };
}
const STANDARD: (&str, &str, &str) = base64_forms!("[A-Za-z0-9+/]");
const URL_SAFE: (&str, &str, &str) = base64_forms!("[A-Za-z0-9_-]");

macro_rules! base64 {
    ($($alphabet:ident, $padding:ident => $input:expr, $output:expr;)*) => {$(
        impl SerdeAsWire<Vec<u8>> for serde_with::base64::Base64<
            serde_with::base64::$alphabet,
            serde_with::formats::$padding,
        > {
            const SHAPE: &'static Shape = &Shape::String(StringShape {
                input_pattern: Some($input),
                output_pattern: Some($output),
                ..StringShape::ANY
            });
        }
    )*};
}
base64! {
    Standard, Padded => STANDARD.0, STANDARD.1;
    Standard, Unpadded => STANDARD.0, STANDARD.2;
    UrlSafe, Padded => URL_SAFE.0, URL_SAFE.1;
    UrlSafe, Unpadded => URL_SAFE.0, URL_SAFE.2;
}

// ------------------------------------------------------------- the others

impl SerdeAsWire<Vec<u8>> for serde_with::BytesOrString {
    const SHAPE: &'static Shape = BYTES;
}

impl<T, U: ToolSchema> SerdeAsWire<T> for serde_with::FromInto<U> {
    const SHAPE: &'static Shape = U::SHAPE;
}
impl<T, U: ToolSchema> SerdeAsWire<T> for serde_with::TryFromInto<U> {
    const SHAPE: &'static Shape = U::SHAPE;
}

struct OnNull<A, T>(std::marker::PhantomData<(A, T)>);
impl<A: SerdeAsWire<T>, T> OnNull<A, T> {
    const INPUT: &'static Shape = &Shape::Option(A::SHAPE);
    fn input() -> &'static Shape {
        Self::INPUT
    }
    fn output() -> &'static Shape {
        A::SHAPE
    }
}
impl<A: SerdeAsWire<T>, T> SerdeAsWire<T> for serde_with::DefaultOnNull<A> {
    const SHAPE: &'static Shape = convert!(
        "serde_with::DefaultOnNull",
        OnNull::<A, T>::input,
        OnNull::<A, T>::output
    );
}

impl<A: SerdeAsWire<T>, T> SerdeAsWire<Vec<T>> for Vec<A> {
    const SHAPE: &'static Shape = Many::<A, T>::SEQ;
}
impl<A: SerdeAsWire<T>, T> SerdeAsWire<Option<T>> for Option<A> {
    const SHAPE: &'static Shape = &Shape::Option(A::SHAPE);
}
