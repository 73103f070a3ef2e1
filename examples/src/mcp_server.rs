//! An MCP server on rmcp whose tools take and return toolform-derived types.
//!
//! - `search_flights`: defaults, `Option`s, a `DateTime` and declared
//!   constraints in, read with [`toolform::rmcp::Parameters`] (a bad call comes
//!   back as a tool result with `isError: true` naming every violation); a
//!   result with `skip_serializing_if` fields and a float that can be NaN out,
//!   returned as [`toolform::rmcp::Json`]. rmcp's `#[tool]` finds both schemas
//!   in the signature; every tool takes `toolform::rmcp::Parameters<T>`.
//! - `book_trip`: asks the user for a [`Traveller`] form with
//!   [`toolform::rmcp::ask`] (an `elicitation/create` request, or under protocol
//!   2026-07-28 an `InputRequiredResult`) and echoes the typed value back.
//! - `test_elicitation`, `test_elicitation_sep1034_defaults`,
//!   `test_elicitation_sep1330_enums`: the tools the MCP conformance scenarios
//!   `tools-call-elicitation`, `elicitation-sep1034-defaults` and
//!   `elicitation-sep1330-enums` call, each form an `ElicitForm` struct.
//! - `plan_trip`: the multi-round worked example of the README
//!   ([`toolform::rmcp::Rounds`]): two forms in one round, a third in the
//!   next, the tool's own state kept in a sealed `requestState` between them.
//! - `test_input_required_result_*` tools and the prompt
//!   `test_input_required_result_prompt`: what the conformance suite's
//!   `input-required-result-*` scenarios (protocol 2026-07-28, SEP-2322)
//!   call, written with [`toolform::rmcp::Rounds`]; under older protocols the
//!   same code asks by `elicitation/create`, `sampling/createMessage` and
//!   `roots/list` requests.
//! - `route_query`: its `region` argument is marked `"x-mcp-header": "Region"`
//!   (MCP 2026-07-28), so a Streamable HTTP client mirrors it into the header
//!   `Mcp-Param-Region`; `mcp-server --http` checks the two agree with
//!   `toolform::rmcp::HeaderCheckLayer` (the conformance scenario
//!   `http-custom-header-server-validation`).
//! - `test_simple_text`, `test_image_content`, `test_audio_content`,
//!   `test_embedded_resource`, `test_multiple_content_types`,
//!   `test_error_handling`, `test_tool_with_progress`: the tools of the
//!   conformance scenarios `tools-call-*`.
//! - `list_airports` and `find_airport`: non-object results (`Vec<Airport>`,
//!   `Option<Airport>`) returned as [`toolform::rmcp::Json`], the handler
//!   inside [`toolform::rmcp::every_revision!`]: a client on protocol 2026-07-28 gets the
//!   list (or `null`) as `structuredContent` under the type's own schema, an
//!   older one gets `{"result": ..}` under that schema wrapped in an object.
//! - With `contrast` on, `search_flights_schemars_deserialize` and
//!   `search_flights_schemars_serialize`: the same tool with the output schema
//!   schemars derives (deserialize contract; serialize contract, what rmcp's
//!   `Json<T>` uses for schemars types), which validating clients reject.

use chrono::{DateTime, Duration, TimeZone, Utc};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::InputResponses;
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, GetPromptRequestParams, GetPromptResponse,
    GetPromptResult, Implementation, ListPromptsResult, PaginatedRequestParams, PromptMessage,
    Role, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde::{Deserialize, Serialize};
use toolform::rmcp::{Asked, Call, Json, Parameters, Rounds, StateKey, ask};
use toolform::{ElicitForm, Elicited, ToolSchema};

// ---------------------------------------------------------------- search

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

// ---------------------------------------------------------------- conformance forms

/// `tools-call-elicitation`.
#[derive(Debug, Serialize, Deserialize, ElicitForm)]
pub struct UserInfo {
    /// User's response
    pub username: String,
    /// User's email address
    #[elicit(format = "email")]
    pub email: String,
}

/// `elicitation-sep1034-defaults`: a default of every kind.
#[derive(Debug, Serialize, Deserialize, ElicitForm)]
pub struct Defaults {
    /// User name
    #[serde(default)]
    #[elicit(default = "John Doe")]
    pub name: String,
    /// User age
    #[serde(default)]
    #[elicit(default = 30)]
    pub age: i64,
    /// User score
    #[serde(default)]
    #[elicit(default = 95.5)]
    pub score: f64,
    /// User status
    #[serde(default)]
    #[elicit(default = "active")]
    pub status: Status,
    /// Verification status
    #[serde(default)]
    #[elicit(default = true)]
    pub verified: bool,
}

/// An untitled single select.
#[derive(Debug, Default, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    #[default]
    Active,
    Inactive,
    Pending,
}

/// `elicitation-sep1330-enums`: the five kinds of enum field.
#[derive(Debug, Serialize, Deserialize, ElicitForm)]
#[serde(rename_all = "camelCase")]
pub struct Enums {
    /// Untitled single select
    pub untitled_single: Plain,
    /// Titled single select
    pub titled_single: TitledOption,
    /// Legacy titled single select (enumNames)
    #[elicit(enum_names)]
    pub legacy_enum: Legacy,
    /// Untitled multi select
    pub untitled_multi: Vec<Plain>,
    /// Titled multi select
    pub titled_multi: Vec<TitledChoice>,
}

/// option1..3, untitled.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "lowercase")]
pub enum Plain {
    Option1,
    Option2,
    Option3,
}

/// value1..3 titled as options.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "lowercase")]
#[schema(titled)]
pub enum TitledOption {
    /// First Option
    Value1,
    /// Second Option
    Value2,
    /// Third Option
    Value3,
}

/// value1..3 titled as choices.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "lowercase")]
#[schema(titled)]
pub enum TitledChoice {
    /// First Choice
    Value1,
    /// Second Choice
    Value2,
    /// Third Choice
    Value3,
}

/// opt1..3 with legacy `enumNames`.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "lowercase")]
#[schema(titled)]
pub enum Legacy {
    /// Option One
    Opt1,
    /// Option Two
    Opt2,
    /// Option Three
    Opt3,
}

/// `test_elicitation`'s argument.
#[derive(Debug, Deserialize, ToolSchema)]
pub struct Prompt {
    /// The message to show the user
    pub message: String,
}

/// No arguments.
#[derive(Debug, Deserialize, ToolSchema)]
pub struct NoArgs {}

// ---------------------------------------------------------------- headers and content

/// `route_query`'s arguments: the region also travels in the header
/// `Mcp-Param-Region` (MCP 2026-07-28, SEP-2243).
#[derive(Debug, Deserialize, ToolSchema)]
pub struct RouteQuery {
    /// The region the query runs in; mirrored into `Mcp-Param-Region`.
    #[schema(header = "Region")]
    pub region: String,
    /// What to look up there.
    pub query: Option<String>,
}

/// A 1x1 red PNG.
const RED_PIXEL_PNG: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";
/// Eight samples of silence, 8 kHz mono 8-bit WAV.
const SILENT_WAV: &str = "UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==";

// ---------------------------------------------------------------- the server

/// The example server.
#[derive(Clone)]
pub struct ExampleServer {
    tool_router: ToolRouter<Self>,
    /// Seals the `requestState` of multi-round calls. Every instance serving
    /// one deployment needs the same key (streamable HTTP makes an instance
    /// per session, and a stateless 2026-07-28 call may land on any).
    key: StateKey,
}

impl ExampleServer {
    /// The server; `contrast` adds the two schemars-schema tools; `key`
    /// seals the `requestState` of multi-round calls.
    pub fn new(contrast: bool, key: StateKey) -> Self {
        let mut tool_router = Self::headers_router()
            + Self::tool_router()
            + Self::rounds_router()
            + Self::content_router()
            + Self::airports_router();
        if contrast {
            tool_router += Self::contrast_router();
        }
        ExampleServer { tool_router, key }
    }

    /// Every tool the server lists (what `HeaderCheckLayer` reads the
    /// header parameters from).
    pub fn tools(&self) -> Vec<rmcp::model::Tool> {
        self.tool_router.list_all()
    }
}

/// A `requestState` key: the secret in the environment variable
/// `TOOLFORM_STATE_KEY` (at least 32 bytes; set the same on every replica),
/// else 32 random bytes from the operating system, fresh for this process.
pub fn state_key() -> Result<StateKey, String> {
    if let Some(secret) = std::env::var_os("TOOLFORM_STATE_KEY") {
        let secret = secret.into_encoded_bytes();
        return StateKey::new(secret).map_err(|e| format!("TOOLFORM_STATE_KEY: {e}"));
    }
    let mut secret = [0u8; 32];
    getrandom::fill(&mut secret).map_err(|e| format!("no random key from the OS: {e}"))?;
    StateKey::new(secret).map_err(|e| e.to_string())
}

const COMPLETED: &str = "Elicitation completed";

/// Text content saying what the user did, in the words the conformance
/// scenarios use (`lead` is "Elicitation completed" or "User response").
fn elicitation_text<T: Serialize>(lead: &str, answer: &Elicited<T>) -> String {
    match answer {
        Elicited::Accepted(value) => format!(
            "{lead}: action=accept, content={}",
            serde_json::to_string(value).unwrap_or_default()
        ),
        Elicited::Declined => format!("{lead}: action=decline"),
        Elicited::Cancelled => format!("{lead}: action=cancel"),
    }
}

/// Asks for `T` (by request, or by `InputRequiredResult` under 2026-07-28)
/// and answers with text.
async fn ask_for_text<T: ElicitForm + Serialize>(
    context: &RequestContext<RoleServer>,
    responses: Option<&rmcp::model::InputResponses>,
    message: String,
    lead: &str,
) -> Result<CallToolResponse, ErrorData> {
    Ok(match ask::<T>(context, responses, "form", message).await? {
        Asked::InputRequired(result) => result.into(),
        Asked::Answered(answer) => {
            let text = elicitation_text(lead, &answer);
            CallToolResult::success(vec![ContentBlock::text(text)]).into()
        }
    })
}

#[tool_router]
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

    /// Conformance: `tools-call-elicitation`.
    #[tool(description = "Asks the user for a username and an email address")]
    async fn test_elicitation(
        &self,
        Parameters(args): Parameters<Prompt>,
        InputResponses(responses): InputResponses,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        ask_for_text::<UserInfo>(&context, responses.as_ref(), args.message, "User response").await
    }

    /// Conformance: `elicitation-sep1034-defaults`.
    #[tool(description = "Asks for a form with a default on every field (SEP-1034)")]
    async fn test_elicitation_sep1034_defaults(
        &self,
        Parameters(_): Parameters<NoArgs>,
        InputResponses(responses): InputResponses,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let message = "Please review the defaults".to_owned();
        ask_for_text::<Defaults>(&context, responses.as_ref(), message, COMPLETED).await
    }

    /// Conformance: `elicitation-sep1330-enums`.
    #[tool(description = "Asks for a form with every kind of enum field (SEP-1330)")]
    async fn test_elicitation_sep1330_enums(
        &self,
        Parameters(_): Parameters<NoArgs>,
        InputResponses(responses): InputResponses,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let message = "Please pick some options".to_owned();
        ask_for_text::<Enums>(&context, responses.as_ref(), message, COMPLETED).await
    }
}

// ---------------------------------------------------------------- multi-round

/// `plan_trip`'s argument.
#[derive(Debug, Deserialize, ToolSchema)]
pub struct PlanTrip {
    /// Where to.
    #[schema(length(min = 1, max = 80))]
    pub destination: String,
}

/// When to travel, asked in the same round as the [`Traveller`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToolSchema, ElicitForm)]
pub struct TripDates {
    /// Departure date
    pub depart: chrono::NaiveDate,
    /// Nights
    #[elicit(range(min = 1, max = 30))]
    pub nights: u8,
}

/// The last question, once the price is known.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ElicitForm)]
pub struct ConfirmBooking {
    /// Book at the quoted price
    #[serde(default)]
    #[elicit(default = false)]
    pub book: bool,
}

/// What `plan_trip` keeps between rounds: the price it quoted, so the price
/// booked is the price the user confirmed.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct TripProgress {
    /// Quoted in the round that asked for confirmation.
    pub quoted: Option<f64>,
}

/// What `plan_trip` did.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
pub struct TripPlan {
    pub status: TripStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub traveller: Option<Traveller>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dates: Option<TripDates>,
    /// The price quoted and booked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price: Option<f64>,
}

/// Booked, or where the user stopped.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
pub enum TripStatus {
    Booked,
    NotBooked,
    Declined,
}

/// A price for `nights` nights at `destination`, from a made-up tariff.
pub fn quote(destination: &str, dates: &TripDates) -> f64 {
    let base = 60.0 + 5.0 * (destination.len() % 7) as f64;
    base * f64::from(dates.nights)
}

/// The conformance scenarios' single text field forms.
#[derive(Debug, Serialize, Deserialize, ElicitForm)]
pub struct PersonName {
    pub name: String,
}

/// `input-required-result-request-state` and `-tampered-state`.
#[derive(Debug, Serialize, Deserialize, ElicitForm)]
pub struct Confirmation {
    pub ok: bool,
}

/// `input-required-result-multi-round`, step 2.
#[derive(Debug, Serialize, Deserialize, ElicitForm)]
pub struct FavoriteColor {
    pub color: String,
}

/// `input-required-result-non-tool-request`.
#[derive(Debug, Serialize, Deserialize, ElicitForm)]
pub struct PromptContextForm {
    pub context: String,
}

/// The prompt of `input-required-result-non-tool-request`.
pub const ROUNDS_PROMPT: &str = "test_input_required_result_prompt";

/// `test_input_required_result_request_state`'s state: set in the round
/// that asks, so the round that answers can tell its state came back.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct ConfirmProgress {
    pub asked: bool,
}

fn text(text: impl Into<String>) -> CallToolResponse {
    CallToolResult::success(vec![ContentBlock::text(text.into())]).into()
}

fn accepted<T>(answer: Elicited<T>) -> Option<T> {
    match answer {
        Elicited::Accepted(value) => Some(value),
        Elicited::Declined | Elicited::Cancelled => None,
    }
}

/// The text of a sampling result (its text blocks, joined).
#[allow(deprecated)]
fn sampled_text(result: &rmcp::model::CreateMessageResult) -> String {
    result
        .message
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|t| t.text.as_str()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The URIs of a roots result.
#[allow(deprecated)]
fn root_uris(result: &rmcp::model::ListRootsResult) -> Vec<&str> {
    result.roots.iter().map(|r| r.uri.as_str()).collect()
}

#[allow(deprecated)]
fn sampling_params(question: &str, max_tokens: u32) -> rmcp::model::CreateMessageRequestParams {
    rmcp::model::CreateMessageRequestParams::new(
        vec![rmcp::model::SamplingMessage::user_text(question)],
        max_tokens,
    )
}

#[tool_router(router = headers_router)]
impl ExampleServer {
    /// The conformance scenario `http-custom-header-server-validation`
    /// calls the tool with a string `x-mcp-header` parameter: this one, the
    /// only one. The HTTP server checks its header with
    /// `toolform::rmcp::HeaderCheckLayer`.
    #[tool(
        description = "Runs a query in a region; the region travels in the Mcp-Param-Region header too (SEP-2243)"
    )]
    async fn route_query(
        &self,
        Parameters(args): Parameters<RouteQuery>,
    ) -> Result<CallToolResponse, ErrorData> {
        Ok(text(format!(
            "{} in region {}",
            args.query.as_deref().unwrap_or("nothing"),
            args.region
        )))
    }
}

/// The tools of the conformance scenarios `tools-call-*`: fixed content of
/// each kind, an error result, progress notifications.
#[tool_router(router = content_router)]
impl ExampleServer {
    /// Conformance: `tools-call-simple-text`.
    #[tool(description = "Returns a line of text")]
    async fn test_simple_text(
        &self,
        Parameters(_): Parameters<NoArgs>,
    ) -> Result<CallToolResponse, ErrorData> {
        Ok(text("This is a simple text response for testing."))
    }

    /// Conformance: `tools-call-image`.
    #[tool(description = "Returns a 1x1 PNG")]
    async fn test_image_content(
        &self,
        Parameters(_): Parameters<NoArgs>,
    ) -> Result<CallToolResponse, ErrorData> {
        Ok(CallToolResult::success(vec![ContentBlock::image(RED_PIXEL_PNG, "image/png")]).into())
    }

    /// Conformance: `tools-call-audio`.
    #[tool(description = "Returns a short WAV")]
    async fn test_audio_content(
        &self,
        Parameters(_): Parameters<NoArgs>,
    ) -> Result<CallToolResponse, ErrorData> {
        Ok(CallToolResult::success(vec![ContentBlock::audio(SILENT_WAV, "audio/wav")]).into())
    }

    /// Conformance: `tools-call-embedded-resource`.
    #[tool(description = "Returns an embedded text resource")]
    async fn test_embedded_resource(
        &self,
        Parameters(_): Parameters<NoArgs>,
    ) -> Result<CallToolResponse, ErrorData> {
        Ok(CallToolResult::success(vec![ContentBlock::embedded_text(
            "test://embedded-resource",
            "This is an embedded resource content.",
        )])
        .into())
    }

    /// Conformance: `tools-call-mixed-content`.
    #[tool(description = "Returns text, an image and an embedded resource")]
    async fn test_multiple_content_types(
        &self,
        Parameters(_): Parameters<NoArgs>,
    ) -> Result<CallToolResponse, ErrorData> {
        let resource = rmcp::model::ResourceContents::text(
            r#"{"test":"data","value":123}"#,
            "test://mixed-content-resource",
        )
        .with_mime_type("application/json");
        Ok(CallToolResult::success(vec![
            ContentBlock::text("Multiple content types test:"),
            ContentBlock::image(RED_PIXEL_PNG, "image/png"),
            ContentBlock::resource(resource),
        ])
        .into())
    }

    /// Conformance: `tools-call-error`.
    #[tool(description = "Always fails, as a tool result with isError: true")]
    async fn test_error_handling(
        &self,
        Parameters(_): Parameters<NoArgs>,
    ) -> Result<CallToolResponse, ErrorData> {
        Ok(CallToolResult::error(vec![ContentBlock::text(
            "This tool intentionally returns an error for testing",
        )])
        .into())
    }

    /// Conformance: `tools-call-with-progress`.
    #[tool(description = "Reports progress 0, 50 and 100 of 100")]
    async fn test_tool_with_progress(
        &self,
        Parameters(_): Parameters<NoArgs>,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if let Some(token) = context.meta.get_progress_token() {
            for progress in [0.0, 50.0, 100.0] {
                let param = rmcp::model::ProgressNotificationParam::new(token.clone(), progress)
                    .with_total(100.0);
                context
                    .peer
                    .notify_progress(param)
                    .await
                    .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
                if progress < 100.0 {
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                }
            }
        }
        Ok(text("Progress reported"))
    }
}

#[tool_router(router = rounds_router)]
impl ExampleServer {
    /// The README's multi-round example: traveller and dates in one round,
    /// then a confirmation at the quoted price.
    #[tool(
        description = "Plan a trip: asks who travels and when, then confirms the quoted price",
        output_schema = toolform::rmcp::output_schema::<TripPlan>()
    )]
    async fn plan_trip(
        &self,
        call: Call,
        Parameters(args): Parameters<PlanTrip>,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut rounds = call.rounds::<TripProgress>(&self.key)?;
        // Round 1 asks both forms at once; a later round only what is missing.
        let traveller = rounds
            .ask::<Traveller>("traveller", "Who is travelling?")
            .await?;
        let dates = rounds
            .ask::<TripDates>("dates", format!("When do you go to {}?", args.destination))
            .await?;
        let (Some(traveller), Some(dates)) = (traveller, dates) else {
            return Ok(rounds.input_required()?.into());
        };
        let (Some(traveller), Some(dates)) = (accepted(traveller), accepted(dates)) else {
            return plan(TripPlan {
                status: TripStatus::Declined,
                traveller: None,
                dates: None,
                price: None,
            });
        };
        // Quoted once, kept in the sealed state: the price confirmed is the price booked.
        let price = *rounds
            .state_mut()
            .quoted
            .get_or_insert_with(|| quote(&args.destination, &dates));
        let message = format!(
            "{} nights in {} for {price:.2}: book?",
            dates.nights, args.destination
        );
        let Some(confirm) = rounds.ask::<ConfirmBooking>("confirm", message).await? else {
            return Ok(rounds.input_required()?.into());
        };
        let status = match accepted(confirm) {
            Some(ConfirmBooking { book: true }) => TripStatus::Booked,
            _ => TripStatus::NotBooked,
        };
        plan(TripPlan {
            status,
            traveller: Some(traveller),
            dates: Some(dates),
            price: Some(price),
        })
    }

    /// Conformance: `input-required-result-basic-elicitation` (and
    /// `-missing-input-response`, `-result-type`, `-ignore-extra-params`,
    /// `-validate-input`).
    #[tool(description = "Asks the user's name, then greets them (SEP-2322)")]
    async fn test_input_required_result_elicitation(
        &self,
        call: Call,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut rounds = call.no_arguments().rounds::<()>(&self.key)?;
        let Some(answer) = rounds
            .ask::<PersonName>("user_name", "What is your name?")
            .await?
        else {
            return Ok(rounds.input_required()?.into());
        };
        Ok(text(match accepted(answer) {
            Some(PersonName { name }) => format!("Hello, {name}!"),
            None => "Hello, stranger!".to_owned(),
        }))
    }

    /// Conformance: `input-required-result-basic-sampling`.
    #[tool(description = "Asks the client's model a question (SEP-2322 sampling)")]
    async fn test_input_required_result_sampling(
        &self,
        call: Call,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut rounds = call.no_arguments().rounds::<()>(&self.key)?;
        let params = sampling_params("What is the capital of France?", 100);
        let Some(result) = rounds.sample("capital_question", params).await? else {
            return Ok(rounds.input_required()?.into());
        };
        Ok(text(format!(
            "The model answered: {}",
            sampled_text(&result)
        )))
    }

    /// Conformance: `input-required-result-basic-list-roots`.
    #[tool(description = "Lists the client's roots (SEP-2322 roots/list)")]
    async fn test_input_required_result_list_roots(
        &self,
        call: Call,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut rounds = call.no_arguments().rounds::<()>(&self.key)?;
        let Some(result) = rounds.list_roots("client_roots").await? else {
            return Ok(rounds.input_required()?.into());
        };
        Ok(text(format!(
            "Client roots: {}",
            root_uris(&result).join(", ")
        )))
    }

    /// Conformance: `input-required-result-request-state`.
    #[tool(
        description = "Asks for a confirmation and checks its requestState came back (SEP-2322)"
    )]
    async fn test_input_required_result_request_state(
        &self,
        call: Call,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut rounds = call.no_arguments().rounds::<ConfirmProgress>(&self.key)?;
        let Some(answer) = rounds
            .ask::<Confirmation>("confirm", "Please confirm")
            .await?
        else {
            rounds.state_mut().asked = true;
            return Ok(rounds.input_required()?.into());
        };
        let state = if rounds.state().asked {
            "state-ok"
        } else {
            "no state"
        };
        let ok = accepted(answer).is_some_and(|c| c.ok);
        Ok(text(format!(
            "{state}: confirmed={ok} in round {}",
            rounds.round()
        )))
    }

    /// Conformance: `input-required-result-multiple-input-requests`.
    #[tool(description = "Asks a form, the client's model and its roots in one round (SEP-2322)")]
    async fn test_input_required_result_multiple_inputs(
        &self,
        call: Call,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut rounds = call.no_arguments().rounds::<()>(&self.key)?;
        let name = rounds
            .ask::<PersonName>("user_name", "What is your name?")
            .await?;
        let greeting = rounds
            .sample("greeting", sampling_params("Generate a greeting", 50))
            .await?;
        let roots = rounds.list_roots("client_roots").await?;
        let (Some(name), Some(greeting), Some(roots)) = (name, greeting, roots) else {
            return Ok(rounds.input_required()?.into());
        };
        let name = accepted(name).map_or_else(|| "stranger".to_owned(), |n| n.name);
        Ok(text(format!(
            "{} {name}; {} root(s)",
            sampled_text(&greeting),
            root_uris(&roots).len()
        )))
    }

    /// Conformance: `input-required-result-multi-round`.
    #[tool(description = "Asks a name, then a colour, in two rounds (SEP-2322)")]
    async fn test_input_required_result_multi_round(
        &self,
        call: Call,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut rounds = call.no_arguments().rounds::<()>(&self.key)?;
        let Some(name) = rounds
            .ask::<PersonName>("step1", "Step 1: What is your name?")
            .await?
        else {
            return Ok(rounds.input_required()?.into());
        };
        let message = "Step 2: What is your favorite color?";
        let Some(color) = rounds.ask::<FavoriteColor>("step2", message).await? else {
            return Ok(rounds.input_required()?.into());
        };
        Ok(text(match (accepted(name), accepted(color)) {
            (Some(n), Some(c)) => format!("{} likes {}", n.name, c.color),
            _ => "Declined".to_owned(),
        }))
    }

    /// Conformance: `input-required-result-tampered-state`.
    #[tool(description = "Asks for a confirmation; refuses an altered requestState (SEP-2322)")]
    async fn test_input_required_result_tampered_state(
        &self,
        call: Call,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut rounds = call.no_arguments().rounds::<()>(&self.key)?;
        let Some(answer) = rounds
            .ask::<Confirmation>("confirm", "Please confirm")
            .await?
        else {
            return Ok(rounds.input_required()?.into());
        };
        Ok(text(format!(
            "confirmed={}",
            accepted(answer).is_some_and(|c| c.ok)
        )))
    }

    /// Conformance: `input-required-result-capability-check`.
    #[tool(description = "Asks only what the client declared it can answer (SEP-2322)")]
    async fn test_input_required_result_capabilities(
        &self,
        call: Call,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut rounds = call.no_arguments().rounds::<()>(&self.key)?;
        let mut heard = Vec::new();
        let mut missing = false;
        if rounds.can_elicit() {
            match rounds
                .ask::<PersonName>("user_name", "What is your name?")
                .await?
            {
                Some(answer) => heard.push(format!("name: {:?}", accepted(answer).map(|n| n.name))),
                None => missing = true,
            }
        }
        if rounds.can_sample() {
            match rounds
                .sample("greeting", sampling_params("Generate a greeting", 50))
                .await?
            {
                Some(result) => heard.push(format!("model: {}", sampled_text(&result))),
                None => missing = true,
            }
        }
        if missing {
            return Ok(rounds.input_required()?.into());
        }
        Ok(text(if heard.is_empty() {
            "The client can answer nothing".to_owned()
        } else {
            heard.join("; ")
        }))
    }
}

fn plan(plan: TripPlan) -> Result<CallToolResponse, ErrorData> {
    let value =
        serde_json::to_value(&plan).map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
    Ok(CallToolResult::structured(value).into())
}

impl ExampleServer {
    /// `prompts/get` for [`ROUNDS_PROMPT`]: the same rounds as a tool's.
    async fn rounds_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let mut rounds: Rounds = Call::prompt(request, context).rounds(&self.key)?;
        let message = "What context should the prompt use?";
        let Some(answer) = rounds
            .ask::<PromptContextForm>("user_context", message)
            .await?
        else {
            return Ok(rounds.input_required()?.into());
        };
        let context = accepted(answer).map_or_else(|| "none".to_owned(), |c| c.context);
        let text = format!("Answer with this context in mind: {context}");
        Ok(
            GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)])
                .with_description("A prompt built from the user's answer")
                .into(),
        )
    }
}

// ---------------------------------------------------------------- non-object results

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

#[tool_router(router = airports_router)]
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

// Non-object results (`list_airports`, `find_airport`) reach every revision:
// `every_revision!` writes `list_tools`, `call_tool` and `get_tool`.
toolform::rmcp::every_revision! {
#[tool_handler(router = self.tool_router)]
impl ServerHandler for ExampleServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_prompts()
                .build(),
        )
        .with_server_info(Implementation::new(
            "toolform-example",
            env!("CARGO_PKG_VERSION"),
        ))
        .with_instructions(
            "Flights, a booking form, a multi-round trip planner, and the MCP conformance forms.",
        )
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        Ok(ListPromptsResult::with_all_items(vec![
            rmcp::model::Prompt::new(
                ROUNDS_PROMPT,
                Some("Asks the user for context first (SEP-2322 on prompts/get)"),
                None,
            ),
        ]))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        if request.name != ROUNDS_PROMPT {
            return Err(ErrorData::invalid_params(
                format!("no prompt named {:?}", request.name),
                None,
            ));
        }
        self.rounds_prompt(request, context).await
    }
}
}

// ---------------------------------------------------------------- contrast

/// What schemars derives for the same result types: the schemas a validating
/// client holds the output to when the server lets schemars describe it.
pub mod contrast {
    use chrono::{DateTime, Utc};
    use schemars::JsonSchema;
    use serde::Serialize;

    /// `SearchResult`, with schemars' derive instead of toolform's.
    #[derive(Serialize, JsonSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct SearchResult {
        pub flights: Vec<Flight>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub warnings: Vec<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub next_page: Option<String>,
        pub mean_price: f64,
    }

    /// `Flight`, with schemars' derive.
    #[derive(Serialize, JsonSchema)]
    pub struct Flight {
        pub number: String,
        pub origin: String,
        pub destination: String,
        pub departs: DateTime<Utc>,
        pub price: f64,
    }
}

#[tool_router(router = contrast_router)]
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
