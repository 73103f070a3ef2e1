//! The integrations (runtime/src/integrations): schemars, rmcp (`toolform::rmcp`: parameters,
//! output, rounds, elicitation), async-openai and rig.

mod args;
mod ask;
mod ask_again;
mod ask_url;
mod call_arguments;
mod dropin;
mod every_revision;
mod llm_crates;
mod nonobject;
mod rounds_trust;
mod schemars_rmcp;
