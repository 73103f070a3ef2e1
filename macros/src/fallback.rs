//! When the input has errors, a minimal impl keeps every use of the type from
//! failing too, so the user sees the real error and nothing else.

use proc_macro2::TokenStream;
use quote::quote;

pub fn tool_schema(input: &syn::DeriveInput, krate: &syn::Path) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::ToolSchema for #ident #ty_generics #where_clause {
            const SHAPE: &'static #krate::__private::Shape = &#krate::__private::Shape::Any;
        }
    }
}
