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

    fn cell(&self, contract: Contract) -> &OnceLock<Value> {
        match contract {
            Contract::Input => &self.input,
            Contract::Output => &self.output,
        }
    }
}

/// The schema of `contract` of a type: in the cache its packed body points
/// at (every derived struct with named fields and enum with data, without
/// type parameters), else in its own [`Schemas`] (`own`: the other derived
/// types without type parameters), else in the process-wide cache keyed by
/// shape. The derive writes one `static` per type, inside its `SHAPE` (or
/// `__SCHEMAS`) constant: no item of its own (bench/compile_time/EXPANSION.md).
#[cfg_attr(not(debug_assertions), inline)]
pub fn schema_of(
    shape: &'static Shape,
    own: Option<&'static Schemas>,
    contract: Contract,
) -> &'static Value {
    match (crate::shape::own_cache(shape), own) {
        (Some(cache), _) => cached_in(cache.schema_cell(contract), shape, contract),
        (None, Some(own)) => cached_in(own.cell(contract), shape, contract),
        (None, None) => crate::render::cached(shape, contract),
    }
}

/// The shape of `T`, as a function the generated consts can point at.
#[inline]
pub fn shape_of<T: ToolSchema + ?Sized>() -> &'static Shape {
    T::SHAPE
}
