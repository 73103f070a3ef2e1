//! `either::Either` (feature `either`): serde's derived, externally tagged
//! enum, `{"Left": ..}` or `{"Right": ..}`.
//!
//! either's `serde_untagged` and `serde_untagged_optional` modules, for
//! `#[serde(with = ..)]`, write the content alone and read `Left` first, then
//! `Right`: an untagged enum of the two.

use crate::__private::shape_of;
use crate::ToolSchema;
use crate::shape::{Body, Enum, Named, Repr, Shape, Variant, VariantBody};
use ::std::any::type_name;
use either::Either;

impl<L: ToolSchema, R: ToolSchema> ToolSchema for Either<L, R> {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: type_name::<Self>,
        title: None,
        description: None,
        body: Body::Enum(&Enum {
            repr: Repr::External,
            variants: &[
                Variant::named("Left", VariantBody::Newtype(shape_of::<L>)),
                Variant::named("Right", VariantBody::Newtype(shape_of::<R>)),
            ],
            titled: false,
            deny_unknown_fields: false,
        }),
    });
}
