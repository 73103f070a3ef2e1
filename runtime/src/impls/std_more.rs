//! More std types, as serde writes and reads them: paths, OS strings,
//! network addresses, time, ranges, wrappers.
//!
//! Every shape here was checked against serde's own impls (serde_core's
//! `de/impls.rs` and `ser/impls.rs`) and is proved by `tests/tests/suite/impls/std_types.rs`.
//! What surprises:
//!
//! - `Duration`, `SystemTime` and the ranges are closed objects (serde's
//!   hand-written visitors refuse unknown keys) whose every key is required,
//!   even when the range's index type is an `Option`. serde also reads them
//!   from an array of their fields (the harness's "struct as sequence" limit).
//! - `Duration` reads any `u32` as `nanos` and carries whole seconds into
//!   `secs` (`{"secs": 1, "nanos": 1500000000}` is 2.5 s); it writes `nanos`
//!   below 10^9. It refuses a carry past `u64::MAX` seconds, which a schema
//!   cannot say (the two fields would have to be compared).
//! - `SystemTime` is measured from the Unix epoch; on Unix it holds seconds
//!   in an `i64`, so serde refuses more than `i64::MAX` seconds (and a carry
//!   past it). serde cannot write a time before the epoch (an error).
//! - `Saturating<int>` reads any JSON integer and clamps it into range
//!   (`300` is `Saturating(255u8)`, `-1` is `Saturating(0u8)`); it writes the
//!   inner integer. A `Saturating` of anything else has no `Deserialize`.
//! - The std address parsers are stricter than the RFCs behind JSON Schema's
//!   `ipv4`/`ipv6` formats in one place: no leading zeros in a decimal octet,
//!   also inside an IPv6 address (`::ffff:01.2.3.4` is refused). No zone id
//!   (`fe80::1%eth0`) in an `Ipv6Addr`; a numeric scope id is read only inside
//!   a socket address (`[fe80::1%2]:80`). Ports and scope ids may carry any
//!   number of leading zeros (`1.2.3.4:0080`). Each address type therefore
//!   has a `pattern` that is exactly what std parses, beside the `format`.
//!   `IpAddr` is an `anyOf` of the two (each keeps its `format`);
//!   `SocketAddr`, which no `format` names, is one pattern.
//! - `OsString` is an externally tagged enum of its platform's code units:
//!   `{"Unix": [bytes]}` on Unix, `{"Windows": [u16 units]}` on Windows. Each
//!   platform refuses the other's variant, so each schema has one variant.
//! - `PathBuf` reads any string; serde fails to write a path that is not
//!   UTF-8, so what it writes is always a string.
//!
//! Already covered by the generic impls in `std.rs`: `Box<str>`,
//! `Box<[T]>`, `Rc<str>`, `Arc<[T]>` (serde's `rc` feature), `Cow<'a, [T]>`,
//! `Box<Path>`, `Cow<'a, Path>`, `&'a str`, `&'a [T]`. Two gaps there no
//! schema here can close: serde_json reads a borrowed `&str`/`&Path` only
//! from text without escapes, and it reads `&[u8]` from a string (its raw
//! bytes), not from the array it writes; `&[u8]` cannot have an impl of its
//! own beside `impl ToolSchema for &T`.

use crate::__private::shape_of;
use crate::ToolSchema;
use crate::shape::{
    Body, Convert, Enum, Field, IntRange, Named, Repr, Shape, StringShape, Struct, Variant,
    VariantBody,
};
use ::std::any::type_name;
use ::std::ffi::{OsStr, OsString};
use ::std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use ::std::num::Saturating;
use ::std::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo};
use ::std::path::{Path, PathBuf};
use ::std::time::{Duration, SystemTime};

// ------------------------------------------------------------------ paths

impl ToolSchema for Path {
    const SHAPE: &'static Shape = &Shape::String(StringShape::ANY);
}
impl ToolSchema for PathBuf {
    const SHAPE: &'static Shape = &Shape::String(StringShape::ANY);
}

// ------------------------------------------------------------- OS strings

/// serde's `OsString`: `{"Unix": [u8, ...]}`. The `Windows` variant is
/// refused on Unix, and never written.
#[cfg(unix)]
const OS_STRING: &Shape = &Shape::Named(&Named {
    type_name: type_name::<OsString>,
    title: None,
    description: None,
    body: Body::Enum(&Enum {
        repr: Repr::External,
        variants: &[Variant {
            rust_name: "Unix",
            ser_name: Some("Unix"),
            de_name: Some("Unix"),
            aliases: &[],
            other: false,
            untagged: false,
            body: VariantBody::Newtype(shape_of::<Vec<u8>>),
            title: None,
            description: None,
        }],
        titled: false,
        deny_unknown_fields: false,
    }),
});

/// serde's `OsString`: `{"Windows": [u16, ...]}`. The `Unix` variant is
/// refused on Windows, and never written.
#[cfg(windows)]
const OS_STRING: &Shape = &Shape::Named(&Named {
    type_name: type_name::<OsString>,
    title: None,
    description: None,
    body: Body::Enum(&Enum {
        repr: Repr::External,
        variants: &[Variant {
            rust_name: "Windows",
            ser_name: Some("Windows"),
            de_name: Some("Windows"),
            aliases: &[],
            other: false,
            untagged: false,
            body: VariantBody::Newtype(shape_of::<Vec<u16>>),
            title: None,
            description: None,
        }],
        titled: false,
        deny_unknown_fields: false,
    }),
});

#[cfg(any(unix, windows))]
impl ToolSchema for OsString {
    const SHAPE: &'static Shape = OS_STRING;
}
#[cfg(any(unix, windows))]
impl ToolSchema for OsStr {
    const SHAPE: &'static Shape = OS_STRING;
}

// -------------------------------------------------------- network addresses

// Fragments of the address patterns, as macros so `concat!` can join them
// into `&'static str` constants. Each says exactly what std's parser
// (`core::net::parser`) reads.

/// A decimal octet: 0..=255, no leading zero.
macro_rules! dec_octet {
    () => {
        "(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])"
    };
}
/// A dotted-quad IPv4 address.
macro_rules! ipv4 {
    () => {
        concat!(dec_octet!(), r"(\.", dec_octet!(), "){3}")
    };
}
/// One IPv6 group: 1 to 4 hex digits, either case.
macro_rules! h16 {
    () => {
        "[0-9A-Fa-f]{1,4}"
    };
}
/// An IPv6 address (RFC 4291 §2.2; the `IPv6address` rule of RFC 3986
/// regrouped so the embedded IPv4 appears once), with std's decimal octets.
/// Either eight groups, `::` standing for at least one zero group, or the
/// prefix of six groups followed by an embedded IPv4. Written as macros so
/// `concat!` can join the pieces.
macro_rules! ipv6 {
    () => {
        concat!("(", ipv6_hex!(), "|(", ipv6_six!(), ")", ipv4!(), ")")
    };
}
/// Eight groups in hex: `h` groups before `::`, at most `7 - h` after it.
#[rustfmt::skip]
macro_rules! ipv6_hex {
    () => {
        concat!(
            "(", h16!(), ":){7}", h16!(),
            "|::((", h16!(), ":){0,6}", h16!(), ")?",
            "|", h16!(), "::((", h16!(), ":){0,5}", h16!(), ")?",
            "|(", h16!(), ":){1}", h16!(), "::((", h16!(), ":){0,4}", h16!(), ")?",
            "|(", h16!(), ":){2}", h16!(), "::((", h16!(), ":){0,3}", h16!(), ")?",
            "|(", h16!(), ":){3}", h16!(), "::((", h16!(), ":){0,2}", h16!(), ")?",
            "|(", h16!(), ":){4}", h16!(), "::((", h16!(), ":){0,1}", h16!(), ")?",
            "|(", h16!(), ":){5}", h16!(), "::(", h16!(), ")?",
            "|(", h16!(), ":){6}", h16!(), "::",
        )
    };
}
/// Six groups and a colon, before an embedded IPv4: `h` groups before `::`,
/// at most `5 - h` after it.
#[rustfmt::skip]
macro_rules! ipv6_six {
    () => {
        concat!(
            "(", h16!(), ":){6}",
            "|::(", h16!(), ":){0,5}",
            "|", h16!(), "::(", h16!(), ":){0,4}",
            "|(", h16!(), ":){1}", h16!(), "::(", h16!(), ":){0,3}",
            "|(", h16!(), ":){2}", h16!(), "::(", h16!(), ":){0,2}",
            "|(", h16!(), ":){3}", h16!(), "::(", h16!(), ":){0,1}",
            "|(", h16!(), ":){4}", h16!(), "::",
        )
    };
}
/// A port as std reads it: any number of leading zeros, then 0..=65535.
macro_rules! port_in {
    () => {
        "0*([0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])"
    };
}
/// A port as std writes it: 0..=65535, no leading zero.
macro_rules! port_out {
    () => {
        "(0|[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])"
    };
}
/// 1..=4294967295 without a leading zero.
macro_rules! u32_nonzero {
    () => {
        concat!(
            "([1-9][0-9]{0,8}|[1-3][0-9]{9}|4[01][0-9]{8}|42[0-8][0-9]{7}|429[0-3][0-9]{6}",
            "|4294[0-8][0-9]{5}|42949[0-5][0-9]{4}|429496[0-6][0-9]{3}|4294967[01][0-9]{2}",
            "|42949672[0-8][0-9]|429496729[0-5])"
        )
    };
}
/// A scope id as std reads it: any number of leading zeros, then a `u32`.
macro_rules! scope_in {
    () => {
        concat!("0*(0|", u32_nonzero!(), ")")
    };
}

/// What std reads and writes for an `Ipv4Addr`.
const IPV4: &str = concat!("^", ipv4!(), "$");
/// What std reads for an `Ipv6Addr` (and the superset of what it writes).
const IPV6: &str = concat!("^", ipv6!(), "$");
/// A `SocketAddrV4` as std reads it.
macro_rules! socket_v4_in {
    () => {
        concat!(ipv4!(), ":", port_in!())
    };
}
/// A `SocketAddrV4` as std writes it.
macro_rules! socket_v4_out {
    () => {
        concat!(ipv4!(), ":", port_out!())
    };
}
/// A `SocketAddrV6` as std reads it: `[ip%scope]:port`, scope optional.
macro_rules! socket_v6_in {
    () => {
        concat!(r"\[", ipv6!(), "(%", scope_in!(), r")?\]:", port_in!())
    };
}
/// A `SocketAddrV6` as std writes it: a scope id only when it is not 0.
macro_rules! socket_v6_out {
    () => {
        concat!(r"\[", ipv6!(), "(%", u32_nonzero!(), r")?\]:", port_out!())
    };
}
/// What std reads for a `SocketAddrV4`.
const SOCKET_V4_IN: &str = concat!("^", socket_v4_in!(), "$");
/// What std writes for a `SocketAddrV4`.
const SOCKET_V4_OUT: &str = concat!("^", socket_v4_out!(), "$");
/// What std reads for a `SocketAddrV6`.
const SOCKET_V6_IN: &str = concat!("^", socket_v6_in!(), "$");
/// What std writes for a `SocketAddrV6`.
const SOCKET_V6_OUT: &str = concat!("^", socket_v6_out!(), "$");
/// Either socket address as std reads it.
const SOCKET_IN: &str = concat!("^(", socket_v4_in!(), "|", socket_v6_in!(), ")$");
/// Either socket address as std writes it.
const SOCKET_OUT: &str = concat!("^(", socket_v4_out!(), "|", socket_v6_out!(), ")$");

impl ToolSchema for Ipv4Addr {
    const SHAPE: &'static Shape = &Shape::String(StringShape {
        format: Some("ipv4"),
        input_pattern: Some(IPV4),
        output_pattern: Some(IPV4),
        ..StringShape::ANY
    });
}
impl ToolSchema for Ipv6Addr {
    const SHAPE: &'static Shape = &Shape::String(StringShape {
        format: Some("ipv6"),
        input_pattern: Some(IPV6),
        output_pattern: Some(IPV6),
        ..StringShape::ANY
    });
}
impl ToolSchema for SocketAddrV4 {
    const SHAPE: &'static Shape = &Shape::String(StringShape {
        input_pattern: Some(SOCKET_V4_IN),
        output_pattern: Some(SOCKET_V4_OUT),
        ..StringShape::ANY
    });
}
impl ToolSchema for SocketAddrV6 {
    const SHAPE: &'static Shape = &Shape::String(StringShape {
        input_pattern: Some(SOCKET_V6_IN),
        output_pattern: Some(SOCKET_V6_OUT),
        ..StringShape::ANY
    });
}

/// A human-readable serializer (JSON) writes and reads either address as
/// its text; the `V4`/`V6` enum is for compact formats only.
impl ToolSchema for IpAddr {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: type_name::<Self>,
        title: None,
        description: None,
        body: Body::Enum(&Enum {
            repr: Repr::Untagged,
            variants: &[
                Variant::named("V4", VariantBody::Newtype(shape_of::<Ipv4Addr>)),
                Variant::named("V6", VariantBody::Newtype(shape_of::<Ipv6Addr>)),
            ],
            titled: false,
            deny_unknown_fields: false,
        }),
    });
}
/// A human-readable serializer writes and reads either socket address as
/// its text. One pattern rather than an `anyOf` of two: no `format` names a
/// socket address, and a dialect that moves `pattern` into the description
/// keeps one readable alternative.
impl ToolSchema for SocketAddr {
    const SHAPE: &'static Shape = &Shape::String(StringShape {
        input_pattern: Some(SOCKET_IN),
        output_pattern: Some(SOCKET_OUT),
        ..StringShape::ANY
    });
}

// ------------------------------------------------------------------- time

/// What serde writes for `nanos`: `subsec_nanos`, always below one second.
const SUBSEC_NANOS: &Shape = &Shape::Integer(IntRange {
    min: Some(0),
    max: Some(999_999_999),
    nonzero: false,
});
fn subsec_nanos() -> &'static Shape {
    SUBSEC_NANOS
}

/// Seconds since the epoch a `SystemTime` holds: an `i64` on Unix.
#[cfg(unix)]
const EPOCH_SECS: &Shape = &Shape::Integer(IntRange {
    min: Some(0),
    max: Some(i64::MAX as u64),
    nonzero: false,
});
/// Seconds since the epoch: serde reads a `u64`; the platform may refuse
/// more than it can hold (not measured off Unix).
#[cfg(not(unix))]
const EPOCH_SECS: &Shape = &Shape::Integer(IntRange {
    min: Some(0),
    max: Some(u64::MAX),
    nonzero: false,
});
fn epoch_secs() -> &'static Shape {
    EPOCH_SECS
}

/// A field serde's hand-written visitors read: required whatever its type
/// (they report a missing field even for an `Option`), read and written
/// under its own name.
const fn field(name: &'static str, shape: fn() -> &'static Shape) -> Field {
    Field {
        rust_name: name,
        ser_name: Some(name),
        de_name: Some(name),
        shape,
        ser_shape: shape,
        deserialize_with: true,
        ..Field::BASE
    }
}

impl ToolSchema for Duration {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: type_name::<Self>,
        title: None,
        description: None,
        body: Body::Struct(&Struct {
            fields: &[
                field("secs", shape_of::<u64>),
                Field {
                    ser_shape: subsec_nanos,
                    ..field("nanos", shape_of::<u32>)
                },
            ],
            deny_unknown_fields: true,
        }),
    });
}

impl ToolSchema for SystemTime {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: type_name::<Self>,
        title: None,
        description: None,
        body: Body::Struct(&Struct {
            fields: &[
                field("secs_since_epoch", epoch_secs),
                Field {
                    ser_shape: subsec_nanos,
                    ..field("nanos_since_epoch", shape_of::<u32>)
                },
            ],
            deny_unknown_fields: true,
        }),
    });
}

// ----------------------------------------------------------------- ranges

impl<T: ToolSchema> ToolSchema for Range<T> {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: type_name::<Self>,
        title: None,
        description: None,
        body: Body::Struct(&Struct {
            fields: &[field("start", shape_of::<T>), field("end", shape_of::<T>)],
            deny_unknown_fields: true,
        }),
    });
}
impl<T: ToolSchema> ToolSchema for RangeInclusive<T> {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: type_name::<Self>,
        title: None,
        description: None,
        body: Body::Struct(&Struct {
            fields: &[field("start", shape_of::<T>), field("end", shape_of::<T>)],
            deny_unknown_fields: true,
        }),
    });
}
impl<T: ToolSchema> ToolSchema for RangeFrom<T> {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: type_name::<Self>,
        title: None,
        description: None,
        body: Body::Struct(&Struct {
            fields: &[field("start", shape_of::<T>)],
            deny_unknown_fields: true,
        }),
    });
}
impl<T: ToolSchema> ToolSchema for RangeTo<T> {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: type_name::<Self>,
        title: None,
        description: None,
        body: Body::Struct(&Struct {
            fields: &[field("end", shape_of::<T>)],
            deny_unknown_fields: true,
        }),
    });
}

// ------------------------------------------------------------------ enums

impl<T: ToolSchema> ToolSchema for Bound<T> {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: type_name::<Self>,
        title: None,
        description: None,
        body: Body::Enum(&Enum {
            repr: Repr::External,
            variants: &[
                Variant::named("Unbounded", VariantBody::Unit),
                Variant::named("Included", VariantBody::Newtype(shape_of::<T>)),
                Variant::named("Excluded", VariantBody::Newtype(shape_of::<T>)),
            ],
            titled: false,
            deny_unknown_fields: false,
        }),
    });
}

impl<T: ToolSchema, E: ToolSchema> ToolSchema for Result<T, E> {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: type_name::<Self>,
        title: None,
        description: None,
        body: Body::Enum(&Enum {
            repr: Repr::External,
            variants: &[
                Variant::named("Ok", VariantBody::Newtype(shape_of::<T>)),
                Variant::named("Err", VariantBody::Newtype(shape_of::<E>)),
            ],
            titled: false,
            deny_unknown_fields: false,
        }),
    });
}

// ------------------------------------------------------- integer wrappers

/// Every integer serde_json can hand a visitor (`i64` or `u64`).
const ANY_JSON_INTEGER: &Shape = &Shape::Integer(IntRange {
    min: Some(i64::MIN),
    max: Some(u64::MAX),
    nonzero: false,
});
fn any_json_integer() -> &'static Shape {
    ANY_JSON_INTEGER
}
/// No bounds: for the 128-bit types, whose bounds std.rs does not emit.
const ANY_INTEGER: &Shape = &Shape::Integer(IntRange {
    min: None,
    max: None,
    nonzero: false,
});
fn any_integer() -> &'static Shape {
    ANY_INTEGER
}

// serde reads `Saturating<int>` from any integer, clamped into range, and
// writes the inner integer.
macro_rules! saturating {
    ($($ty:ty => $input:expr;)*) => {$(
        impl ToolSchema for Saturating<$ty> {
            const SHAPE: &'static Shape = &Shape::Named(&Named {
                type_name: type_name::<Self>,
                title: None,
                description: None,
                body: Body::Convert(&Convert {
                    input: Some($input),
                    output: Some(shape_of::<$ty>),
                    body: Body::Transparent(shape_of::<$ty>),
                }),
            });
        }
    )*};
}
saturating! {
    u8 => any_json_integer;
    u16 => any_json_integer;
    u32 => any_json_integer;
    u64 => any_json_integer;
    usize => any_json_integer;
    i8 => any_json_integer;
    i16 => any_json_integer;
    i32 => any_json_integer;
    i64 => any_json_integer;
    isize => any_json_integer;
    u128 => any_integer;
    i128 => any_integer;
}

// Atomics: serde writes and reads the plain value.
macro_rules! atomics {
    ($($size:literal: $($atomic:ident => $ty:ty),*;)*) => {$($(
        #[cfg(target_has_atomic = $size)]
        impl ToolSchema for ::std::sync::atomic::$atomic {
            const SHAPE: &'static Shape = <$ty as ToolSchema>::SHAPE;
        }
    )*)*};
}
atomics! {
    "8": AtomicBool => bool, AtomicU8 => u8, AtomicI8 => i8;
    "16": AtomicU16 => u16, AtomicI16 => i16;
    "32": AtomicU32 => u32, AtomicI32 => i32;
    "64": AtomicU64 => u64, AtomicI64 => i64;
    "ptr": AtomicUsize => usize, AtomicIsize => isize;
}
