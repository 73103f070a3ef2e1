//! What `#[derive(ToolSchema)]` writes (macros/, runtime/src/shape): structs, enums, the
//! attributes and their spellings (and beside validator and garde), judged against serde.

mod attr_spellings;
mod beside_validators;
mod constraints;
mod defaults;
mod enums;
mod items;
mod structs;
mod variant_docs;
