//! `chrono_tz::Tz` (feature `chrono-tz`): the IANA time zone names of the
//! chrono-tz release in the build (its `TZ_VARIANTS`, links included), read
//! case-sensitively and written as read: an `enum` of strings in both
//! contracts. The list is built at first render.

use crate::__private::type_name;
use crate::ToolSchema;
use crate::shape::{Body, Enum, Named, Repr, Shape, Variant, VariantBody};
use std::sync::OnceLock;

fn names() -> &'static Shape {
    static SHAPE: OnceLock<&'static Shape> = OnceLock::new();
    SHAPE.get_or_init(|| {
        let variants: Vec<Variant> = chrono_tz::TZ_VARIANTS
            .iter()
            .map(|tz| {
                let name = tz.name();
                Variant::named(name, VariantBody::Unit)
            })
            .collect();
        let shape = Shape::Named(Box::leak(Box::new(Named {
            type_name: type_name::<chrono_tz::Tz>,
            title: None,
            description: None,
            body: Body::Enum(Box::leak(Box::new(Enum {
                repr: Repr::External,
                variants: Box::leak(variants.into_boxed_slice()),
                titled: false,
                deny_unknown_fields: false,
            }))),
        })));
        Box::leak(Box::new(shape))
    })
}

impl ToolSchema for chrono_tz::Tz {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: || "chrono_tz::Tz (names)",
        title: None,
        description: None,
        body: Body::Transparent(names),
    });
}
