//! `toolform::dialect` (runtime/src/dialect): provider dialects, one file per concern
//! (lowering, decode, limits, planner) and per provider.

mod budget;
mod decode;
mod groq;
mod inline;
mod kimi;
mod limits;
mod lowering;
mod lowering_adversarial;
mod plan;
mod strict_args;
mod table;
