pub mod elicit_form;
pub mod emit;
pub mod packed;
pub mod tool_schema;
pub mod write;
