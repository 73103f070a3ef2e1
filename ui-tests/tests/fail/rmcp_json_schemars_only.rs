// A half-migration: the arguments or the result type still derive only
// schemars. With rmcp's own `Parameters`/`Json` it would compile and
// advertise schemars' schemas, with no toolform check behind them;
// toolform's require `T: ToolSchema`, at the type written in the signature.
use rmcp::{tool, tool_router};
use toolform::rmcp::{Json, Parameters};

#[derive(serde::Serialize, schemars::JsonSchema)]
struct Booked {
    seats: u32,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Book {
    seats: u32,
}

struct Server;

#[tool_router]
impl Server {
    #[tool(description = "Books seats")]
    async fn book(&self) -> Json<Booked> {
        Json(Booked { seats: 1 })
    }

    #[tool(description = "Books seats")]
    async fn book_args(&self, Parameters(book): Parameters<Book>) -> String {
        book.seats.to_string()
    }
}

fn main() {
    let _ = Server::tool_router();
}
