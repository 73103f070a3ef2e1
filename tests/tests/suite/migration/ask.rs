//! The recipe's second step for `cancel_booking` (README, "Migrating from
//! schemars"): the form derives `ElicitForm` and the tool asks with
//! `toolform::rmcp::ask`, so the answer is held to the form and a 2026-07-28
//! client is asked too. Not a rename: the lines of the tool that ask change.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::InputResponses;
use rmcp::model::{CallToolResponse, CallToolResult};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use serde::Deserialize;
use toolform::rmcp::{Asked, ElicitFailure, Parameters, ask};
use toolform::{ElicitForm, Elicited};

use super::after::{CancelBooking, Cancellation};

/// The user's answer to "cancel this booking?".
#[derive(Debug, Deserialize, ElicitForm)]
pub struct ConfirmCancel {
    /// Yes, cancel it.
    pub confirm: bool,
    /// Why, for the airline.
    #[schemars(length(max = 200))]
    pub reason: Option<String>,
}

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
    /// Cancels a booking, once the user confirms.
    #[tool(output_schema = toolform::rmcp::output_schema::<Cancellation>())]
    async fn cancel_booking(
        &self,
        Parameters(cancel): Parameters<CancelBooking>,
        InputResponses(responses): InputResponses,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ElicitFailure> {
        let message = format!("Cancel booking {}?", cancel.booking_id);
        let asked = ask::<ConfirmCancel>(&context, responses.as_ref(), "confirm", message).await?;
        let (cancelled, reason) = match asked {
            Asked::InputRequired(result) => return Ok(result.into()), // protocol 2026-07-28
            Asked::Answered(Elicited::Accepted(answer)) => (answer.confirm, answer.reason),
            Asked::Answered(_) => (false, None),
        };
        let done = Cancellation {
            booking_id: cancel.booking_id,
            cancelled,
            reason,
        };
        Ok(CallToolResult::structured(serde_json::to_value(done).unwrap_or_default()).into())
    }
}

toolform::rmcp::every_revision! {
    #[tool_handler(router = self.tool_router)]
    impl ServerHandler for TripPlanner {}
}
