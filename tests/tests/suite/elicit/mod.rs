//! `toolform::elicit` (runtime/src/elicit): forms, the gate and answers.

mod answers_hostile;
mod form;
mod gate;
mod gate_edges;
mod gate_trust;
mod hostile;
mod null;
mod packed;
