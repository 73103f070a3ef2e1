pub mod elicit_form;
pub mod emit;
pub mod tool_schema;
