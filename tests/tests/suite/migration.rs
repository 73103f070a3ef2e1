//! Issue 41's done-when: "the trip-planner-sized server moves from
//! rmcp+schemars by changing the `use` lines and the derive names only".
//! `migration/before.rs` is a five-tool rmcp server as an rmcp + schemars
//! user writes it; `migration/after.rs` is the same file after the README's
//! recipe ("Migrating from schemars"); `migration/ask.rs` is its
//! cancellation tool after the README's elicitation change. All three compile
//! here. The line check holds the diff to what the recipe names; the migrated
//! server is then driven through rmcp's own client in process, beside the
//! original, so each claim is seen to change something.

mod after;
mod ask;
mod before;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities,
    ElicitRequestParams, ElicitResult, Implementation, InitializeRequestParams, ProtocolVersion,
    Tool,
};
use rmcp::service::{RequestContext, RoleClient};
use rmcp::{ClientHandler, ErrorData, ServerHandler};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use toolform::ToolSchema;
use toolform_tests::in_process::{self, Peer, Session};

const BEFORE: &str = include_str!("migration/before.rs");
const AFTER: &str = include_str!("migration/after.rs");

const REVISIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V_2025_06_18,
    ProtocolVersion::V_2025_11_25,
    ProtocolVersion::V_2026_07_28,
];

/// A client that answers every form with `answer` and keeps each request.
#[derive(Clone)]
struct Client {
    capabilities: ClientCapabilities,
    answer: Value,
    asked: Arc<Mutex<Vec<ElicitRequestParams>>>,
}

impl ClientHandler for Client {
    fn get_info(&self) -> rmcp::model::ClientConfig {
        InitializeRequestParams::new(
            self.capabilities.clone(),
            Implementation::new("migration-test", "0"),
        )
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        self.asked.lock().unwrap().push(request);
        Ok(serde_json::from_value(self.answer.clone()).unwrap())
    }
}

fn start<S: ServerHandler>(server: S, version: ProtocolVersion, answer: Value) -> Session<Client> {
    let capabilities = ClientCapabilities::builder().enable_elicitation().build();
    let client = Client {
        capabilities: capabilities.clone(),
        answer,
        asked: Arc::default(),
    };
    in_process::session(server, client, Peer::new(version, capabilities))
}

async fn tools(session: &Session<Client>) -> Vec<Tool> {
    session.client.list_all_tools().await.expect("tools/list")
}

fn tool<'a>(tools: &'a [Tool], name: &str) -> &'a Tool {
    tools
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("{name} not listed"))
}

async fn call(session: &Session<Client>, name: &'static str, args: Value) -> CallToolResult {
    let Value::Object(args) = args else {
        panic!("arguments are an object")
    };
    let params = CallToolRequestParams::new(name).with_arguments(args);
    match in_process::call(session, params).await {
        Ok(CallToolResponse::Complete(result)) => result,
        other => panic!("{name}: a tool result, got {other:?}"),
    }
}

/// `Err` naming the first line where `after` differs from `before` other
/// than as the recipe says: `use` statements (compared as blocks: the imports
/// change), `#[derive(..)]` lists whose only change is `JsonSchema` ->
/// `ToolSchema` / `ElicitForm`, and one `toolform::rmcp::every_revision! {
/// .. }` around the handler (its opening and closing lines). Lines are
/// compared trimmed: the wrapped handler is indented one level deeper.
fn recipe_diff(before: &str, after: &str) -> Result<(), String> {
    let before = normalized(before);
    let mut after = normalized(after);
    let open = "toolform::rmcp::every_revision! {";
    let opens: Vec<usize> = (0..after.len()).filter(|&i| after[i] == open).collect();
    if before.iter().any(|l| l.contains("every_revision")) || opens.len() > 1 {
        return Err(format!("every_revision! once, in after only: {opens:?}"));
    }
    if let Some(&start) = opens.first() {
        let mut depth = 0i32;
        let close = (start..after.len()).find(|&i| {
            depth += after[i].matches('{').count() as i32 - after[i].matches('}').count() as i32;
            depth == 0
        });
        let Some(close) = close.filter(|&i| after[i] == "}") else {
            return Err("every_revision! { not closed by a line of its own".into());
        };
        after.remove(close);
        after.remove(start);
    }
    if before.len() != after.len() {
        return Err(format!(
            "{} lines before, {} after the recipe's lines",
            before.len(),
            after.len()
        ));
    }
    for (b, a) in before.iter().zip(&after) {
        if b == a {
            continue;
        }
        let (Some(b_items), Some(a_items)) = (derives(b), derives(a)) else {
            return Err(format!("not a use or derive line:\n- {b}\n+ {a}"));
        };
        let b_rest: Vec<&str> = b_items
            .iter()
            .copied()
            .filter(|d| *d != "JsonSchema")
            .collect();
        let a_rest: Vec<&str> = a_items
            .iter()
            .copied()
            .filter(|d| !matches!(*d, "ToolSchema" | "ElicitForm"))
            .collect();
        if b_rest != a_rest || b_rest.len() == b_items.len() || a_rest.len() == a_items.len() {
            return Err(format!(
                "a derive changed other than its name:\n- {b}\n+ {a}"
            ));
        }
    }
    Ok(())
}

/// The file's lines trimmed, each run of `use` statements (to their `;`) as
/// one line `use ..;`, blank lines left out.
fn normalized(file: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut in_use = false;
    for line in file.lines().map(str::trim) {
        if in_use || line.starts_with("use ") {
            in_use = !line.ends_with(';');
            if lines.last().map(String::as_str) != Some("use ..;") {
                lines.push("use ..;".to_owned());
            }
        } else if !line.is_empty() {
            lines.push(line.to_owned());
        }
    }
    lines
}

/// The names in a `#[derive(..)]` line.
fn derives(line: &str) -> Option<Vec<&str>> {
    let list = line.strip_prefix("#[derive(")?.strip_suffix(")]")?;
    Some(list.split(',').map(str::trim).collect())
}

#[test]
fn the_move_changes_use_lines_derive_names_and_wraps_the_handler_only() {
    recipe_diff(BEFORE, AFTER).unwrap();
    // The recipe does change something: 15 derives and the imports...
    let derived = |file: &str, name: &str| {
        file.lines()
            .filter(|l| derives(l.trim()).is_some_and(|d| d.contains(&name)))
            .count()
    };
    assert_eq!(derived(BEFORE, "JsonSchema"), 15);
    assert_eq!(derived(AFTER, "ToolSchema"), 15);
    assert_eq!(derived(AFTER, "JsonSchema"), 0);
    assert!(AFTER.contains("use toolform::rmcp::{Json, Parameters};"));
    assert!(BEFORE.contains("use rmcp::handler::server::wrapper::{Json, Parameters};"));
    // ...and every constraint is written as schemars 1.x spells it, in both.
    for spelling in [
        "regex(pattern",
        "pattern(\"",
        "range(",
        "length(",
        "inner(",
        "extend(",
    ] {
        assert!(AFTER.contains(&format!("#[schemars({spelling}")) || AFTER.contains(spelling));
    }
    assert_eq!(
        BEFORE.matches("#[schemars(").count(),
        AFTER.matches("#[schemars(").count()
    );
}

#[test]
fn the_line_check_refuses_what_the_recipe_does_not_say() {
    let rewritten = AFTER.replace(
        "#[schemars(range(min = 1, max = 9))]",
        "#[schema(range(min = 1, max = 9))]",
    );
    assert_ne!(rewritten, AFTER);
    assert!(recipe_diff(BEFORE, &rewritten).is_err());
    let extra_derive = AFTER.replacen(
        "#[derive(Debug, Deserialize, ToolSchema)]",
        "#[derive(Debug, Clone, Deserialize, ToolSchema)]",
        1,
    );
    assert!(recipe_diff(BEFORE, &extra_derive).is_err());
    let unclosed = AFTER.replace("toolform::rmcp::every_revision! {", "");
    assert!(recipe_diff(BEFORE, &unclosed).is_err());
    let body = AFTER.replace("120.0 * f64", "125.0 * f64");
    assert!(recipe_diff(BEFORE, &body).is_err());
}

/// `schema` as the listed tool carries it, without the `title`/`description`
/// rmcp adds at the root; there is no `$schema` (README: under
/// `every_revision!` no listed schema carries one, where rmcp's `#[tool]`
/// alone writes it at each root, as `before.rs` shows).
fn listed(schema: &serde_json::Map<String, Value>) -> Value {
    assert_eq!(schema.get("$schema"), None, "{schema:?}");
    ours(&Value::Object(schema.clone()))
}

fn ours(schema: &Value) -> Value {
    let mut schema = schema.as_object().expect("an object schema").clone();
    for key in ["title", "description"] {
        schema.remove(key);
    }
    Value::Object(schema)
}

fn output_of(tool: &Tool) -> &serde_json::Map<String, Value> {
    tool.output_schema
        .as_deref()
        .unwrap_or_else(|| panic!("{}: no outputSchema", tool.name))
}

fn confirm() -> Value {
    json!({"action": "accept", "content": {"confirm": true, "reason": "plans changed"}})
}

#[tokio::test]
async fn after_lists_toolforms_schemas_with_every_constraint_under_every_revision() {
    use after::*;
    for version in REVISIONS {
        let s = start(TripPlanner::new(), version.clone(), confirm());
        let listed_tools = tools(&s).await;
        let pairs: [(&str, &Value, Option<&Value>); 5] = [
            (
                "search_flights",
                SearchFlights::input_schema(),
                Some(Flights::output_schema()),
            ),
            ("book_hotel", BookHotel::input_schema(), None),
            (
                "plan_day",
                PlanDay::input_schema(),
                Some(DayPlan::output_schema()),
            ),
            (
                "convert_currency",
                ConvertCurrency::input_schema(),
                Some(Converted::output_schema()),
            ),
            (
                "cancel_booking",
                CancelBooking::input_schema(),
                Some(Cancellation::output_schema()),
            ),
        ];
        for (name, input, output) in pairs {
            let t = tool(&listed_tools, name);
            assert_eq!(listed(&t.input_schema), ours(input), "{version:?} {name}");
            if let Some(output) = output {
                assert_eq!(listed(output_of(t)), ours(output), "{version:?} {name}");
            }
        }
        // The constraints, as written in schemars' spelling.
        let search = &tool(&listed_tools, "search_flights").input_schema["properties"];
        assert_eq!(search["origin"]["pattern"], "^[A-Z]{3}$");
        assert_eq!(search["passengers"]["minimum"], 1);
        assert_eq!(search["passengers"]["maximum"], 9);
        assert_eq!(search["region"]["x-mcp-header"], "Region");
        assert_eq!(search["departOn"]["format"], "date");
        let hotel = &tool(&listed_tools, "book_hotel").input_schema["properties"];
        assert_eq!(hotel["guests_per_room"]["maxItems"], 4);
        assert_eq!(hotel["guests_per_room"]["items"]["maximum"], 4);
        assert_eq!(hotel["nights"]["maximum"], 30);
        let day = &tool(&listed_tools, "plan_day").input_schema["properties"];
        assert_eq!(day["stops"]["items"]["maxLength"], 80);
        assert_eq!(day["pace"]["default"], "normal");
        let convert = &tool(&listed_tools, "convert_currency").input_schema;
        assert_eq!(convert["properties"]["from"]["pattern"], "^[A-Z]{3}$");
        assert_eq!(convert["properties"]["amount"]["minimum"], 0.01);
        assert_eq!(convert["required"], json!(["amount", "from", "to"]));
        // The non-object result: its own schema under 2026-07-28, inside
        // `{"result": ..}` before (rmcp alone drops it there).
        let rooms = ours(<Vec<Room>>::output_schema());
        let hotel_out = listed(output_of(tool(&listed_tools, "book_hotel")));
        if version == ProtocolVersion::V_2026_07_28 {
            assert_eq!(hotel_out, rooms);
        } else {
            assert_eq!(
                hotel_out,
                json!({"type": "object", "properties": {"result": rooms}, "required": ["result"]})
            );
        }
    }
}

#[tokio::test]
async fn before_the_move_rmcp_drops_book_hotels_output_schema_before_2026_and_writes_dollar_schema()
{
    for version in REVISIONS {
        let s = start(before::TripPlanner::new(), version.clone(), confirm());
        let listed_tools = tools(&s).await;
        let hotel = tool(&listed_tools, "book_hotel");
        let expected = version == ProtocolVersion::V_2026_07_28;
        assert_eq!(hotel.output_schema.is_some(), expected, "{version:?}");
        // And rmcp's `#[tool]` alone writes `$schema` at each root.
        let schema = hotel.input_schema.get("$schema");
        assert_eq!(
            schema,
            Some(&json!("https://json-schema.org/draft/2020-12/schema"))
        );
    }
}

/// Good arguments for each tool.
fn good_calls() -> [(&'static str, Value); 5] {
    [
        (
            "search_flights",
            json!({"origin": "LHR", "destination": "CDG", "departOn": "2031-03-04",
                   "passengers": 2, "region": "eu"}),
        ),
        (
            "book_hotel",
            json!({"city": "Paris", "check_in": "2031-03-04", "nights": 3,
                   "guests_per_room": [2, 1]}),
        ),
        (
            "plan_day",
            json!({"city": "Paris", "date": "2031-03-05", "stops": ["Louvre", "Orsay"]}),
        ),
        (
            "convert_currency",
            json!({"amount": 100.0, "from": "EUR", "to": "GBP"}),
        ),
        ("cancel_booking", json!({"booking_id": "AB12CD"})),
    ]
}

#[tokio::test]
async fn every_good_call_is_held_to_its_listed_output_schema_under_every_revision() {
    for version in REVISIONS {
        let s = start(after::TripPlanner::new(), version.clone(), confirm());
        let listed_tools = tools(&s).await;
        for (name, args) in good_calls() {
            if name == "cancel_booking" && version == ProtocolVersion::V_2026_07_28 {
                continue; // rmcp's `peer.elicit` cannot ask a 2026 client (below)
            }
            let result = call(&s, name, args).await;
            assert_eq!(
                result.is_error,
                Some(false),
                "{version:?} {name}: {result:?}"
            );
            let value = result
                .structured_content
                .clone()
                .expect("structuredContent");
            let schema = Value::Object(output_of(tool(&listed_tools, name)).clone());
            let errors: Vec<String> = toolform_tests::agreement::validator(&schema)
                .iter_errors(&value)
                .map(|e| e.to_string())
                .collect();
            assert!(errors.is_empty(), "{version:?} {name}: {value} {errors:?}");
            if name == "book_hotel" {
                // The array itself under 2026-07-28, inside `result` before.
                let rooms = match value.get("result") {
                    Some(rooms) => rooms,
                    None => &value,
                };
                assert_eq!(
                    value.is_array(),
                    version == ProtocolVersion::V_2026_07_28,
                    "{value}"
                );
                assert_eq!(rooms[1]["guests"], 1, "{value}");
            }
        }
    }
}

#[tokio::test]
async fn before_the_move_book_hotel_sends_no_structured_content_before_2026() {
    let s = start(
        before::TripPlanner::new(),
        ProtocolVersion::V_2025_11_25,
        confirm(),
    );
    let result = call(&s, "book_hotel", good_calls()[1].1.clone()).await;
    assert_eq!(result.is_error, Some(false), "{result:?}");
    assert_eq!(result.structured_content, None);
}

/// Arguments breaking what the listed schema says, with the paths at fault.
fn bad_calls() -> [(&'static str, Value, &'static [&'static str]); 5] {
    [
        (
            "search_flights",
            json!({"origin": "lhr", "destination": "CDG", "departOn": "2031-03-04",
                   "passengers": 12, "region": "eu"}),
            &["/origin", "/passengers"],
        ),
        (
            "book_hotel",
            json!({"city": "P", "check_in": "2031-03-04", "nights": 31,
                   "guests_per_room": [2, 5]}),
            &["/city", "/nights", "/guests_per_room/1"],
        ),
        (
            "plan_day",
            json!({"city": "Paris", "date": "2031-03-05", "stops": ["Louvre", ""]}),
            &["/stops/1"],
        ),
        (
            "convert_currency",
            json!({"amount": 0.0, "from": "eur", "to": "GBP"}),
            &["/amount", "/from"],
        ),
        (
            "cancel_booking",
            json!({"booking_id": "ab"}),
            &["/booking_id"],
        ),
    ]
}

fn text_of(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn a_bad_call_gets_every_violation_where_schemars_let_it_through() {
    let after = start(
        after::TripPlanner::new(),
        ProtocolVersion::V_2025_11_25,
        confirm(),
    );
    let before = start(
        before::TripPlanner::new(),
        ProtocolVersion::V_2025_11_25,
        confirm(),
    );
    let listed_tools = tools(&after).await;
    for (name, args, paths) in bad_calls() {
        // The listed schema refuses them (the jsonschema crate)...
        let schema = Value::Object(tool(&listed_tools, name).input_schema.as_ref().clone());
        assert!(
            !toolform_tests::agreement::validator(&schema).is_valid(&args),
            "{name}"
        );
        // ...and so does the migrated tool, naming each fault at once.
        let result = call(&after, name, args.clone()).await;
        assert_eq!(result.is_error, Some(true), "{name}: {result:?}");
        let text = text_of(&result);
        assert!(
            text.starts_with("the arguments do not match the tool's input schema"),
            "{name}: {text}"
        );
        for path in paths {
            assert!(
                text.contains(&format!("{path}:")),
                "{name}: {path} in {text}"
            );
        }
        // schemars' version advertised the same bounds and checked none.
        let result = call(&before, name, args).await;
        assert_eq!(result.is_error, Some(false), "before, {name}: {result:?}");
    }
}

fn form_of(request: &ElicitRequestParams) -> Value {
    let ElicitRequestParams::FormElicitationParams {
        requested_schema, ..
    } = request
    else {
        panic!("a form: {request:?}")
    };
    serde_json::to_value(requested_schema).unwrap()
}

fn asked(session: &Session<Client>) -> Vec<ElicitRequestParams> {
    session.client.service().asked.lock().unwrap().clone()
}

#[tokio::test]
async fn after_the_move_rmcps_elicit_sends_toolforms_form_and_reads_with_serde_alone() {
    // Step one of the recipe: `rmcp::elicit_safe!` and `peer.elicit` keep
    // compiling (`ToolSchema` implements `schemars::JsonSchema`).
    let s = start(
        after::TripPlanner::new(),
        ProtocolVersion::V_2025_11_25,
        confirm(),
    );
    let result = call(&s, "cancel_booking", json!({"booking_id": "AB12CD"})).await;
    let value = result.structured_content.expect("structuredContent");
    assert_eq!(
        value,
        json!({"booking_id": "AB12CD", "cancelled": true, "reason": "plans changed"})
    );
    let forms = asked(&s);
    assert_eq!(forms.len(), 1);
    let form = form_of(&forms[0]);
    assert_eq!(form["properties"]["reason"]["maxLength"], 200, "{form}");
    assert_eq!(form["properties"]["confirm"]["type"], "boolean", "{form}");
    // rmcp reads the answer with serde alone: the form's `maxLength` is
    // advertised, not checked (the README says so; step two checks it).
    let long = json!({"action": "accept", "content": {"confirm": true, "reason": "x".repeat(300)}});
    let s = start(
        after::TripPlanner::new(),
        ProtocolVersion::V_2025_11_25,
        long,
    );
    let result = call(&s, "cancel_booking", json!({"booking_id": "AB12CD"})).await;
    assert_eq!(result.is_error, Some(false), "{result:?}");
    // And rmcp's `peer.elicit` cannot ask a 2026-07-28 client.
    let s = start(
        after::TripPlanner::new(),
        ProtocolVersion::V_2026_07_28,
        confirm(),
    );
    let params = CallToolRequestParams::new("cancel_booking")
        .with_arguments(json!({"booking_id": "AB12CD"}).as_object().unwrap().clone());
    let response = in_process::call(&s, params).await;
    assert!(response.is_err(), "{response:?}");
    assert!(asked(&s).is_empty());
}

fn cancel_call() -> CallToolRequestParams {
    CallToolRequestParams::new("cancel_booking")
        .with_arguments(json!({"booking_id": "AB12CD"}).as_object().unwrap().clone())
}

#[tokio::test]
async fn step_two_ask_holds_the_answer_to_the_form_under_every_revision() {
    let answered = json!({"booking_id": "AB12CD", "cancelled": true, "reason": "plans changed"});
    for version in [ProtocolVersion::V_2025_06_18, ProtocolVersion::V_2025_11_25] {
        let s = start(ask::TripPlanner::new(), version.clone(), confirm());
        let listed_tools = tools(&s).await;
        let t = tool(&listed_tools, "cancel_booking");
        assert_eq!(
            listed(output_of(t)),
            ours(after::Cancellation::output_schema())
        );
        let result = call(&s, "cancel_booking", json!({"booking_id": "AB12CD"})).await;
        assert_eq!(
            result.structured_content,
            Some(answered.clone()),
            "{version:?}"
        );
        let form = form_of(&asked(&s)[0]);
        assert_eq!(form["properties"]["reason"]["maxLength"], 200, "{form}");
        // The answer that rmcp's `peer.elicit` took is refused, by path.
        let long =
            json!({"action": "accept", "content": {"confirm": true, "reason": "x".repeat(300)}});
        let s = start(ask::TripPlanner::new(), version.clone(), long);
        let result = call(&s, "cancel_booking", json!({"booking_id": "AB12CD"})).await;
        assert_eq!(result.is_error, Some(true), "{version:?}: {result:?}");
        let text = text_of(&result);
        assert!(text.contains("/reason"), "{version:?}: {text}");
    }
    // 2026-07-28: an InputRequiredResult, then the retried call's answer.
    let s = start(
        ask::TripPlanner::new(),
        ProtocolVersion::V_2026_07_28,
        confirm(),
    );
    let first = in_process::call(&s, cancel_call()).await;
    let Ok(CallToolResponse::InputRequired(first)) = first else {
        panic!("an InputRequiredResult, got {first:?}")
    };
    assert!(
        first
            .input_requests
            .as_ref()
            .is_some_and(|r| r.contains_key("confirm"))
    );
    let responses = [("confirm".to_owned(), confirm())].into_iter().collect();
    let mut retry = cancel_call().with_input_responses(responses);
    if let Some(state) = first.request_state.clone() {
        retry = retry.with_request_state(state);
    }
    match in_process::call(&s, retry).await {
        Ok(CallToolResponse::Complete(result)) => {
            assert_eq!(result.structured_content, Some(answered))
        }
        other => panic!("a result, got {other:?}"),
    }
    assert!(
        asked(&s).is_empty(),
        "no elicitation/create under 2026-07-28"
    );
}

const ASK: &str = include_str!("migration/ask.rs");
const README: &str = include_str!("../../../README.md");

#[test]
fn the_readmes_elicitation_diff_is_taken_from_these_files() {
    let section = README
        .split("### Migrating from schemars")
        .nth(1)
        .expect("the README's migration section");
    let diff = section
        .split("```diff\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the elicitation diff");
    let has = |file: &str, line: &str| file.lines().any(|l| l.trim() == line.trim());
    let mut seen = (0, 0);
    for line in diff.lines() {
        let (mark, text) = line.split_at(1);
        match mark {
            "-" => {
                seen.0 += 1;
                assert!(has(AFTER, text), "not in after.rs: {text}");
                assert!(!has(ASK, text), "still in ask.rs: {text}");
            }
            "+" => {
                seen.1 += 1;
                assert!(has(ASK, text), "not in ask.rs: {text}");
                assert!(!has(AFTER, text), "already in after.rs: {text}");
            }
            _ => assert!(has(AFTER, text) && has(ASK, text), "not in both: {text}"),
        }
    }
    assert!(seen.0 >= 5 && seen.1 >= 5, "{seen:?}");
}
