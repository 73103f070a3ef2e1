pub mod tool_schema;
