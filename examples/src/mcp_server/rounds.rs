//! Multi-round tools ([`toolform::rmcp::Rounds`]): `plan_trip`, the
//! `test_input_required_result_*` tools and the prompt
//! `test_input_required_result_prompt`.

use super::*;

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

#[tool_router(router = rounds_router, vis = "pub(super)")]
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
    pub(super) async fn rounds_prompt(
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
