pub mod elicit_form;
pub mod tool_schema;
