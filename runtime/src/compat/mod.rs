//! Schema evolution: a directional breaking-change check between two versions
//! of a schema or of a `tools/list` result, and contract fingerprints.
//!
//! Under construction (issue 39): nothing public yet.
