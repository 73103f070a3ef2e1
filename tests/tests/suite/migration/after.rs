//! Issue 41's trip planner: `before.rs` as an rmcp + schemars user writes it,
//! `after.rs` the same server moved to toolform by the README's recipe
//! ("Migrating from schemars"); `migration.rs` checks that only the lines the
//! recipe names differ.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{ServerCapabilities, ServerConfig};
use rmcp::service::{ElicitationError, RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;
use toolform::rmcp::{Json, Parameters};

/// Cabin class.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
pub enum Cabin {
    Economy,
    PremiumEconomy,
    Business,
    First,
}

/// Finds flights between two airports on a day.
#[derive(Debug, Deserialize, ToolSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SearchFlights {
    /// IATA code of the departure airport.
    #[schemars(regex(pattern = "^[A-Z]{3}$"))]
    pub origin: String,
    /// IATA code of the arrival airport.
    #[schemars(regex(pattern = "^[A-Z]{3}$"))]
    pub destination: String,
    /// Day of departure.
    pub depart_on: chrono::NaiveDate,
    /// Travellers, 1 to 9.
    #[schemars(range(min = 1, max = 9))]
    pub passengers: u8,
    /// Any cabin when left out.
    #[serde(default)]
    pub cabin: Option<Cabin>,
    /// Whose fares apply; mirrored into the `Mcp-Param-Region` header.
    #[schemars(extend("x-mcp-header" = "Region"))]
    pub region: String,
}

/// One flight on offer.
#[derive(Debug, Serialize, ToolSchema)]
#[serde(rename_all = "camelCase")]
pub struct Flight {
    pub number: String,
    pub departs: String,
    pub price: f64,
    /// Left out when the airline does not say.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seats_left: Option<u8>,
}

/// What `search_flights` found.
#[derive(Debug, Serialize, ToolSchema)]
pub struct Flights {
    pub flights: Vec<Flight>,
    #[schemars(length(equal = 3))]
    pub currency: String,
}

/// Books rooms in a hotel.
#[derive(Debug, Deserialize, ToolSchema)]
pub struct BookHotel {
    /// City to stay in.
    #[schemars(length(min = 2, max = 60))]
    pub city: String,
    pub check_in: chrono::NaiveDate,
    /// Nights, 1 to 30.
    #[schemars(range(min = 1, max = 30))]
    pub nights: u16,
    /// Guests in each room, one entry per room.
    #[schemars(length(min = 1, max = 4), inner(range(min = 1, max = 4)))]
    pub guests_per_room: Vec<u8>,
}

/// One room booked.
#[derive(Debug, Serialize, ToolSchema)]
pub struct Room {
    pub room: String,
    pub guests: u8,
    pub nightly_rate: f64,
}

/// How full the day is.
#[derive(Debug, Default, Clone, Copy, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "lowercase")]
pub enum Pace {
    Relaxed,
    #[default]
    Normal,
    Packed,
}

/// Plans a day of sightseeing.
#[derive(Debug, Deserialize, ToolSchema)]
pub struct PlanDay {
    pub city: String,
    pub date: chrono::NaiveDate,
    /// Places to visit, in order.
    #[schemars(length(max = 8), inner(length(min = 1, max = 80)))]
    pub stops: Vec<String>,
    #[serde(default)]
    pub pace: Pace,
}

/// One stop of the day.
#[derive(Debug, Serialize, ToolSchema)]
pub struct Slot {
    /// `HH:MM`.
    #[schemars(regex(pattern = r"^\d{2}:\d{2}$"))]
    pub time: String,
    pub place: String,
}

/// The day planned.
#[derive(Debug, Serialize, ToolSchema)]
pub struct DayPlan {
    pub date: chrono::NaiveDate,
    pub pace: Pace,
    pub slots: Vec<Slot>,
}

/// Converts an amount between currencies.
#[derive(Debug, Deserialize, ToolSchema)]
pub struct ConvertCurrency {
    /// Amount to convert.
    #[schemars(range(min = 0.01, max = 1000000.0))]
    pub amount: f64,
    /// ISO 4217 code to convert from.
    #[serde(rename = "from")]
    #[schemars(pattern("^[A-Z]{3}$"))]
    pub from_currency: String,
    /// ISO 4217 code to convert to.
    #[serde(rename = "to")]
    #[schemars(pattern("^[A-Z]{3}$"))]
    pub to_currency: String,
    /// The day of the rate; today's when left out.
    pub on: Option<chrono::NaiveDate>,
}

/// The amount converted.
#[derive(Debug, Serialize, ToolSchema)]
pub struct Converted {
    pub amount: f64,
    pub currency: String,
    pub rate: f64,
}

/// Cancels a booking.
#[derive(Debug, Deserialize, ToolSchema)]
pub struct CancelBooking {
    /// The booking reference, six letters or digits.
    #[schemars(regex(pattern = "^[A-Z0-9]{6}$"))]
    pub booking_id: String,
}

/// What `cancel_booking` did.
#[derive(Debug, Serialize, ToolSchema)]
pub struct Cancellation {
    pub booking_id: String,
    pub cancelled: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The user's answer to "cancel this booking?".
#[derive(Debug, Deserialize, ToolSchema)]
pub struct ConfirmCancel {
    /// Yes, cancel it.
    pub confirm: bool,
    /// Why, for the airline.
    #[schemars(length(max = 200))]
    pub reason: Option<String>,
}

rmcp::elicit_safe!(ConfirmCancel);

#[derive(Clone)]
pub struct TripPlanner {
    tool_router: ToolRouter<Self>,
}

impl TripPlanner {
    pub fn new() -> Self {
        TripPlanner {
            tool_router: Self::tool_router(),
        }
    }
}

#[tool_router]
impl TripPlanner {
    /// Finds flights.
    #[tool]
    async fn search_flights(&self, Parameters(search): Parameters<SearchFlights>) -> Json<Flights> {
        let flight = Flight {
            number: format!("{}{}1", search.origin, search.destination),
            departs: format!("{}T08:00", search.depart_on),
            price: 120.0 * f64::from(search.passengers),
            seats_left: None,
        };
        Json(Flights {
            flights: vec![flight],
            currency: "EUR".into(),
        })
    }

    /// Books hotel rooms: one entry per room booked.
    #[tool]
    async fn book_hotel(&self, Parameters(booking): Parameters<BookHotel>) -> Json<Vec<Room>> {
        let rooms = booking.guests_per_room.iter().enumerate();
        Json(
            rooms
                .map(|(i, guests)| Room {
                    room: format!("{}-{}", booking.city, 100 + i),
                    guests: *guests,
                    nightly_rate: 90.0,
                })
                .collect(),
        )
    }

    /// Plans a day.
    #[tool]
    async fn plan_day(&self, Parameters(plan): Parameters<PlanDay>) -> Json<DayPlan> {
        let slots = plan.stops.iter().enumerate();
        let slots = slots.map(|(i, place)| Slot {
            time: format!("{:02}:00", 9 + 2 * i),
            place: place.clone(),
        });
        Json(DayPlan {
            date: plan.date,
            pace: plan.pace,
            slots: slots.collect(),
        })
    }

    /// Converts currency.
    #[tool]
    async fn convert_currency(
        &self,
        Parameters(convert): Parameters<ConvertCurrency>,
    ) -> Json<Converted> {
        let rate = if convert.from_currency == convert.to_currency {
            1.0
        } else {
            1.1
        };
        Json(Converted {
            amount: convert.amount * rate,
            currency: convert.to_currency,
            rate,
        })
    }

    /// Cancels a booking, once the user confirms.
    #[tool]
    async fn cancel_booking(
        &self,
        Parameters(cancel): Parameters<CancelBooking>,
        context: RequestContext<RoleServer>,
    ) -> Result<Json<Cancellation>, ErrorData> {
        let message = format!("Cancel booking {}?", cancel.booking_id);
        let (cancelled, reason) = match context.peer.elicit::<ConfirmCancel>(message).await {
            Ok(Some(answer)) => (answer.confirm, answer.reason),
            Ok(None) | Err(ElicitationError::UserDeclined | ElicitationError::UserCancelled) => {
                (false, None)
            }
            Err(e) => return Err(ErrorData::internal_error(e.to_string(), None)),
        };
        Ok(Json(Cancellation {
            booking_id: cancel.booking_id,
            cancelled,
            reason,
        }))
    }
}

toolform::rmcp::every_revision! {
    #[tool_handler(router = self.tool_router)]
    impl ServerHandler for TripPlanner {
        fn get_info(&self) -> ServerConfig {
            ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
        }
    }
}
