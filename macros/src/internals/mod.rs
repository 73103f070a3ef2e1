//! The input as the derives see it, in serde_derive's layout: `ctxt`
//! collects errors; `attr` reads our attributes into one validated model per
//! place (through `keys`, the darling receivers in `receiver`, `value` and
//! `doc`); `serde_attr` reads what serde's attributes say about the wire;
//! `ast` joins them with serde's own reading; `check` holds the rules and
//! makes the decisions, producing the `model` the emitters consume; `bound`
//! finds type parameters; `prim` reads the
//! primitive types a field names, `fit` whether a bound fits the type it
//! bounds. Nothing here imports `expand`.

pub mod ast;
pub mod attr;
pub mod bound;
pub mod check;
pub mod ctxt;
pub mod doc;
pub mod fit;
pub mod foreign;
pub mod input;
pub mod key_form;
pub mod keys;
pub mod model;
pub mod prim;
pub mod receiver;
pub mod serde_attr;
pub mod value;
