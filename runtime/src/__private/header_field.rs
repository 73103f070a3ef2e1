//! The compile-time check of one `#[schema(header = "..")]` field: its wire
//! type is a string, an integer within ±(2^53 − 1), a `bool`, or an
//! `Option` of one of these.

use super::Msg;
use crate::ToolSchema;
use crate::shape::{Bound, Content, EnumView, ReprKind, Shape};

/// The largest integer an `x-mcp-header` value may hold, and the negative of
/// the smallest (2^53 − 1, JavaScript's `Number.MAX_SAFE_INTEGER`).
const SAFE: i128 = (1 << 53) - 1;

/// `#[schema(header = "..")]`: the field's wire type `T` must be a string,
/// an integer within ±(2^53 − 1) (the type's range, narrowed by the field's
/// `range(min, max)`), a boolean, or an `Option` of one of these. Evaluated
/// in a `const _` at the annotation.
pub const fn check_header<T: ToolSchema + ?Sized>(min: Option<Bound>, max: Option<Bound>) {
    let mut msg = Msg::new();
    if !header_fits(T::SHAPE, min, max, false, &mut msg) {
        panic!("{}", msg.as_str());
    }
}

const HEADER_TYPES: &str = "a `header` field must be a string, an integer within \
    ±(2^53 − 1), a boolean, or an `Option` of one of these (MCP 2026-07-28, \
    `x-mcp-header`)";

/// Whether `shape` can carry an `x-mcp-header`; if not, `msg` says why.
const fn header_fits(
    shape: &Shape,
    min: Option<Bound>,
    max: Option<Bound>,
    in_option: bool,
    msg: &mut Msg,
) -> bool {
    match shape {
        Shape::String(_) | Shape::Bool => true,
        Shape::Integer(r) => {
            // Safe when the type's own bound or the declared one is.
            let low = match (r.min, min) {
                (Some(m), _) if m as i128 >= -SAFE => true,
                (_, Some(b)) => bound_at_least(b, -SAFE),
                _ => false,
            };
            let high = match (r.max, max) {
                (Some(m), _) if m as i128 <= SAFE => true,
                (_, Some(b)) => bound_at_most(b, SAFE),
                _ => false,
            };
            if low && high {
                return true;
            }
            msg.push(HEADER_TYPES);
            msg.push("; this integer type reaches ");
            msg.push(match (low, high) {
                (false, false) => "below −(2^53 − 1) and above 2^53 − 1",
                (false, true) => "below −(2^53 − 1)",
                _ => "above 2^53 − 1",
            });
            msg.push(
                ", which a JavaScript client cannot carry exactly: narrow it with \
                 `#[schema(range(min = .., max = ..))]` within ±9007199254740991, or use a \
                 smaller integer type",
            );
            false
        }
        Shape::Option(inner) if !in_option => header_fits(inner, min, max, true, msg),
        Shape::Named(named) => match &named.body {
            body @ (crate::shape::Body::Enum(_) | crate::shape::Body::Packed(_))
                if string_enum(body) =>
            {
                true
            }
            // A newtype, transparent or converted type (chrono's, uuid's, a
            // `struct Meters(u32)`): its wire type sits behind a fn pointer a
            // const cannot call. Accepted here; the rendered input schema is
            // checked exactly (`toolform::headers::check_type`, at server
            // start and in the test helper).
            crate::shape::Body::Newtype(_)
            | crate::shape::Body::Transparent(_)
            | crate::shape::Body::Convert(_) => true,
            _ => {
                msg.push(HEADER_TYPES);
                msg.push(
                    "; this type is an object, an array, `null` or an enum with data (an enum \
                     qualifies when its variants are all unit variants, externally tagged, \
                     not `titled`, none `#[serde(other)]` or `#[serde(untagged)]`)",
                );
                false
            }
        },
        Shape::Number => {
            msg.push(HEADER_TYPES);
            msg.push("; this field is a floating-point `number`, which the spec does not allow");
            false
        }
        Shape::Option(_) => {
            msg.push(HEADER_TYPES);
            msg.push("; `Option<Option<..>>` writes `null` for two values, not one");
            false
        }
        _ => {
            msg.push(HEADER_TYPES);
            msg.push("; this field is an array, an object, `null` or any JSON value");
            false
        }
    }
}

/// A unit-only, externally tagged, untitled enum: its input schema is a
/// `string` with an `enum` of names.
const fn string_enum(body: &'static crate::shape::Body) -> bool {
    let Some(mut view) = EnumView::of(body) else {
        return false;
    };
    if !matches!(view.repr, ReprKind::External) || view.titled {
        return false;
    }
    while let Some(v) = view.next() {
        // `#[serde(other)]` reads any other tag, written as a string or as a
        // `{"tag": null}` object: the schema is not one `string`.
        if !matches!(v.content, Content::Unit) || v.untagged || v.other {
            return false;
        }
    }
    true
}

const fn bound_at_least(b: Bound, limit: i128) -> bool {
    match b {
        Bound::Int(v) => v as i128 >= limit,
        Bound::UInt(v) => v as i128 >= limit,
        Bound::Float(v) => v >= limit as f64,
    }
}

const fn bound_at_most(b: Bound, limit: i128) -> bool {
    match b {
        Bound::Int(v) => v as i128 <= limit,
        Bound::UInt(v) => v as i128 <= limit,
        Bound::Float(v) => v <= limit as f64,
    }
}
