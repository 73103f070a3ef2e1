//! Derive macros for [toolform](https://docs.rs/toolform). Depend on `toolform`,
//! which re-exports them; this crate alone is not useful.

mod expand;
mod internals;

use proc_macro::TokenStream;

/// Derives `toolform::ToolSchema`: the input and output JSON Schemas of a type,
/// read from its serde attributes. See the `toolform` crate for the rules.
#[proc_macro_derive(ToolSchema, attributes(schema, schemars, validate, garde))]
pub fn derive_tool_schema(input: TokenStream) -> TokenStream {
    let mut input = syn::parse_macro_input!(input with internals::input::derive_input);
    let taken = internals::serde_attr::take_paths(&mut input);
    guard(&input, || expand::tool_schema::derive(&input, taken)).into()
}

/// Derives `toolform::elicit::ElicitForm`: a flat struct as an MCP
/// elicitation form, checked at compile time, with a parser for the answer.
#[proc_macro_derive(ElicitForm, attributes(elicit, schemars, validate, garde))]
pub fn derive_elicit_form(input: TokenStream) -> TokenStream {
    let mut input = syn::parse_macro_input!(input with internals::input::derive_input);
    let taken = internals::serde_attr::take_paths(&mut input);
    guard(&input, || expand::elicit_form::derive(&input, taken)).into()
}

/// Runs a derive, turning a panic (a bug in toolform) into a compile error
/// instead of an opaque "proc macro panicked".
fn guard(
    input: &syn::DeriveInput,
    run: impl FnOnce() -> proc_macro2::TokenStream + std::panic::UnwindSafe,
) -> proc_macro2::TokenStream {
    match std::panic::catch_unwind(run) {
        Ok(tokens) => tokens,
        Err(payload) => {
            let detail = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            syn::Error::new_spanned(
                &input.ident,
                format!(
                    "toolform: internal error while deriving for this type ({detail}); \
                     please report it with the type definition"
                ),
            )
            .to_compile_error()
        }
    }
}
