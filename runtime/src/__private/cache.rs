//! The rendered schemas of a derived type, cached in its own `static`, and
//! the shape of a type as a function the generated consts can point at.

use super::*;

/// A derived type's schema in its own `static`: the read is inlined (a
/// pointer load once filled), the fill is one non-generic function for every
/// type, so a derive adds a static and a call rather than an instantiation of
/// `OnceLock::get_or_init` (measured in the compile-time benchmark). Inlined
/// in optimized builds only: in debug builds an `#[inline]` function is
/// compiled again in every crate that calls it, which the benchmark showed to
/// cost more than it saves.
#[cfg_attr(not(debug_assertions), inline)]
pub fn cached_in(
    cell: &'static OnceLock<Value>,
    shape: &'static Shape,
    contract: Contract,
) -> &'static Value {
    match cell.get() {
        Some(schema) => schema,
        None => fill(cell, shape, contract),
    }
}

#[cold]
#[inline(never)]
fn fill(
    cell: &'static OnceLock<Value>,
    shape: &'static Shape,
    contract: Contract,
) -> &'static Value {
    cell.get_or_init(|| render(shape, contract))
}

/// The two schemas of a derived type without type parameters, in one
/// `static` per type; the reads are [`cached_in`]'s. One item instead of
/// two, and a shorter expansion.
pub struct Schemas {
    input: OnceLock<Value>,
    output: OnceLock<Value>,
}

// SAFETY: `Schemas` is two `OnceLock<Value>`s, which are `Sync` and `Send`
// (checked below, once, in this crate). Stated by hand so that the `static`
// the derive writes per type is checked against this impl, not by walking
// `Value`'s recursive type for the auto trait in every user crate, once per
// `static` (bench/compile_time/EXPANSION.md).
unsafe impl Sync for Schemas {}

const _: fn() = || {
    fn sync_send<T: Sync + Send>() {}
    sync_send::<OnceLock<Value>>();
    sync_send::<OnceLock<crate::shape::Body>>();
    sync_send::<OnceLock<&'static [crate::elicit::FormField]>>();
};

impl Schemas {
    /// Both empty. A `const`, not a `const fn`, for the generated
    /// `static`: a call in a `const` initializer costs rustc's const
    /// evaluator far more than a constant (bench/compile_time/EXPANSION.md).
    #[allow(clippy::declare_interior_mutable_const)]
    pub const EMPTY: Schemas = Schemas {
        input: OnceLock::new(),
        output: OnceLock::new(),
    };

    /// The input schema of `shape`, rendered on first use.
    #[cfg_attr(not(debug_assertions), inline)]
    pub fn input(&'static self, shape: &'static Shape) -> &'static Value {
        cached_in(&self.input, shape, Contract::Input)
    }

    /// The output schema of `shape`, rendered on first use.
    #[cfg_attr(not(debug_assertions), inline)]
    pub fn output(&'static self, shape: &'static Shape) -> &'static Value {
        cached_in(&self.output, shape, Contract::Output)
    }
}

/// Both caches of a derived type without type or const parameters, its two
/// schemas and its decoded packed body, in the one `static` the derive
/// writes per type: one item instead of two, which every build after an
/// edit hashes, lowers and reloads again (bench/compile_time/EXPANSION.md).
pub struct Cache {
    /// The rendered schemas ([`ToolSchema::__SCHEMAS`](crate::ToolSchema)).
    pub schemas: Schemas,
    /// The decoded body ([`Packed::cache`](crate::shape::packed::Packed)).
    pub body: crate::shape::Decoded,
}

// SAFETY: a `Schemas` and a `Decoded`, both `Sync` (their own impls). Stated
// by hand, as theirs are, so a user crate proves it with one lookup.
unsafe impl Sync for Cache {}

impl Cache {
    /// Both empty; a `const` for the derive's `static` (see [`Schemas::EMPTY`]).
    #[allow(clippy::declare_interior_mutable_const)]
    pub const EMPTY: Cache = Cache {
        schemas: Schemas::EMPTY,
        body: crate::shape::Decoded::EMPTY,
    };
}

/// The shape of `T`, as a function the generated consts can point at.
#[inline]
pub fn shape_of<T: ToolSchema + ?Sized>() -> &'static Shape {
    T::SHAPE
}
