//! arrayvec (feature `arrayvec`): `ArrayVec<T, CAP>` and `ArrayString<CAP>`.
//!
//! `ArrayVec<T, CAP>` is written and read as an array of at most `CAP` items
//! (serde refuses more: `maxItems`).
//!
//! `ArrayString<CAP>` is a string of at most `CAP` **bytes** of UTF-8. JSON
//! Schema's `maxLength` counts characters, so it cannot say this exactly.
//! The output schema is `maxLength: CAP` (a character is at least one byte,
//! so everything written fits). The input schema adds a `pattern` admitting
//! only strings that surely fit: up to `CAP` ASCII characters, or up to
//! `CAP / 2` characters below U+0800, `CAP / 3` in the Basic Multilingual
//! Plane, `CAP / 4` of any kind. Exact for ASCII; a mixed string that fits
//! (`"aé"` in 3 bytes) is read and not advertised.

use super::byte_strings::leak_str;
use crate::ToolSchema;
use crate::shape::{Body, Convert, Named, SeqShape, Shape, StringShape};
use arrayvec::{ArrayString, ArrayVec};

impl<T: ToolSchema, const CAP: usize> ToolSchema for ArrayVec<T, CAP> {
    const SHAPE: &'static Shape = &Shape::Seq(SeqShape {
        items: T::SHAPE,
        min_items: None,
        max_items: Some(CAP as u64),
        unique_on_output: false,
    });
}

/// At most `cap` bytes, as far as a pattern can say it.
fn bounded_input(cap: usize) -> &'static Shape {
    static CACHE: crate::memo::Memo<usize, &'static Shape> = crate::memo::Memo::new();
    CACHE.leak(cap, || {
        let pattern = format!(
            r"^([\x00-\x7F]{{0,{}}}|[\x00-\u07FF]{{0,{}}}|[\x00-\uFFFF]{{0,{}}}|[\s\S]{{0,{}}})$",
            cap,
            cap / 2,
            cap / 3,
            cap / 4
        );
        Shape::String(StringShape {
            max_length: Some(cap as u64),
            input_pattern: Some(leak_str(pattern)),
            ..StringShape::ANY
        })
    })
}

struct Cap<const CAP: usize>;

impl<const CAP: usize> Cap<CAP> {
    const OUTPUT: &'static Shape = &Shape::String(StringShape {
        max_length: Some(CAP as u64),
        ..StringShape::ANY
    });
    fn input() -> &'static Shape {
        bounded_input(CAP)
    }
    fn output() -> &'static Shape {
        Self::OUTPUT
    }
}

impl<const CAP: usize> ToolSchema for ArrayString<CAP> {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: crate::__private::type_name::<Self>,
        title: None,
        description: None,
        body: Body::Convert(&Convert {
            input: Some(Cap::<CAP>::input),
            output: Some(Cap::<CAP>::output),
            body: Body::Transparent(Cap::<CAP>::input),
        }),
    });
}
