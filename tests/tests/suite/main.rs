//! The integration tests of `toolform-tests`, in one binary: one link instead of one per
//! file keeps `cargo test --workspace` small on disk and quick to link.

// Test corpora hold fields only serde and the validator read.
#![allow(dead_code)]

mod answers_hostile;
mod args;
mod args_rmcp;
mod attr_spellings;
mod beside_validators;
mod compat;
mod constraints;
mod dialect_budget;
mod dialect_decode;
mod dialect_groq;
mod dialect_inline;
mod dialect_kimi;
mod dialect_limits;
mod dialect_llm_crates;
mod dialect_lowering;
mod dialect_lowering_adversarial;
mod dialect_plan;
mod dialect_strict_args;
mod dialects;
mod documented_limits;
mod ecosystem;
mod elicit;
mod enums;
mod foreign_types;
mod forms_gate;
mod forms_hostile;
mod forms_null;
mod forms_packed;
mod gate;
mod gate_trust;
mod header_derive;
mod header_types;
mod headers;
mod headers_http;
mod hostile;
mod integrations;
mod items;
mod known_with;
mod layers;
mod lenient;
mod migration;
mod nonobject;
mod packaging;
mod parse_args_input;
mod public_api;
mod rmcp_ask;
mod rmcp_ask_again;
mod rmcp_ask_url;
mod rmcp_call_arguments;
mod rmcp_dropin;
mod rmcp_every_revision;
mod rounds_trust;
mod schema_model;
mod schema_truth;
mod settings;
mod std_types;
mod structs;
mod trust_args;
mod variant_docs;
mod wire_edges;
