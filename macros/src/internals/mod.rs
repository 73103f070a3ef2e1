//! The input as the derives see it, in serde_derive's layout: `ctxt` collects
//! errors, `attr` reads our attributes (through darling receivers in
//! `receiver`), `ast` joins them with serde's own reading, `check` holds the
//! rules. Nothing here imports `expand`.

pub mod ast;
pub mod attr;
pub mod bound;
pub mod check;
pub mod ctxt;
pub mod format;
pub mod receiver;
