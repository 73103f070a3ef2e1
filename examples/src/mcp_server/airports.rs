//! Non-object results: `list_airports` and `find_airport`.

use super::*;

/// An airport the example flies from.
#[derive(Debug, Clone, Serialize, ToolSchema)]
pub struct Airport {
    /// IATA code.
    pub code: String,
    /// The city it serves.
    pub city: String,
}

/// The airports the example serves.
pub fn airports() -> Vec<Airport> {
    [
        ("LHR", "London"),
        ("CDG", "Paris"),
        ("JFK", "New York"),
        ("NRT", "Tokyo"),
    ]
    .into_iter()
    .map(|(code, city)| Airport {
        code: code.into(),
        city: city.into(),
    })
    .collect()
}

/// Which airport.
#[derive(Debug, Deserialize, ToolSchema)]
#[serde(deny_unknown_fields)]
pub struct FindAirport {
    /// IATA code, any case.
    pub code: String,
}

#[tool_router(router = airports_router, vis = "pub(super)")]
impl ExampleServer {
    /// A list as the structured result.
    #[tool(description = "The airports served (a list: non-object structured content)")]
    async fn list_airports(&self) -> Json<Vec<Airport>> {
        Json(airports())
    }

    /// `Option<Airport>`: an object or `null`, a non-object schema either way.
    #[tool(description = "The airport with an IATA code, or null (non-object structured content)")]
    async fn find_airport(
        &self,
        Parameters(args): Parameters<FindAirport>,
    ) -> Json<Option<Airport>> {
        Json(
            airports()
                .into_iter()
                .find(|a| a.code.eq_ignore_ascii_case(&args.code)),
        )
    }
}
