//! Runnable examples: see the `[[example]]` entries in Cargo.toml.
