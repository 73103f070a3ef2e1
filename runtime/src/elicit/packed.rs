//! The derive's compact encoding of a form's fields, and its decoder.
//!
//! A [`FormField`] literal has sixteen members, each type-checked and
//! const-evaluated per field (bench/compile_time/EXPANSION.md). The derive
//! writes instead one string literal holding every name, flag and
//! annotation of the form's fields, plus only what depends on types: one
//! `<T as FormValue>::TYPE` per distinct field type (with the field's
//! compile-time checks) and the defaults. This module decodes it into the
//! ordinary field list once per form, on first use.
//!
//! # The text
//!
//! The items of `shape::packed` (a number `12;`, a string `5:hello`, an
//! absent string `~`), plus an optional number (`~` or a number) and a
//! bound (`~`, or `i`, `u` or `f` followed by a number and `;`).
//!
//! ```text
//! fields = n field{n}
//! field  = flags type default name n alias{n} title? description? fill?
//!          min_length? max_length? min_items? max_items? minimum? maximum?
//!          format
//! ```
//!
//! `type` indexes [`PackedForm::types`]; `default` is 0 for none, else
//! 1 + an index into [`PackedForm::defaults`]. Flags: 1 titled options as
//! the legacy `enumNames`, 2 never required (a default fills it), 4 the
//! default is `Default::default()` of a type the derive read as a primitive,
//! shown as the default of its kind (with `default` 0). `format`:
//! 0 none, 1 email, 2 uri, 3 date, 4 date-time.
//!
//! Only the derive writes this text; a malformed one (which the derive
//! never writes) decodes to a form without fields rather than a panic.

use super::Format;
use super::form::{FieldKind, FormField, FormFields, FormType, PackedForm};
use crate::memo::Memo;
use crate::shape::{Bound, DefaultJson, Items, leak};

impl FormFields {
    /// The fields, decoded from the derive's compact encoding on first use.
    pub fn get(&self) -> &'static [FormField] {
        match self {
            FormFields::Listed(fields) => fields,
            FormFields::Packed(packed) => packed.fields(),
        }
    }
}

impl PackedForm {
    /// The decoded fields, decoded once per form.
    ///
    /// Kept by the form's address, as the rendered forms are (`lower.rs`):
    /// a `static` of each form's own would be one more item in every build
    /// after an edit (bench/compile_time/EXPANSION.md). Two forms at one
    /// address are the same bytes, so the same fields; one form at two
    /// addresses (a constant copied between codegen units) is decoded once
    /// per copy. Read when a form's plan or schema is built, each of which
    /// is kept in turn: not on an answer's path.
    pub fn fields(&'static self) -> &'static [FormField] {
        static CACHE: Memo<usize, &'static [FormField]> = Memo::new();
        let key = self as *const PackedForm as usize;
        CACHE.get_or(key, || {
            let mut reader = Reader {
                items: Items::new(self.text),
                packed: self,
            };
            reader
                .fields()
                .filter(|_| reader.items.is_done())
                .unwrap_or(&[])
        })
    }
}

/// The serialized `T::default()` of a field the derive read as a primitive
/// type, from the kind its type has (`shape::packed::primitive_default`).
/// Any other kind (a type of the user's own that only has such a name)
/// shows no default: nothing is guessed.
fn default_of_kind(kind: &FieldKind) -> Option<&'static dyn DefaultJson> {
    use crate::shape::packed::primitive_default::*;
    match kind {
        FieldKind::Integer(range) if !range.nonzero => Some(&zero),
        FieldKind::Number => Some(&float_zero),
        FieldKind::Boolean => Some(&no),
        FieldKind::String {
            format: None,
            min_length: None,
            max_length: None,
        } => Some(&empty_string),
        _ => None,
    }
}

struct Reader {
    items: Items,
    packed: &'static PackedForm,
}

impl Reader {
    fn fields(&mut self) -> Option<&'static [FormField]> {
        let n = self.items.count()?;
        let mut fields = Vec::with_capacity(n);
        for _ in 0..n {
            fields.push(self.field()?);
        }
        Some(leak(fields))
    }

    fn field(&mut self) -> Option<FormField> {
        let flags = self.items.num()?;
        let ty: &'static FormType = self.packed.types.get(self.items.num()?)?;
        let default = match self.items.num()? {
            // The derive read the field's type as a primitive: its default
            // is the one of the kind the type has.
            0 if flags & 4 != 0 => default_of_kind(&ty.kind),
            0 => None,
            i => Some(*self.packed.defaults.get(i - 1)?),
        };
        Some(FormField {
            name: self.items.str()?,
            aliases: self.items.names()?,
            kind: &ty.kind,
            required: flags & 2 == 0 && !ty.optional,
            title: self.items.opt()?,
            description: self.items.opt()?,
            default,
            fill: self.items.opt()?,
            min_length: self.opt_u64()?,
            max_length: self.opt_u64()?,
            min_items: self.opt_u64()?,
            max_items: self.opt_u64()?,
            minimum: self.bound()?,
            maximum: self.bound()?,
            format: match self.items.num()? {
                0 => None,
                1 => Some(Format::Email),
                2 => Some(Format::Uri),
                3 => Some(Format::Date),
                4 => Some(Format::DateTime),
                _ => return None,
            },
            legacy_enum_names: flags & 1 != 0,
        })
    }

    fn opt_u64(&mut self) -> Option<Option<u64>> {
        if let Some(rest) = self.items.rest().strip_prefix('~') {
            self.items.set_rest(rest);
            return Some(None);
        }
        let (n, rest) = self.items.rest().split_once(';')?;
        self.items.set_rest(rest);
        Some(Some(n.parse().ok()?))
    }

    fn bound(&mut self) -> Option<Option<Bound>> {
        let rest = self.items.rest();
        if let Some(rest) = rest.strip_prefix('~') {
            self.items.set_rest(rest);
            return Some(None);
        }
        let (n, after) = rest.split_once(';')?;
        self.items.set_rest(after);
        let bound = if let Some(v) = n.strip_prefix('i') {
            Bound::Int(v.parse().ok()?)
        } else if let Some(v) = n.strip_prefix('u') {
            Bound::UInt(v.parse().ok()?)
        } else {
            Bound::Float(n.strip_prefix('f')?.parse().ok()?)
        };
        Some(Some(bound))
    }
}

#[cfg(test)]
mod tests {
    use super::super::form::FieldKind;
    use super::*;
    use serde_json::Value;

    static TEXT: FormType = FormType {
        kind: FieldKind::String {
            format: None,
            min_length: None,
            max_length: None,
        },
        optional: false,
    };
    static MAYBE: FormType = FormType {
        kind: FieldKind::Number,
        optional: true,
    };

    static TYPES: &[&FormType] = &[&TEXT, &MAYBE];

    fn three() -> Option<Value> {
        Some(Value::from(3))
    }

    fn form(text: &'static str) -> &'static [FormField] {
        let packed = Box::leak(Box::new(PackedForm {
            text,
            types: TYPES,
            defaults: &[&three],
        }));
        packed.fields()
    }

    #[test]
    fn a_field_decodes_with_every_member() {
        let fields = form(
            "2;3;0;1;4:name2;1:n2:nm5:Title4:Desc3:\"x\"1;9;~2;i-5;f2.5;1;0;1;0;3:age0;~~~~~~~~u18446744073709551615;0;",
        );
        assert_eq!(fields.len(), 2);
        let f = &fields[0];
        assert_eq!((f.name, f.aliases), ("name", &["n", "nm"][..]));
        assert!(matches!(f.kind, FieldKind::String { .. }));
        assert!(!f.required, "a default fills it");
        assert!(f.legacy_enum_names);
        assert_eq!(
            (f.title, f.description, f.fill),
            (Some("Title"), Some("Desc"), Some("\"x\""))
        );
        assert_eq!(
            (f.min_length, f.max_length, f.min_items, f.max_items),
            (Some(1), Some(9), None, Some(2))
        );
        assert!(matches!(f.minimum, Some(Bound::Int(-5))));
        assert!(matches!(f.maximum, Some(Bound::Float(v)) if v == 2.5));
        assert_eq!(f.format, Some(Format::Email));
        assert_eq!(f.default.and_then(|d| d.json()), Some(Value::from(3)));
        let g = &fields[1];
        assert!(!g.required, "an optional type is not required");
        assert!(g.default.is_none() && g.title.is_none());
        assert!(matches!(g.maximum, Some(Bound::UInt(u64::MAX))));
    }

    #[test]
    fn a_required_field_of_a_required_type() {
        let fields = form("1;0;0;0;1:x0;~~~~~~~~~0;");
        assert!(fields[0].required);
    }

    #[test]
    fn malformed_text_decodes_to_no_fields() {
        for text in [
            "",
            "1;",
            "1;0;7;0;1:x0;~~~~~~~~~0;",
            "1;0;0;0;1:x0;~~~~~~~~~9;",
            "1;0;0;0;1:x0;~~~~~~~~~0;extra",
            "99999999999999999999;",
            "1;0;0;0;9:x",
            "1;0;0;0;1:x0;~~~~~~~x1;~0;",
            "1;0;0;2;1:x0;~~~~~~~~~0;",
        ] {
            assert!(form(text).is_empty(), "{text:?}");
        }
    }
}
