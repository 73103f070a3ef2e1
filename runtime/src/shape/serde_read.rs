//! How serde reads and writes a [`Shape`], decided once: the renderer (the
//! schema, both contracts), the argument plan (validation, input), the
//! walk and the dialect decoder ask here, so a serde rule lives in one place
//! and its users cannot drift apart.
//!
//! # Inventory: each rule, and where it was decided before
//!
//! | rule | function | before |
//! | --- | --- | --- |
//! | a field/variant exists on a side iff it has a name there (`skip_deserializing`, `skip_serializing`, `skip`) | [`field_name`], [`variant_name`] | render/objects (input_field, output_field, flatten), render/enums (variant_name), plan/objects, plan/enums, check/mod, check/keys, render/identity, dialect/decode |
//! | the names a field/variant is read under: the primary name, then the aliases (input only; none when primary names only) | [`field_aliases`], [`variant_names`] | render/objects (input_field), render/enums (variant_names), plan/objects (object), plan/enums (variant_names), dialect/decode/shapes |
//! | the tags `other` stands beside: every name of the known variants | [`known_tags`] | render/enums (known_tags), plan/enums (known_tags) |
//! | `#[serde(other)]` is a tag on input only; on output the variant writes its own name | [`reads_other`], [`has_other`] | render/enums (tag_value, external), plan/enums (tag_value, external), check/keys |
//! | untagged variants (the enum's or the variant's) come after the tagged ones, in declaration order; with one, serde buffers the whole value | [`variants`], [`is_untagged`], [`buffers`] | render/enums (split), plan/enums (enumeration), check/keys (enum_is_string), render/identity (reaches_buffer_rule), dialect/decode (enum_plan, untagged) |
//! | a tagged variant's index among the tagged ones is also a tag | [`Variants::tagged`] (its order) | plan/enums (internal, adjacent) |
//! | a field missing on input: `default`, else `None` for an `Option` (not through `deserialize_with`), else an error | [`missing`] | render/objects (input_field), plan/objects (object), dialect/decode/closed, dialect/decode/shapes |
//! | an internally tagged newtype's content beside the tag: a unit (the empty map), any, a map, a struct, an enum's forms, `Some` of them on input, else nothing | [`beside_tag`] | render/enums (beside_tag), plan/enums (internal: maps, structs and any only) |
//! | a field missing from an array (a struct read from one): only with `default` | [`missing_from_seq`] | args/check/mod (seq) |
//! | a field on output: always written unless `skip_serializing_if` (`Option::is_none`: absent exactly when `null`) | [`written`] | render/objects (output_field) |
//! | a field's shape per side (`serialize_with` writes another) | [`field_shape`] | render/objects (output_field, flatten) |
//! | an adjacently tagged variant's content: a unit's is optional `null` on input and not written; a newtype's may be missing when it reads `None`; else required | [`adjacent_content`] | render/enums (adjacent), plan/enums (adjacent) |
//! | internally tagged: tuple variants do not exist (serde refuses them) | [`internal_reads`] | render/enums (internal), plan/enums (internal) |
//! | a flattened field's contribution: `Option` (none or all), unit (no key), map (every key left), externally tagged enum (one key picks), struct (its keys), other (the whole object) | [`flattened`] | render/objects (flatten), plan/objects (flatten), dialect/decode/closed |
//! | an externally tagged enum in a shared map (flattened, beside a tag) reads neither its untagged nor its `other` variants from a key | [`keyed_variants`] | render/enums (flattened_external, enum_beside_tag), plan/enums (flattened_external) |
//! | a struct with a flattened field reads its own keys first, and never from an array; an untagged struct variant never from an array | [`own_keys`], [`reads_seq`], [`variant_reads_seq`] | render/objects (object), plan/objects (reads_seq), plan/enums (enumeration) |
//! | the keys a flattened value may write (output): a struct's, a tag, a variant's name, any for a map | [`flattened_written_keys`] | render/objects (flattened_keys) |
//! | newtypes, `transparent`, `from`/`into`: the shape on the wire per side | [`resolve`] | render/mod (Renderer::resolve), plan (resolve) |
//!
//! What stays with a user is how it says a rule (schema keywords, plan
//! rules, messages), and what depends on its own state (the renderer's
//! buffer mode, a dialect's spelling).

use super::{Body, Enum, Field, MapShape, Named, Repr, Shape, Struct, Variant, VariantBody};
use crate::Contract;

/// The name a variant has on this side; `None`: it does not exist there
/// (`skip_deserializing` / `skip_serializing`).
pub(crate) fn variant_name(v: &Variant, contract: Contract) -> Option<&'static str> {
    match contract {
        Contract::Input => v.de_name,
        Contract::Output => v.ser_name,
    }
}

/// Every tag serde reads (input) or writes (output) for a variant: its name,
/// then (input, unless `primary_only`) its aliases.
pub(crate) fn variant_names(
    v: &Variant,
    contract: Contract,
    primary_only: bool,
) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = variant_name(v, contract).into_iter().collect();
    if contract == Contract::Input && !primary_only {
        names.extend(v.aliases.iter().copied());
    }
    names
}

/// Every tag of the known (non-`other`) variants among `variants`.
pub(crate) fn known_tags(
    variants: &[&'static Variant],
    contract: Contract,
    primary_only: bool,
) -> Vec<&'static str> {
    variants
        .iter()
        .filter(|v| !v.other)
        .flat_map(|v| variant_names(v, contract, primary_only))
        .collect()
}

/// `#[serde(other)]` on this side: serde reads the variant for any tag no
/// other variant has (input); it writes the variant under its own name.
pub(crate) fn reads_other(v: &Variant, contract: Contract) -> bool {
    v.other && contract == Contract::Input
}

/// One of `variants` reads any other tag.
pub(crate) fn has_other(variants: &[&'static Variant], contract: Contract) -> bool {
    variants.iter().any(|v| reads_other(v, contract))
}

/// The variant is read and written without a tag.
pub(crate) fn is_untagged(e: &Enum, v: &Variant) -> bool {
    v.untagged || matches!(e.repr, Repr::Untagged)
}

/// An enum's variants on one side, in the order serde tries them.
pub(crate) struct Variants {
    /// The tagged variants, in declaration order (a variant's index here is
    /// also a tag serde reads).
    pub tagged: Vec<&'static Variant>,
    /// The untagged ones, tried after the tagged ones, in declaration order.
    pub untagged: Vec<&'static Variant>,
    /// serde reads the whole value into its buffer first (an untagged enum,
    /// or any untagged variant, even one that does not exist on this side).
    pub buffers: bool,
}

/// The variants of `e` that exist on this side, tagged ones apart.
pub(crate) fn variants(e: &'static Enum, contract: Contract) -> Variants {
    let (untagged, tagged) = e
        .variants
        .iter()
        .filter(|v| variant_name(v, contract).is_some())
        .partition(|v| is_untagged(e, v));
    Variants {
        tagged,
        untagged,
        buffers: buffers(e),
    }
}

/// serde reads the whole value of `e` into its buffer before it picks a
/// variant: an untagged enum, or one with any untagged variant (even one
/// that does not exist on this side).
pub(crate) fn buffers(e: &Enum) -> bool {
    matches!(e.repr, Repr::Untagged) || e.variants.iter().any(|v| v.untagged)
}

/// The variants an externally tagged enum reads from one key of a map it
/// shares (flattened, or beside another enum's tag): those on this side,
/// neither untagged nor `other` (serde looks for a variant's own name).
pub(crate) fn keyed_variants(
    e: &'static Enum,
    contract: Contract,
) -> impl Iterator<Item = &'static Variant> {
    e.variants
        .iter()
        .filter(move |v| variant_name(v, contract).is_some() && !v.untagged && !v.other)
}

/// An internally tagged variant exists: serde refuses tuple variants there.
pub(crate) fn internal_reads(v: &Variant) -> bool {
    !matches!(v.body, VariantBody::Tuple(_))
}

/// The content key of an adjacently tagged variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AdjacentContent {
    /// Present, always.
    Required,
    /// A unit variant on input: may be missing, else `null`.
    UnitNull,
    /// A unit variant on output: serde writes the tag alone.
    NotWritten,
    /// A newtype variant whose content reads `None` when missing (serde's
    /// missing-field reader hands `None` to an `Option`, through `Box` and
    /// `transparent`).
    MissingIsNone,
}

/// How serde reads or writes an adjacently tagged variant's content.
pub(crate) fn adjacent_content(v: &Variant, contract: Contract) -> AdjacentContent {
    match (&v.body, contract) {
        (VariantBody::Unit, Contract::Input) => AdjacentContent::UnitNull,
        (VariantBody::Unit, Contract::Output) => AdjacentContent::NotWritten,
        (VariantBody::Newtype(inner), Contract::Input) if inner().missing_is_none() => {
            AdjacentContent::MissingIsNone
        }
        _ => AdjacentContent::Required,
    }
}

/// What an internally tagged newtype variant's content is beside the tag
/// (after newtypes, `transparent` and this side's conversion).
#[derive(Debug, Clone, Copy)]
pub(crate) enum BesideTag {
    /// `()` or a unit struct: serde writes the tag alone, and reads it from
    /// the empty map of the other keys (from its owned buffer only).
    Unit,
    /// Any value: any object.
    Any,
    /// A map (the shape, and its key and value): the other keys.
    Map(&'static Shape, &'static MapShape),
    /// A struct (the shape): its fields.
    Struct(&'static Shape),
    /// An enum: each of its forms as a map.
    Enum(&'static Enum),
    /// Nothing: serde can neither write nor read a tag beside this value.
    Nothing,
}

/// What serde reads (input) or writes (output) beside an internally tagged
/// enum's tag for the newtype content `shape`. serde reads the content from
/// a map of the other keys, and writes it through a serializer that puts
/// the tag first and refuses anything but a map, a struct, a unit or an
/// enum variant; it reads `Some` of what the map holds, never `None`, and
/// refuses to write either.
pub(crate) fn beside_tag(shape: &'static Shape, contract: Contract) -> BesideTag {
    let mut shape = resolve(shape, contract);
    // Bounded like `resolve`: `Option<Option<..>>` has a finite depth.
    for _ in 0..256 {
        let body = match shape {
            Shape::Null => return BesideTag::Unit,
            Shape::Option(inner) if contract == Contract::Input => {
                shape = resolve(inner, contract);
                continue;
            }
            Shape::Any => return BesideTag::Any,
            Shape::Map(map) => return BesideTag::Map(shape, map),
            Shape::Named(named) => named.body(),
            _ => return BesideTag::Nothing,
        };
        return match body {
            Body::Unit => BesideTag::Unit,
            Body::Struct(_) => BesideTag::Struct(shape),
            Body::Enum(e) => BesideTag::Enum(e),
            // A conversion in this direction was followed already: the
            // type's own body (a struct or an enum; the renderer never
            // offered a converted unit).
            Body::Convert(c) => match c.body() {
                Body::Struct(_) => BesideTag::Struct(shape),
                Body::Enum(e) => BesideTag::Enum(e),
                _ => BesideTag::Nothing,
            },
            _ => BesideTag::Nothing,
        };
    }
    BesideTag::Nothing
}

/// The key a field has on this side; `None`: it does not exist there.
pub(crate) fn field_name(f: &Field, contract: Contract) -> Option<&'static str> {
    match contract {
        Contract::Input => f.de_name,
        Contract::Output => f.ser_name,
    }
}

/// The field's shape as serde reads (input) or writes (output) it.
pub(crate) fn field_shape(f: &Field, contract: Contract) -> &'static Shape {
    match contract {
        Contract::Input => (f.shape)(),
        Contract::Output => (f.ser_shape)(),
    }
}

/// The further keys serde reads a field under (input), after its name.
pub(crate) fn field_aliases(
    f: &'static Field,
    contract: Contract,
    primary_only: bool,
) -> &'static [&'static str] {
    if contract == Contract::Input && !primary_only {
        f.aliases
    } else {
        &[]
    }
}

/// Why serde reads a struct without one of its fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Missing {
    /// `#[serde(default)]` (on the field or the container).
    Default,
    /// An `Option` (not read through `deserialize_with`): `None`.
    IsNone,
}

/// Whether serde reads a struct whose document lacks this field (input).
pub(crate) fn missing(f: &Field) -> Option<Missing> {
    if f.has_default {
        Some(Missing::Default)
    } else if !f.deserialize_with && (f.shape)().missing_is_none() {
        Some(Missing::IsNone)
    } else {
        None
    }
}

/// Whether serde reads a struct from an array that ends before this field
/// (input): only with `#[serde(default)]`; an `Option` is no exception.
pub(crate) fn missing_from_seq(f: &Field) -> bool {
    f.has_default
}

/// Whether serde writes a field (output).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Written {
    /// Always.
    Always,
    /// `skip_serializing_if = "Option::is_none"`: absent exactly when `null`.
    SkipIfNone,
    /// Another `skip_serializing_if`: maybe absent.
    SkipIf,
}

/// Whether serde writes this field, and when not.
pub(crate) fn written(f: &Field) -> Written {
    match (f.skip_serializing_if, f.skip_if_none) {
        (false, _) => Written::Always,
        (true, true) => Written::SkipIfNone,
        (true, false) => Written::SkipIf,
    }
}

/// The keys a struct with a flattened field reads itself (input: every
/// name and alias of its own fields), whatever their order in the
/// document: a flattened field never sees them.
pub(crate) fn own_keys(s: &'static Struct) -> impl Iterator<Item = &'static str> {
    s.fields
        .iter()
        .filter(|f| !f.flatten)
        .filter_map(|f| f.de_name.map(|name| (name, f.aliases)))
        .flat_map(|(name, aliases)| std::iter::once(name).chain(aliases.iter().copied()))
}

/// serde's derive reads a struct from an array of its fields too, unless a
/// field is flattened.
pub(crate) fn reads_seq(s: &Struct) -> bool {
    !s.fields.iter().any(|f| f.flatten && f.de_name.is_some())
}

/// Whether serde reads the struct variant `v` (fields `s`) of `e` from an
/// array too: a tagged one as [`reads_seq`] says; serde's derive reads an
/// untagged struct variant from a map only.
pub(crate) fn variant_reads_seq(e: &Enum, v: &Variant, s: &Struct) -> bool {
    !is_untagged(e, v) && reads_seq(s)
}

/// What a flattened field contributes to its parent's object, by the shape
/// on the wire ([`resolve`]).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Flattened {
    /// `Option<T>`: serde reads `None` whenever `T` fails (input), writes
    /// no key for `None` (output).
    Optional(&'static Shape),
    /// A unit: no key, read or written.
    Nothing,
    /// A map: every key the parent and the earlier flattened structs left.
    Map(&'static MapShape),
    /// An externally tagged enum: the first key naming a variant picks it.
    External(&'static Enum),
    /// A struct: its own keys, which later flattened fields do not see.
    Struct,
    /// Anything else reads the parent's object as a whole.
    Whole,
}

/// What a flattened field whose wire shape is `resolved` contributes.
pub(crate) fn flattened(resolved: &'static Shape) -> Flattened {
    match resolved {
        Shape::Option(inner) => Flattened::Optional(inner),
        Shape::Null => Flattened::Nothing,
        Shape::Map(map) => Flattened::Map(map),
        Shape::Named(named) => match named.body() {
            Body::Unit => Flattened::Nothing,
            Body::Enum(e) if matches!(e.repr, Repr::External) => Flattened::External(e),
            Body::Struct(_) => Flattened::Struct,
            _ => Flattened::Whole,
        },
        _ => Flattened::Whole,
    }
}

/// The keys `shape` may write when flattened (output); `None` when they
/// are any (a map, any value). Iterative; each named type once.
pub(crate) fn flattened_written_keys(shape: &'static Shape) -> Option<Vec<&'static str>> {
    let mut keys = Vec::new();
    let mut work = vec![shape];
    let mut seen: Vec<*const Named> = Vec::new();
    let fields =
        |s: &'static Struct, keys: &mut Vec<&'static str>, work: &mut Vec<&'static Shape>| {
            for f in s.fields {
                match (f.flatten, field_name(f, Contract::Output)) {
                    (_, None) => {}
                    (true, Some(_)) => work.push(field_shape(f, Contract::Output)),
                    (false, Some(name)) => keys.push(name),
                }
            }
        };
    while let Some(shape) = work.pop() {
        match resolve(shape, Contract::Output) {
            Shape::Option(inner) => work.push(inner),
            Shape::Map(_) | Shape::Any => return None,
            Shape::Named(named) => {
                if seen.contains(&(*named as *const Named)) {
                    continue;
                }
                seen.push(*named as *const Named);
                match named.body() {
                    Body::Struct(s) => fields(s, &mut keys, &mut work),
                    Body::Enum(e) => {
                        for v in e.variants {
                            let Some(name) = variant_name(v, Contract::Output) else {
                                continue;
                            };
                            let untagged = is_untagged(e, v);
                            match e.repr {
                                Repr::External if !untagged => keys.push(name),
                                Repr::Adjacent { tag, content } if !untagged => {
                                    keys.extend([tag, content])
                                }
                                Repr::Internal { tag } if !untagged => keys.push(tag),
                                _ => {}
                            }
                            if untagged || matches!(e.repr, Repr::Internal { .. }) {
                                match v.body {
                                    VariantBody::Struct(s) => fields(s, &mut keys, &mut work),
                                    VariantBody::Newtype(inner) => work.push(inner()),
                                    VariantBody::Unit | VariantBody::Tuple(_) => {}
                                }
                            }
                        }
                    }
                    // A conversion for this contract was followed; a
                    // unit writes nothing; anything else is no map.
                    _ => {}
                }
            }
            _ => {}
        }
    }
    Some(keys)
}

/// An externally tagged enum, when `shape` (on the wire) is one.
pub(crate) fn external_enum(shape: &'static Shape) -> Option<&'static Enum> {
    match flattened(shape) {
        Flattened::External(e) => Some(e),
        _ => None,
    }
}

/// Follows newtypes, `transparent` and the conversion for this side
/// (`from`/`try_from` on input, `into` on output) to the shape on the wire.
/// Bounded: a chain that loops has no finite wire form.
pub(crate) fn resolve(shape: &'static Shape, contract: Contract) -> &'static Shape {
    let mut shape = shape;
    for _ in 0..256 {
        let Shape::Named(named) = shape else { break };
        shape = match (named.body(), contract) {
            (Body::Newtype(inner) | Body::Transparent(inner), _) => inner(),
            (Body::Convert(c), Contract::Input) => match c.input {
                Some(input) => input(),
                None => break,
            },
            (Body::Convert(c), Contract::Output) => match c.output {
                Some(output) => output(),
                None => break,
            },
            _ => break,
        };
    }
    shape
}
