//! The forgiving decode of model-written arguments: repairs that have exactly
//! one reading, each reported; everything else refused.
//!
//! Under construction (issue 40): nothing public yet.
