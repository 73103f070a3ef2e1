//! Rules that span several attributes, each reported at the token at fault.

use crate::ast::Container;
use crate::ctxt::Ctxt;
use serde_derive_internals::ast::{Data, Style};
use serde_derive_internals::attr::TagType;

pub fn check(cx: &Ctxt, cont: &Container) {
    let attrs = &cont.serde.attrs;
    let original = cont.serde.original;
    if let Data::Enum(_) = cont.serde.data {
        cx.error_spanned_by(
            &original.ident,
            "#[derive(ToolSchema)] does not support enums yet; only structs have schemas so far",
        );
        return;
    }
    if attrs.type_from().is_some() || attrs.type_try_from().is_some() {
        cx.error_spanned_by(
            &original.ident,
            "#[serde(from = ..)] / #[serde(try_from = ..)] are not supported by #[derive(ToolSchema)] yet: \
             the wire shape is the other type's",
        );
    }
    if attrs.type_into().is_some() {
        cx.error_spanned_by(
            &original.ident,
            "#[serde(into = ..)] is not supported by #[derive(ToolSchema)] yet: the wire shape is the other type's",
        );
    }
    if attrs.remote().is_some() {
        cx.error_spanned_by(
            &original.ident,
            "#[serde(remote = ..)] is not supported by #[derive(ToolSchema)]",
        );
    }
    if let Data::Struct(Style::Struct, _) = cont.serde.data {
        if !matches!(attrs.tag(), TagType::External) {
            cx.error_spanned_by(
                &original.ident,
                "#[serde(tag = ..)] on a struct is not supported by #[derive(ToolSchema)] yet",
            );
        }
    }
    let style = match &cont.serde.data {
        Data::Struct(style, _) => *style,
        Data::Enum(_) => return,
    };
    for (field, ours) in cont.serde.data.all_fields().zip(&cont.fields) {
        let fa = &field.attrs;
        if fa.flatten() {
            cx.error_spanned_by(
                field.original,
                "#[serde(flatten)] is not supported by #[derive(ToolSchema)] yet",
            );
        }
        let custom = fa.serialize_with().is_some() || fa.deserialize_with().is_some();
        let known = crate::expand::tool_schema::chrono_ts(&quote::quote!(), field).is_some();
        if custom && ours.schema.with.is_none() && !known {
            cx.error_spanned_by(
                field.original,
                "this field is read or written by a custom serde function (`with`, `serialize_with` or \
                 `deserialize_with`), so its wire type is unknown; name it with #[schema(with = WireType)], \
                 e.g. #[schema(with = String)] when the function writes a string",
            );
        }
        if matches!(style, Style::Tuple) && (fa.skip_serializing() || fa.skip_deserializing()) {
            cx.error_spanned_by(
                field.original,
                "skipped fields in tuple structs are not supported by #[derive(ToolSchema)]: \
                 the array length would differ between directions",
            );
        }
    }
}
