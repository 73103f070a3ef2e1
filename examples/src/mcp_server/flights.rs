//! Flights: `search_flights` and `book_trip` (a form asked of the user),
//! and with `contrast` on the same search with the output schemas schemars
//! derives.

use super::*;

/// Where and when to fly.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SearchFlights {
    /// IATA code of the departure airport.
    #[schema(length(min = 3, max = 3))]
    pub origin: String,
    /// IATA code of the arrival airport.
    #[schema(length(min = 3, max = 3))]
    pub destination: String,
    /// Seats to book.
    #[serde(default = "one")]
    #[schema(range(min = 1, max = 9))]
    pub passengers: u8,
    /// Only flights leaving after this instant.
    #[serde(default)]
    pub depart_after: Option<DateTime<Utc>>,
    #[serde(default)]
    pub cabin: Cabin,
    /// At most this many flights (all when absent).
    pub max_results: Option<u32>,
}

fn one() -> u8 {
    1
}

/// Cabin class.
#[derive(Debug, Default, Clone, Copy, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
pub enum Cabin {
    #[default]
    Economy,
    Business,
    First,
}

/// Flights found.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchResult {
    pub flights: Vec<Flight>,
    /// Present only when something was off with the query.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// A cursor for more results, when there are more.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_page: Option<String>,
    /// Mean price of the flights found: NaN (written as `null`) when none.
    pub mean_price: f64,
}

/// One flight.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
pub struct Flight {
    pub number: String,
    pub origin: String,
    pub destination: String,
    pub departs: DateTime<Utc>,
    pub price: f64,
}

/// A deterministic timetable: three flights a day between any two airports.
pub fn search(args: &SearchFlights) -> Result<SearchResult, ErrorData> {
    if !(1..=9).contains(&args.passengers) {
        return Err(ErrorData::invalid_params(
            format!("passengers must be 1 to 9, got {}", args.passengers),
            None,
        ));
    }
    let mut warnings = Vec::new();
    let mut flights = Vec::new();
    if args.origin.eq_ignore_ascii_case(&args.destination) {
        warnings.push(format!("{} is both origin and destination", args.origin));
    } else {
        let base = Utc
            .with_ymd_and_hms(2026, 12, 1, 6, 0, 0)
            .single()
            .unwrap_or_default();
        let after = args.depart_after.unwrap_or(base).max(base);
        let cabin_factor = match args.cabin {
            Cabin::Economy => 1.0,
            Cabin::Business => 3.5,
            Cabin::First => 6.0,
        };
        for i in 0..5u32 {
            flights.push(Flight {
                number: format!("TF{}", 100 + i),
                origin: args.origin.to_uppercase(),
                destination: args.destination.to_uppercase(),
                departs: after + Duration::hours(4 * i64::from(i) + 1),
                price: (89.5 + 20.0 * f64::from(i)) * cabin_factor * f64::from(args.passengers),
            });
        }
    }
    let limit = args.max_results.map_or(flights.len(), |m| m as usize);
    let next_page = (limit < flights.len()).then(|| format!("page-{limit}"));
    flights.truncate(limit);
    let mean_price = flights.iter().map(|f| f.price).sum::<f64>() / flights.len() as f64;
    Ok(SearchResult {
        flights,
        warnings,
        next_page,
        mean_price,
    })
}

// ---------------------------------------------------------------- booking

/// Which flight to book.
#[derive(Debug, Deserialize, ToolSchema)]
pub struct BookTrip {
    /// A flight number from `search_flights`.
    pub flight: String,
}

/// A seat preference (a titled single select).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
#[schema(titled)]
pub enum Seat {
    /// Window seat
    Window,
    /// Aisle seat
    Aisle,
    /// Middle seat
    Middle,
}

/// The traveller, asked of the user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToolSchema, ElicitForm)]
pub struct Traveller {
    /// Full name, as on the passport
    #[elicit(length(min = 1, max = 80))]
    pub name: String,
    /// Where to send the tickets
    #[elicit(format = "email")]
    pub email: String,
    pub seat: Seat,
    /// Checked bags
    #[serde(default = "one")]
    #[elicit(default = 1, range(min = 0, max = 3))]
    pub bags: u8,
    /// Send me offers
    #[serde(default)]
    #[elicit(default = false)]
    pub newsletter: bool,
}

/// What `book_trip` did.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
pub struct Booking {
    pub status: BookingStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirmation: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub traveller: Option<Traveller>,
}

/// Booked, or why not.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
pub enum BookingStatus {
    Booked,
    Declined,
    Cancelled,
}

#[tool_router(router = flights_router, vis = "pub(super)")]
impl ExampleServer {
    /// Flights between two airports. The arguments are read with
    /// `toolform::rmcp::Parameters`: every constraint of the input schema is
    /// held, and a bad call comes back as a tool result with `isError: true`
    /// naming every violation, for the model to fix. rmcp's `#[tool]` finds
    /// both schemas in the signature.
    #[tool(description = "Search flights between two airports")]
    async fn search_flights(
        &self,
        Parameters(args): Parameters<SearchFlights>,
    ) -> Result<Json<SearchResult>, ErrorData> {
        search(&args).map(Json)
    }

    /// Books a flight, asking the user who travels.
    #[tool(
        description = "Book a flight; asks the user for the traveller's details",
        output_schema = toolform::rmcp::output_schema::<Booking>()
    )]
    async fn book_trip(
        &self,
        Parameters(args): Parameters<BookTrip>,
        InputResponses(responses): InputResponses,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let message = format!("Who is flying on {}?", args.flight);
        let answer =
            match ask::<Traveller>(&context, responses.as_ref(), "traveller", message).await? {
                Asked::InputRequired(result) => return Ok(result.into()),
                Asked::Answered(answer) => answer,
            };
        let booking = match answer {
            Elicited::Accepted(traveller) => Booking {
                status: BookingStatus::Booked,
                confirmation: Some(format!("{}-{}", args.flight, traveller.name.len())),
                traveller: Some(traveller),
            },
            Elicited::Declined => Booking {
                status: BookingStatus::Declined,
                confirmation: None,
                traveller: None,
            },
            Elicited::Cancelled => Booking {
                status: BookingStatus::Cancelled,
                confirmation: None,
                traveller: None,
            },
        };
        let value = serde_json::to_value(&booking)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(CallToolResult::structured(value).into())
    }
}

#[tool_router(router = contrast_router, vis = "pub(super)")]
impl ExampleServer {
    /// The search tool with schemars' deserialize-contract output schema.
    #[tool(
        description = "search_flights, output schema by schemars (deserialize contract)",
        output_schema = rmcp::handler::server::tool::schema_for_type::<contrast::SearchResult>()
    )]
    async fn search_flights_schemars_deserialize(
        &self,
        Parameters(args): Parameters<SearchFlights>,
    ) -> Result<CallToolResult, ErrorData> {
        structured(search(&args)?)
    }

    /// The search tool with schemars' serialize-contract output schema (what
    /// rmcp's `Json<T>` gives a schemars-derived `T`).
    #[tool(
        description = "search_flights, output schema by schemars (serialize contract)",
        output_schema = rmcp::handler::server::tool::schema_for_output::<contrast::SearchResult>()
    )]
    async fn search_flights_schemars_serialize(
        &self,
        Parameters(args): Parameters<SearchFlights>,
    ) -> Result<CallToolResult, ErrorData> {
        structured(search(&args)?)
    }
}

fn structured(result: SearchResult) -> Result<CallToolResult, ErrorData> {
    serde_json::to_value(&result)
        .map(CallToolResult::structured)
        .map_err(|e| ErrorData::internal_error(e.to_string(), None))
}
