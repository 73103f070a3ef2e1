//! The names serde reads and writes, per field and variant, and the aliases
//! it reads besides them.

use super::Gen;
use crate::internals::model::{Field as FieldModel, WireType};
use serde_derive_internals::ast::Field;
use serde_derive_internals::name::Name;

impl Gen<'_, '_> {
    /// A field's Rust name, the name of each direction serde does not skip,
    /// and the wire type serde writes (one wire type when both directions
    /// share name and type).
    pub(super) fn field_names<'f>(
        &self,
        field: &'f Field,
        ours: &'f FieldModel,
    ) -> (String, Option<&'f str>, Option<&'f str>, &'f WireType) {
        let fa = &field.attrs;
        let rust_name = match &field.member {
            syn::Member::Named(ident) => ident.to_string(),
            syn::Member::Unnamed(index) => index.index.to_string(),
        };
        match (&ours.one_name, ours.one_wire) {
            (Some(name), true) => (
                rust_name,
                Some(name.as_str()),
                Some(name.as_str()),
                &ours.de,
            ),
            _ => {
                let names = (fa.name().serialize_name(), fa.name().deserialize_name());
                let (ser, de) = self.names(names, fa.skip_serializing(), fa.skip_deserializing());
                (rust_name, ser, de, &ours.ser)
            }
        }
    }

    /// The name of each direction serde does not skip.
    pub(super) fn names<'n>(
        &self,
        (ser, de): (&'n Name, &'n Name),
        skip_ser: bool,
        skip_de: bool,
    ) -> (Option<&'n str>, Option<&'n str>) {
        let name = |skip: bool, n: &'n Name| (!skip).then_some(n.value.as_str());
        (name(skip_ser, ser), name(skip_de, de))
    }
}

/// The aliases serde reads besides the name itself.
pub(super) fn aliases(de: &Name, all: &std::collections::BTreeSet<Name>) -> Vec<String> {
    all.iter()
        .map(|a| a.value.clone())
        .filter(|a| *a != de.value)
        .collect()
}
