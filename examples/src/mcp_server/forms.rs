//! The MCP conformance forms: `test_elicitation`,
//! `test_elicitation_sep1034_defaults`, `test_elicitation_sep1330_enums`.

use super::*;

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

#[tool_router(router = forms_router, vis = "pub(super)")]
impl ExampleServer {
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
