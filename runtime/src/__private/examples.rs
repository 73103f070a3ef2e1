//! `#[schema(example = ..)]` checked at compile time: the literal must be a
//! value of the field's wire type, or the refusal says what the type takes.

use super::*;

use crate::shape::{Content, EnumView, ReprKind};

/// An `#[schema(example = ..)]` literal, for [`check_example`].
#[derive(Clone, Copy)]
pub enum Example {
    /// A string (or a character), with its length in characters.
    Str(&'static str, u64),
    /// A number.
    Number(Bound),
    /// `true` or `false`.
    Bool,
}

/// `#[schema(example = ..)]`: the literal must be a value of the field's
/// wire type `T` (a `u8` takes integers from 0 to 255, a `char` strings of
/// one character, a unit-only enum the names serde reads). Evaluated in a
/// `const _` at the example. Where the shape cannot be known at compile
/// time (a newtype's or transparent type's inner shape sits behind a
/// function pointer, which const evaluation cannot call; a `from`/`try_from`
/// conversion; `serde_json::Value`), the example is accepted.
pub const fn check_example<T: ToolSchema + ?Sized>(example: Example) {
    let mut msg = Msg::new();
    if !example_fits(T::SHAPE, example, &mut msg) {
        panic!("{}", msg.as_str());
    }
}

/// Whether `example` fits `shape`; if not, `msg` says why.
const fn example_fits(shape: &'static Shape, example: Example, msg: &mut Msg) -> bool {
    match (shape, example) {
        (Shape::Any, _) => true,
        (Shape::Option(inner), _) => example_fits(inner, example, msg),
        (Shape::Bool, Example::Bool) | (Shape::Number, Example::Number(_)) => true,
        (Shape::Integer(r), Example::Number(n)) => {
            if matches!(n, Bound::Float(_)) {
                msg.push("this `example` is written with a fraction or an exponent, which serde does not read into an integer (write `5`, not `5.0`); the field's type accepts ");
                push_int_range(msg, r);
                return false;
            }
            if int_in_range(r, n) {
                return true;
            }
            msg.push("this `example` is outside the range of the field's type, which accepts ");
            push_int_range(msg, r);
            false
        }
        (Shape::String(s), Example::Str(_, chars)) => {
            let short = match s.min_length {
                Some(m) => chars < m,
                None => false,
            };
            let long = match s.max_length {
                Some(m) => chars > m,
                None => false,
            };
            if !short && !long {
                return true;
            }
            msg.push("this `example` is ");
            msg.push_u64(chars);
            msg.push(if chars == 1 {
                " character long, but the field's type accepts strings of "
            } else {
                " characters long, but the field's type accepts strings of "
            });
            push_length(msg, s.min_length, s.max_length);
            false
        }
        (Shape::Named(named), _) => named_fits(&named.body, example, msg),
        _ => {
            push_kind(msg, example);
            push_accepts(msg, shape);
            false
        }
    }
}

const fn named_fits(body: &'static crate::shape::Body, example: Example, msg: &mut Msg) -> bool {
    use crate::shape::Body;
    match body {
        // Behind a function pointer: not known at compile time.
        Body::Newtype(_) | Body::Transparent(_) => true,
        Body::Convert(c) => match c.input {
            Some(_) => true,
            None => named_fits(&c.body, example, msg),
        },
        Body::Enum(_) | Body::Packed(_) if EnumView::of(body).is_some() => {
            enum_fits(body, example, msg)
        }
        Body::Enum(_) | Body::Struct(_) | Body::Packed(_) => {
            push_kind(msg, example);
            msg.push("objects");
            push_no_literal(msg);
            false
        }
        Body::Tuple(_) => {
            push_kind(msg, example);
            msg.push("arrays");
            push_no_literal(msg);
            false
        }
        Body::Unit => {
            push_kind(msg, example);
            msg.push("only `null`");
            push_no_literal(msg);
            false
        }
    }
}

/// A literal fits an enum when serde reads it as one of the variants: the
/// name of a unit variant of an externally tagged enum (or any string with
/// a `#[serde(other)]` variant); an untagged newtype variant may take
/// anything (its shape is behind a function pointer). Every other variant
/// is an object, an array or `null`.
const fn enum_fits(body: &'static crate::shape::Body, example: Example, msg: &mut Msg) -> bool {
    let Some(view) = EnumView::of(body) else {
        return false;
    };
    let external = matches!(view.repr, ReprKind::External);
    let untagged_enum = matches!(view.repr, ReprKind::Untagged);
    let mut names = false;
    let mut variants = view;
    while let Some(v) = variants.next() {
        let untagged = untagged_enum || v.untagged;
        if untagged {
            if matches!(v.content, Content::Newtype) {
                return true;
            }
            continue;
        }
        if !external || !matches!(v.content, Content::Unit) {
            continue;
        }
        names = true;
        if let Example::Str(s, _) = example
            && (v.other || v.named(s))
        {
            return true;
        }
    }
    push_kind(msg, example);
    if !names {
        msg.push("objects or `null` (the enum's variants)");
        push_no_literal(msg);
        return false;
    }
    msg.push("the names of its unit variants: ");
    let mut first = true;
    let mut variants = view;
    while let Some(v) = variants.next() {
        let name = match (v.de_name, v.ser_name) {
            (Some(n), _) | (None, Some(n)) => n,
            (None, None) => continue,
        };
        if !matches!(v.content, Content::Unit) || v.untagged {
            continue;
        }
        if !first {
            msg.push(", ");
        }
        first = false;
        msg.push("\"");
        msg.push(name);
        msg.push("\"");
    }
    false
}

/// "this `example` is a string, but the field's type accepts ".
const fn push_kind(msg: &mut Msg, example: Example) {
    msg.push(match example {
        Example::Str(..) => "this `example` is a string",
        Example::Number(_) => "this `example` is a number",
        Example::Bool => "this `example` is a boolean",
    });
    msg.push(", but the field's type accepts ");
}

/// What a shape without a nested choice accepts.
const fn push_accepts(msg: &mut Msg, shape: &Shape) {
    match shape {
        Shape::Bool => msg.push("`true` or `false`"),
        Shape::Number => msg.push("numbers"),
        Shape::Integer(r) => push_int_range(msg, r),
        Shape::String(s) => {
            msg.push("strings");
            if s.min_length.is_some() || s.max_length.is_some() {
                msg.push(" of ");
                push_length(msg, s.min_length, s.max_length);
            }
        }
        Shape::Null => {
            msg.push("only `null`");
            push_no_literal(msg);
        }
        Shape::Seq(_) | Shape::Tuple(_) => {
            msg.push("arrays");
            push_no_literal(msg);
        }
        Shape::Map(_) => {
            msg.push("objects");
            push_no_literal(msg);
        }
        Shape::Any | Shape::Option(_) | Shape::Named(_) => msg.push("other values"),
    }
}

const fn push_no_literal(msg: &mut Msg) {
    msg.push(
        ", which no `example` literal (a string, a character, a number or `true`/`false`) can be; \
         leave `example` out, or describe the value in the doc comment",
    );
}

/// "integers from 0 to 255".
const fn push_int_range(msg: &mut Msg, r: &crate::shape::IntRange) {
    msg.push(if r.nonzero {
        "non-zero integers"
    } else {
        "integers"
    });
    let min = match r.min {
        // `NonZeroU*`: from 1.
        Some(0) if r.nonzero => Some(1),
        other => other,
    };
    if let Some(min) = min {
        msg.push(" from ");
        msg.push_i64(min);
    }
    if let Some(max) = r.max {
        msg.push(if min.is_some() { " to " } else { " up to " });
        msg.push_u64(max);
    }
}

/// "exactly 1 character", "1 to 10 characters", "at least 3 characters".
const fn push_length(msg: &mut Msg, min: Option<u64>, max: Option<u64>) {
    let last = match (min, max) {
        (Some(a), Some(b)) if a == b => {
            msg.push("exactly ");
            a
        }
        (Some(a), Some(b)) => {
            msg.push_u64(a);
            msg.push(" to ");
            b
        }
        (Some(a), None) => {
            msg.push("at least ");
            a
        }
        (None, Some(b)) => {
            msg.push("at most ");
            b
        }
        (None, None) => {
            msg.push("any length");
            return;
        }
    };
    msg.push_u64(last);
    msg.push(if last == 1 {
        " character"
    } else {
        " characters"
    });
}
