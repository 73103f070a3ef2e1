// An original corpus for the compile-time benchmark (bench/compile_time/gen.py,
// crates ct_real_* and ct_realuse_*), written for this benchmark. It is modeled
// on the shapes -- not the text -- of the tool argument and result types found
// in public MCP servers and agents (openai/codex, the modelcontextprotocol/
// rust-sdk examples, apollographql/apollo-mcp-server): the same mix of structs
// and enums, field counts, field types and serde attributes, but every name,
// doc comment, literal and helper here is invented, in the vocabulary of a
// fictional workshop / build farm / ticketing system.
//
// How gen.py uses it: the whole text goes, five times over, into the modules
// m0..m4 of each generated crate, and the `__DERIVES__` placeholder is swapped
// for that twin's derive list (`Serialize, Deserialize`, plus
// `toolform::ToolSchema` in the toolform twin). A line that starts with
// `#[schema(` survives only in the toolform twin; two fields here need one,
// since a custom serde function reads them and the attribute names the type
// they have on the wire.

use serde::{Deserialize, Serialize};
use serde_json::{Value, Value as JsonValue};
use std::{collections::HashMap, path::PathBuf, time::Duration};

// ---------------------------------------------------------------------------
// Bench scheduler: the checklist tool.
// ---------------------------------------------------------------------------

// Phases a checklist entry moves through, as the shop floor display shows them.
#[derive(__DERIVES__)]
#[serde(rename_all = "snake_case")]
pub enum JobPhase {
    Queued,
    Running,
    Finished,
}

#[derive(__DERIVES__)]
#[serde(deny_unknown_fields)]
pub struct ChecklistEntry {
    pub task: String,
    pub phase: JobPhase,
}

#[derive(__DERIVES__)]
#[serde(deny_unknown_fields)]
pub struct ReviseChecklistArgs {
    #[serde(default)]
    pub rationale: Option<String>,
    pub entries: Vec<ChecklistEntry>,
}

// ---------------------------------------------------------------------------
// Bench scheduler: asking the operator on duty.
// ---------------------------------------------------------------------------

#[derive(__DERIVES__)]
pub struct PromptChoice {
    pub caption: String,
    pub fine_print: String,
}

#[derive(__DERIVES__)]
pub struct OperatorPrompt {
    pub key: String,
    pub heading: String,
    pub wording: String,
    #[serde(rename = "allowFreeform", default)]
    pub allow_freeform: bool,
    #[serde(rename = "isMasked", default)]
    pub is_masked: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices: Option<Vec<PromptChoice>>,
}

#[derive(__DERIVES__)]
pub struct AskOperatorArgs {
    pub prompts: Vec<OperatorPrompt>,
}

#[derive(__DERIVES__)]
pub struct OperatorReply {
    pub replies: Vec<String>,
}

// ---------------------------------------------------------------------------
// Build farm: how a job script's steps were classified.
// ---------------------------------------------------------------------------

#[derive(__DERIVES__)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ClassifiedStep {
    Fetch {
        line: String,
        tag_name: String,
        // Where the fetched drawing lands on the bench disk (resolved against
        // the job folder when the script changed into one first).
        dest: PathBuf,
    },
    Enumerate {
        line: String,
        dir: Option<String>,
    },
    Grep {
        line: String,
        needle: Option<String>,
        scope: Option<String>,
    },
    Opaque {
        line: String,
    },
}

// ---------------------------------------------------------------------------
// Build farm: hooks registered by plugins at run time.
// ---------------------------------------------------------------------------

#[derive(__DERIVES__)]
#[serde(rename_all = "camelCase")]
pub struct PluginHookSpec {
    pub hook_name: String,
    pub blurb: String,
    pub params_shape: JsonValue,
    #[serde(default = "default_show_in_catalog")]
    pub show_in_catalog: bool,
}

#[derive(__DERIVES__)]
#[serde(rename_all = "camelCase")]
pub struct PluginHookInvocation {
    pub invocation_id: String,
    pub shift_id: String,
    pub hook: String,
    pub payload: JsonValue,
}

#[derive(__DERIVES__)]
#[serde(rename_all = "camelCase")]
pub struct PluginHookReply {
    pub parts: Vec<PluginReplyPart>,
    pub ok: bool,
}

#[derive(__DERIVES__)]
#[serde(tag = "part", rename_all = "camelCase")]
pub enum PluginReplyPart {
    #[serde(rename_all = "camelCase")]
    PlainNote { note_body: String },
    #[serde(rename_all = "camelCase")]
    PhotoLink { photo_url: String },
}

fn default_show_in_catalog() -> bool {
    true
}

// ---------------------------------------------------------------------------
// Ticketing: what a requester attaches to a ticket.
// ---------------------------------------------------------------------------

/// Ticket payload
#[non_exhaustive]
#[derive(__DERIVES__)]
#[serde(tag = "variety", rename_all = "snake_case")]
pub enum RequestPayload {
    Note {
        prose: String,
        /// Marked stretches of `prose` that the desk renders as chips rather
        /// than plain prose. Each one is a character span into `prose`, kept
        /// next to the note so that a reopened ticket shows the same chips
        /// without rewriting the words the requester typed.
        #[serde(default)]
        highlights: Vec<Highlight>,
    },
    /// Photo hosted elsewhere, by link.
    Attachment { attachment_url: String },

    /// A file on the requester's workstation. The desk uploads it and swaps
    /// it for an `Attachment` before the ticket is filed.
    LocalFile { file: std::path::PathBuf },

    /// Shop recipe picked by the requester (its title + where it is stored).
    Recipe {
        recipe: String,
        location: std::path::PathBuf,
    },
}

#[derive(__DERIVES__)]
pub struct Highlight {
    /// The stretch of the note's `prose` that this chip replaces on screen.
    pub span: CharSpan,
    /// Short text drawn on the chip, when it should differ from the words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
}

#[derive(__DERIVES__)]
pub struct CharSpan {
    /// First character of the stretch, counted from zero, included.
    pub from: usize,
    /// Character just past the stretch, counted from zero, excluded.
    pub to: usize,
}

// ---------------------------------------------------------------------------
// Build farm: stations, their capabilities and their artifacts.
// ---------------------------------------------------------------------------

/// Reference to a ticket: either its desk code or its running number.
#[derive(__DERIVES__)]
#[serde(untagged)]
pub enum TicketRef {
    Code(String),
    Number(i64),
}

/// One capability a farm station advertises to the scheduler.
#[derive(__DERIVES__)]
#[serde(rename_all = "camelCase")]
pub struct StationCapability {
    pub station_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    pub accepts: serde_json::Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub produces: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hints: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub badges: Option<Vec<serde_json::Value>>,
    #[serde(rename = "_ext", default, skip_serializing_if = "Option::is_none")]
    pub ext: Option<serde_json::Value>,
}

/// A stored output of a station that a client may download.
#[derive(__DERIVES__)]
#[serde(rename_all = "camelCase")]
pub struct Artifact {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tags_blob: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media_kind: Option<String>,
    pub file_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub byte_len: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heading: Option<String>,
    pub locator: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnails: Option<Vec<serde_json::Value>>,
    #[serde(rename = "_ext", default, skip_serializing_if = "Option::is_none")]
    pub ext: Option<serde_json::Value>,
}

/// What a station hands back when an artifact is opened.
#[derive(__DERIVES__)]
#[serde(untagged)]
pub enum ArtifactBody {
    #[serde(rename_all = "camelCase")]
    Inline {
        /// Where the artifact lives.
        locator: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        media_kind: Option<String>,
        contents: String,
        #[serde(rename = "_ext", default, skip_serializing_if = "Option::is_none")]
        ext: Option<serde_json::Value>,
    },
    #[serde(rename_all = "camelCase")]
    Encoded {
        /// Where the artifact lives.
        locator: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        media_kind: Option<String>,
        payload_b64: String,
        #[serde(rename = "_ext", default, skip_serializing_if = "Option::is_none")]
        ext: Option<serde_json::Value>,
    },
}

/// What a station reports after running one capability.
#[derive(__DERIVES__)]
#[serde(rename_all = "camelCase")]
pub struct StationRunOutcome {
    pub blocks: Vec<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub structured: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed: Option<bool>,
    #[serde(rename = "_ext", default, skip_serializing_if = "Option::is_none")]
    pub ext: Option<serde_json::Value>,
}

// ---------------------------------------------------------------------------
// Build farm: the job ledger, entries in and entries out.
// ---------------------------------------------------------------------------

/// How tightly a bench job is fenced off from the rest of the farm.
#[derive(__DERIVES__, Default)]
#[serde(rename_all = "snake_case")]
pub enum IsolationLevel {
    /// The fence the bench normally uses
    #[default]
    Standard,
    /// Ask the foreman to lift the fence
    Elevated,
}

#[derive(__DERIVES__)]
#[serde(tag = "entry", rename_all = "snake_case")]
pub enum InboundEntry {
    Memo {
        author: String,
        segments: Vec<Segment>,
    },
    HookOutput {
        invocation_id: String,
        produced: HookOutputWire,
    },
    StationOutput {
        invocation_id: String,
        outcome: Result<StationRunOutcome, String>,
    },
    ScriptOutput {
        invocation_id: String,
        transcript: String,
    },
}

#[derive(__DERIVES__)]
#[serde(tag = "entry", rename_all = "snake_case")]
pub enum Segment {
    Typed { words: String },
    Pictured { picture_url: String },
    Emitted { words: String },
}

#[derive(__DERIVES__)]
#[serde(tag = "entry", rename_all = "snake_case")]
pub enum LedgerEntry {
    Memo {
        #[serde(default, skip_serializing)]
        serial: Option<String>,
        author: String,
        segments: Vec<Segment>,
    },
    Deliberation {
        #[serde(default, skip_serializing)]
        serial: String,
        digest: Vec<DeliberationDigest>,
        #[serde(default, skip_serializing_if = "omit_deliberation")]
        parts: Option<Vec<DeliberationPart>>,
        sealed_parts: Option<String>,
    },
    BenchProbe {
        /// Filled in by the older scheduler front end.
        #[serde(default, skip_serializing)]
        serial: Option<String>,
        /// Filled in by the newer scheduler front end.
        invocation_id: Option<String>,
        state: ProbeState,
        run_plan: ProbeAction,
    },
    HookCall {
        #[serde(default, skip_serializing)]
        serial: Option<String>,
        hook: String,
        // The scheduler hands hook arguments over as *text* holding JSON, not
        // as a decoded tree. It is stored untouched here and decoded only when
        // the hook runs, so a malformed argument fails that one call and not
        // the whole ledger replay.
        raw_args: String,
        invocation_id: String,
    },
    // NOTE: a hook output that a station sends *in* is not shaped like the one
    // the ledger sends *out* to the dashboard: inbound ones carry a flag telling
    // whether the hook succeeded. To keep the two apart on the wire the output
    // lives in its own wire type, and the ledger refers to that type by name
    // instead of repeating its fields in this variant.
    HookOutput {
        invocation_id: String,
        produced: HookOutputWire,
    },
    ScriptCall {
        #[serde(default, skip_serializing)]
        serial: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        progress: Option<String>,

        invocation_id: String,
        script: String,
        stdin_text: String,
    },
    ScriptOutput {
        invocation_id: String,
        transcript: String,
    },
    // Written when the scheduler consulted the parts catalog on its own.
    CatalogVisit {
        #[serde(default, skip_serializing)]
        serial: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        progress: Option<String>,
        lookup: CatalogLookup,
    },
    // Written by the farm itself, but replayed like any scheduler entry.
    ShelfSnapshot {
        snapshot: serde_json::Value,
    },
    #[serde(alias = "condensed_ledger")]
    Condensed {
        sealed_parts: String,
    },
    #[serde(other)]
    Unrecognized,
}

fn omit_deliberation(parts: &Option<Vec<DeliberationPart>>) -> bool {
    let Some(list) = parts else { return true };
    list.iter().all(|p| matches!(p, DeliberationPart::Plain { .. }))
}

#[derive(__DERIVES__)]
#[serde(rename_all = "snake_case")]
pub enum ProbeState {
    Done,
    Ongoing,
    Partial,
}

#[derive(__DERIVES__)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum ProbeAction {
    Run(ProbeRun),
}

#[derive(__DERIVES__)]
pub struct ProbeRun {
    pub argv: Vec<String>,
    pub deadline_ms: Option<u64>,
    pub folder: Option<String>,
    pub vars: Option<HashMap<String, String>>,
    pub operator: Option<String>,
}

#[derive(__DERIVES__)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum CatalogLookup {
    Browse {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        keywords: Option<String>,
    },
    Visit {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        link: Option<String>,
    },
    Locate {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        link: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        phrase: Option<String>,
    },

    #[serde(other)]
    Unrecognized,
}

#[derive(__DERIVES__)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum DeliberationDigest {
    Digest { gist: String },
}

#[derive(__DERIVES__)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum DeliberationPart {
    Thought { gist: String },
    Plain { gist: String },
}

/// When a `LedgerEntry::HookCall` names the `bench.run` or `run` hook, its
/// `raw_args` text decodes into this struct.
#[derive(__DERIVES__)]
pub struct BenchRunArgs {
    pub argv: Vec<String>,
    pub folder: Option<String>,

    /// Wall-clock budget for the run, in milliseconds, before it is killed.
    #[serde(alias = "limit_ms")]
    pub budget_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub isolation: Option<IsolationLevel>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub motive: Option<String>,
}

/// When a `LedgerEntry::HookCall` names the `bench.script` hook, its
/// `raw_args` text decodes into this struct.
#[derive(__DERIVES__)]
pub struct BenchScriptArgs {
    pub script: String,
    pub folder: Option<String>,

    /// Whether the script gets a terminal, as if an operator were at it
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interactive: Option<bool>,
    /// Wall-clock budget for the run, in milliseconds, before it is killed.
    #[serde(alias = "limit_ms")]
    pub budget_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub isolation: Option<IsolationLevel>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub motive: Option<String>,
}

/// Pieces a hook may hand back to the scheduler as its output.
/// A narrower set than `Segment`: only what the dashboard can show for a hook.
#[derive(__DERIVES__)]
#[serde(tag = "entry", rename_all = "snake_case")]
pub enum HookOutputPart {
    // Keep these names: the dashboard matches on them as they are.
    Words { words: String },
    // Keep these names: the dashboard matches on them as they are.
    Picture { picture_url: String },
}

#[derive(__DERIVES__)]
#[serde(untagged)]
pub enum HookOutputWire {
    Flat(String),
    Parts(Vec<HookOutputPart>),
}
// ---------------------------------------------------------------------------
// Build farm: directives sent to the scheduler, and the events it emits.
// Job logs arrive as raw bytes; on the wire they are hex text, through the
// `hex_bytes` helper module below (toolform: `#[schema(with = String)]`).
// ---------------------------------------------------------------------------

/// A directive for the scheduler
#[derive(__DERIVES__)]
#[serde(tag = "directive", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)]
#[non_exhaustive]
pub enum Directive {
    /// Stop whatever the bench is doing right now.
    /// The scheduler answers with a `ShiftHalted` event once it has stopped.
    Halt,

    /// A new ticket payload for the bench
    Submit {
        /// The payloads, see `RequestPayload`
        payloads: Vec<RequestPayload>,
    },

    /// Like [`Directive::Submit`], but carries everything the scheduler needs
    /// to plan a whole shift on the bench without asking for its settings.
    StartShift {
        /// The payloads, see `RequestPayload`
        payloads: Vec<RequestPayload>,

        /// Folder the shift works in, for the [`BenchConfinement`] and for
        /// jobs such as `bench.run`.
        folder: PathBuf,

        /// When the foreman must sign off a job.
        signoff: SignoffRule,

        /// How bench jobs are fenced in during the shift.
        confinement: BenchConfinement,

        /// Name of a planner profile known to the scheduler; unknown names
        /// are refused before the shift starts.
        planner: String,

        /// Used only by planners that think before they act.
        #[serde(skip_serializing_if = "Option::is_none")]
        care: Option<CareLevel>,

        /// Used only by planners that think before they act.
        digest: DigestStyle,
        // Shape the final shift report must follow, as a JSON schema
        report_shape: Option<Value>,
    },

    /// Change some of the settings the coming shifts will start with.
    ///
    /// Every field may be left out, and a missing one keeps its value. No
    /// job is queued by this directive: it only replaces the settings that
    /// later `Submit` directives pick up.
    AdjustShift {
        /// New working folder for jobs.
        #[serde(skip_serializing_if = "Option::is_none")]
        folder: Option<PathBuf>,

        /// New sign-off rule.
        #[serde(skip_serializing_if = "Option::is_none")]
        signoff: Option<SignoffRule>,

        /// New confinement for bench jobs.
        #[serde(skip_serializing_if = "Option::is_none")]
        confinement: Option<BenchConfinement>,

        /// New planner profile. The toolkit that goes with it is chosen
        /// from the profile's name.
        #[serde(skip_serializing_if = "Option::is_none")]
        planner: Option<String>,

        /// New level of care (read only by planners that think first).
        ///
        /// `Some(Some(_))` sets a level, `Some(None)` drops the level that
        /// was set, and `None` leaves the current one as it is.
        #[serde(skip_serializing_if = "Option::is_none")]
        care: Option<Option<CareLevel>>,

        /// New digest style (read only by planners that think first).
        #[serde(skip_serializing_if = "Option::is_none")]
        digest: Option<DigestStyle>,
    },

    /// Sign off a bench job
    SignJob {
        /// The directive being signed off
        serial: String,
        /// What the foreman decided about it.
        verdict: SignoffVerdict,
    },

    /// Sign off a blueprint edit
    SignEdit {
        /// The directive being signed off
        serial: String,
        /// What the foreman decided about it.
        verdict: SignoffVerdict,
    },

    /// Answer a form that a station asked the foreman to fill in.
    AnswerForm {
        /// Station that sent the form.
        station_name: String,
        /// The ticket the form belongs to.
        ticket: TicketRef,
        /// What the foreman did with the form.
        outcome: FormOutcome,
    },

    /// Add a line to the shift logbook kept across all shifts.
    ///
    /// The line may still be dropped, for instance when the logbook is
    /// switched off or the line matches one of the redaction rules.
    WriteLogbook {
        /// The line to keep.
        line: String,
    },

    /// Read back one logbook line, by `book_id` and its `slot`.
    ReadLogbookLine { slot: usize, book_id: u64 },

    /// Ask every configured station for the capabilities it offers.
    /// The answer comes back as a `StationCatalog` event.
    ListCapabilities,

    /// Ask for the shop recipes the scheduler has on file.
    ListRecipes,

    /// Ask for the fixtures available in the given folders or the default one.
    ListFixtures {
        /// Folders in which to look for fixtures.
        ///
        /// Left empty, the shift's own working folder is searched.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        folders: Vec<PathBuf>,

        /// Look again even when a fresh list is already at hand.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        rescan: bool,
    },

    /// Ask the scheduler to boil the current shift down to a short record.
    /// It works from what it already holds (the logbook or its last plan)
    /// and sends the record back as a `ShiftNote` event.
    Condense,

    /// Roll back the last job of the shift (jobs stack, so this pops one).
    Rollback,

    /// Ask for an inspection of the work done.
    Inspect { order: InspectionOrder },

    /// Close the scheduler down.
    PowerOff,

    /// Run a one-off command the operator typed (the line after "$ ").
    ///
    /// It goes to the operator's usual interpreter and may use its syntax
    /// (pipes, globs, and so on). Its output comes back as `Job*` events, and
    /// the console is handed back when the `ShiftDone` event arrives.
    RunOperatorCommand {
        /// The typed line, without the "$ "
        line: String,
    },

    /// Ask for the planner profiles on file.
    ListPlanners,

    /// Switch dry-run mode.
    SetDryRun {
        /// Whether dry-run mode is on.
        on: bool,
        /// Where the dry-run notes go (when switching it on).
        #[serde(skip_serializing_if = "Option::is_none")]
        notes_path: Option<String>,
    },

    /// The foreman's answer on leaving dry-run mode.
    DryRunExitSignoff {
        /// Whether the foreman accepted the dry-run notes.
        accepted: bool,
        /// Access level for the real run that follows (when accepted).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        access_level: Option<String>,
    },

    /// The foreman's answer on entering dry-run mode.
    DryRunEnterSignoff {
        /// Whether the foreman let the bench enter dry-run mode.
        accepted: bool,
    },

    /// The operator's replies to an `AskOperator` hook call.
    OperatorReplies {
        /// The hook call these replies answer.
        hook_call_id: String,
        /// Replies by prompt heading (a chosen caption or typed text).
        replies: std::collections::HashMap<String, String>,
    },
}

/// When a bench job needs the foreman's sign-off before it may run on the
/// farm.
#[derive(__DERIVES__, Default)]
#[serde(rename_all = "kebab-case")]
pub enum SignoffRule {
    /// Only jobs on the vetted list -- the ones `is_vetted_job()` accepts,
    /// which **never write** to the bench -- run without a sign-off.
    /// Every other job waits for the foreman.
    #[serde(rename = "strict")]
    UnlessVetted,

    /// Every job runs without asking, but inside the fence, with no uplink and
    /// with writes kept to the bench folders. A job that fails inside the
    /// fence is put to the foreman, who may let it run again outside the
    /// fence.
    AfterFault,

    /// Asking the foreman is left to the planner.
    #[default]
    WhenAsked,

    /// Never ask the foreman. A failed job is reported to the planner as it
    /// is, and it is never put to the foreman for a decision.
    Skip,
}

/// Whether bench jobs can reach the outside network.
#[derive(__DERIVES__, Default)]
#[serde(rename_all = "kebab-case")]
pub enum UplinkMode {
    #[default]
    Offline,
    Online,
}

/// The fence bench jobs run inside.
#[derive(__DERIVES__)]
#[serde(tag = "mode", rename_all = "kebab-case")]
pub enum BenchConfinement {
    /// No fence at all. Only for benches nobody else uses.
    #[serde(rename = "unconfined")]
    Unconfined,

    /// The bench may be read everywhere but written nowhere.
    #[serde(rename = "inspect-only")]
    InspectOnly,

    /// The host already fences the bench in. Jobs may touch the whole disk,
    /// and the uplink setting given here is the only one applied.
    #[serde(rename = "host-managed")]
    HostManaged {
        /// Whether the host's fence lets jobs reach the outside network.
        #[serde(default)]
        uplink: UplinkMode,
    },

    /// Like `InspectOnly`, and the job may also write in the shift's working
    /// folder (the "bench").
    #[serde(rename = "bench-write")]
    BenchWrite {
        /// More folders (besides the working one and perhaps the scratch
        /// folder) that jobs may write in.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        extra_writable: Vec<PathBuf>,

        /// When `true`, jobs may reach the outside network. Off unless
        /// set.
        #[serde(default)]
        uplink_allowed: bool,

        /// When `true`, the folder named by the operator's `SCRATCH`
        /// variable is left off the writable list. Off unless
        /// set.
        #[serde(default)]
        skip_scratch_var: bool,

        /// When `true`, `/var/tmp` is left off the writable list on
        /// UNIX benches. Off unless set.
        #[serde(default)]
        skip_var_tmp: bool,
    },
}

#[derive(__DERIVES__)]
pub struct StationCall {
    /// The station, by the name the farm file gives it.
    pub station: String,
    /// The capability, by the name the station gives it.
    pub capability: String,
    /// What the capability is called with.
    pub inputs: Option<serde_json::Value>,
}

#[derive(__DERIVES__)]
pub struct StationCallStarted {
    /// Matches this event with its `StationCallFinished`.
    pub call_ref: String,
    pub call: StationCall,
}

#[derive(__DERIVES__)]
pub struct StationCallFinished {
    /// The `StationCallStarted` this event closes.
    pub call_ref: String,
    pub call: StationCall,
    pub elapsed: Duration,
    /// What the station reported; the call may have failed.
    pub outcome: Result<StationRunOutcome, String>,
}

#[derive(__DERIVES__)]
#[serde(tag = "scope", rename_all = "camelCase")]
pub enum InspectionScope {
    /// Inspect what is on the bench but not yet filed: every pending edit.
    PendingEdits,

    /// Inspect how the bench differs from the named production line.
    #[serde(rename_all = "camelCase")]
    AgainstLine { line_name: String },

    /// Inspect what one filed revision of the blueprints changed.
    #[serde(rename_all = "camelCase")]
    Revision {
        rev_hash: String,
        /// Short caption for the revision (its summary line, say) for screens.
        caption: Option<String>,
    },

    /// Whatever the requester wrote down to look at.
    #[serde(rename_all = "camelCase")]
    Freeform { brief: String },
}

#[derive(__DERIVES__)]
/// An inspection order passed to the inspectors.
pub struct InspectionOrder {
    pub scope: InspectionScope,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub display_hint: Option<String>,
}

/// Written report the inspectors return for an order.
#[derive(__DERIVES__)]
pub struct InspectionReport {
    pub defects: Vec<Defect>,
    pub verdict: String,
    pub reasoning: String,
    pub certainty: f32,
}

/// One defect the inspectors found, or one change they advise.
#[derive(__DERIVES__)]
pub struct Defect {
    pub headline: String,
    pub narrative: String,
    pub certainty: f32,
    pub severity_rank: i32,
    pub located_at: DefectPosition,
}

/// Where on the blueprints a defect was found.
#[derive(__DERIVES__)]
pub struct DefectPosition {
    pub drawing_path: PathBuf,
    pub rows: RowSpan,
}

/// Rows of a drawing sheet a defect covers, both ends included.
#[derive(__DERIVES__)]
pub struct RowSpan {
    pub first: u32,
    pub last: u32,
}

#[derive(__DERIVES__)]
#[serde(rename_all = "snake_case")]
pub enum JobOrigin {
    Scheduler,
    Operator,
    PoolWarmup,
    PoolSession,
}

impl Default for JobOrigin {
    fn default() -> Self {
        JobOrigin::Scheduler
    }
}

#[derive(__DERIVES__)]
pub struct JobStarted {
    /// Matches this event with its `JobFinished`.
    pub job_ref: String,
    /// Process id of the worker running the job (when it is known).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worker_pid: Option<String>,
    /// The shift this job is part of.
    pub shift_id: String,
    /// The job's command line.
    pub argv: Vec<String>,
    /// Folder the job runs in, when not the shift's default folder.
    pub folder: PathBuf,
    pub steps: Vec<ClassifiedStep>,
    /// Who queued the job. Older events leave it out, meaning the scheduler.
    #[serde(default)]
    pub origin: JobOrigin,
    /// Keys typed into a pooled session (when the event is for such input).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub typed_input: Option<String>,
}

#[derive(__DERIVES__)]
pub struct JobFinished {
    /// The `JobStarted` this event closes.
    pub job_ref: String,
    /// Process id of the worker running the job (when it is known).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worker_pid: Option<String>,
    /// The shift this job is part of.
    pub shift_id: String,
    /// The job's command line.
    pub argv: Vec<String>,
    /// Folder the job runs in, when not the shift's default folder.
    pub folder: PathBuf,
    pub steps: Vec<ClassifiedStep>,
    /// Who queued the job. Older events leave it out, meaning the scheduler.
    #[serde(default)]
    pub origin: JobOrigin,
    /// Keys typed into a pooled session (when the event is for such input).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub typed_input: Option<String>,

    /// Main log
    pub out_log: String,
    /// Diagnostic log
    pub err_log: String,
    /// Both logs, interleaved
    #[serde(default)]
    pub combined_log: String,
    /// What the job exited with.
    pub status_code: i32,
    /// How long the job ran.
    pub elapsed: Duration,
    /// The log as the planner is shown it, trimmed and laid out.
    pub rendered_log: String,
}

#[derive(__DERIVES__)]
#[serde(rename_all = "snake_case")]
pub enum LogChannel {
    Primary,
    Diagnostic,
}

#[derive(__DERIVES__)]
pub struct JobLogChunk {
    /// The `JobStarted` whose job wrote this piece.
    pub job_ref: String,
    /// The log the piece was written to.
    pub channel: LogChannel,
    /// The bytes as written (not always valid UTF-8).
    #[serde(with = "hex_bytes")]
    #[schema(with = String)]
    pub raw: Vec<u8>,
}

/// Bytes as lowercase hex text on the wire (see the comment above `Directive`).
mod hex_bytes {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";

    pub fn serialize<S>(raw: &[u8], serializer: S) -> Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let hex: String = raw
            .iter()
            .flat_map(|b| [DIGITS[(b >> 4) as usize] as char, DIGITS[(b & 15) as usize] as char])
            .collect();
        serializer.serialize_str(&hex)
    }

    fn nibble(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    }

    pub fn deserialize<'de, D>(deserializer: D) -> Result<Vec<u8>, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        let hex = <String as serde::Deserialize>::deserialize(deserializer)?;
        if hex.len() % 2 != 0 {
            return Err(serde::de::Error::custom("odd number of hex digits"));
        }
        hex.as_bytes()
            .chunks(2)
            .map(|pair| match (nibble(pair[0]), nibble(pair[1])) {
                (Some(hi), Some(lo)) => Ok(hi << 4 | lo),
                _ => Err(serde::de::Error::custom("not a hex digit")),
            })
            .collect()
    }
}

#[derive(__DERIVES__)]
pub struct BlueprintEditStarted {
    /// Matches this event with the end of the same edit.
    pub edit_ref: String,
    /// The shift this edit is part of.
    /// Older events leave it out, hence the `#[serde(default)]`.
    #[serde(default)]
    pub shift_id: String,
    /// True when the edit was never put to the foreman for a sign-off.
    pub preapproved: bool,
    /// The edits to make, by drawing.
    pub edits: HashMap<PathBuf, BlueprintEdit>,
}

/// The foreman's decision on a sign-off request.
#[derive(__DERIVES__, Default)]
#[serde(rename_all = "snake_case")]
pub enum SignoffVerdict {
    /// The foreman lets the job run, and the scheduler goes ahead with it.
    Granted,

    /// The foreman lets the job run and adds the suggested allow rule, so
    /// that later jobs matching it run without asking.
    GrantedWithRule {
        suggested_rule: AllowPrefixRule,
    },

    /// The foreman lets the job run and lets every later run of the very same
    /// job (same `argv`, same `folder`) through without asking, until the
    /// shift ends.
    GrantedForShift,

    /// The foreman refuses the job: the scheduler drops it, but the shift
    /// goes on and the planner may try another way.
    #[default]
    Refused,

    /// The foreman refuses the job and the scheduler waits, doing nothing,
    /// until the operator gives a new directive.
    Halt,
}

#[derive(__DERIVES__)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum BlueprintEdit {
    Create {
        drawing: String,
    },
    Remove {
        drawing: String,
    },
    Amend {
        delta: String,
        relocate_to: Option<PathBuf>,
    },
}

// ---------------------------------------------------------------------------
// Build farm: sign-off requests and the rules they may add.
// ---------------------------------------------------------------------------

/// An allow rule the foreman may add, for jobs whose command line starts so.
///
/// The `tokens` are the leading words a later job's command line must match
/// for the rule to apply; the rule is kept as `allow_prefix(...)` in the farm
/// file, and such jobs then run without a sign-off.
#[derive(__DERIVES__)]
#[serde(transparent)]
pub struct AllowPrefixRule {
    pub tokens: Vec<String>,
}

#[derive(__DERIVES__)]
#[serde(rename_all = "snake_case")]
pub enum GatewayProtocol {
    // Later: message-queue protocols, once the gateway reports those
    // connections as requests of their own kind.
    Plain,
    #[serde(alias = "tls_tunnel", alias = "tls-tunnel")]
    Tls,
    RelayStream,
    RelayDatagram,
}

#[derive(__DERIVES__)]
pub struct GatewayRequestContext {
    pub endpoint: String,
    pub carrier: GatewayProtocol,
}

#[derive(__DERIVES__)]
#[serde(rename_all = "snake_case")]
pub enum GatewayRuleEffect {
    Permit,
    Block,
}

#[derive(__DERIVES__)]
pub struct GatewayRuleChange {
    pub endpoint: String,
    pub effect: GatewayRuleEffect,
}

#[derive(__DERIVES__)]
pub struct SignoffRequested {
    /// The job this sign-off is about.
    pub job_ref: String,
    /// Names this one sign-off request.
    ///
    /// Left out when the request is for the job itself (`job_ref`); set when
    /// it is for a step the job started (caught by the bench's exec guard).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_ref: Option<String>,
    /// The shift this job is part of.
    /// Older events leave it out, hence the `#[serde(default)]`.
    #[serde(default)]
    pub shift_id: String,
    /// The job's command line.
    pub argv: Vec<String>,
    /// Folder the job runs in.
    pub folder: PathBuf,
    /// Why the sign-off is asked for, in words (a rerun outside the fence, say).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// The outside connection the job was stopped at, when that is the reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gateway_context: Option<GatewayRequestContext>,
    /// An allow rule that, once added, lets such jobs run without asking.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_rule: Option<AllowPrefixRule>,
    /// Suggested gateway rule changes (permit or block this endpoint later on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_gateway_rules: Option<Vec<GatewayRuleChange>>,
    /// More folder access the job asks for, beyond what the fence gives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_access: Option<serde_json::Value>,
    /// The verdicts the console may offer for this request, in order.
    ///
    /// Left out, the console works out the older fixed set from the other
    /// fields of this request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offered_verdicts: Option<Vec<SignoffVerdict>>,
    pub steps: Vec<ClassifiedStep>,
}

#[derive(__DERIVES__)]
#[serde(rename_all = "lowercase")]
pub enum FormOutcome {
    Submitted,
    Rejected,
    Dismissed,
}

// ---------------------------------------------------------------------------
// Build farm: planner settings.
// ---------------------------------------------------------------------------

/// How much care a planner takes before it acts (see the planner manual, "care levels")
#[derive(__DERIVES__, Default)]
#[serde(rename_all = "lowercase")]
pub enum CareLevel {
    Skim,
    Glance,
    Modest,
    #[default]
    Standard,
    Thorough,
    Exhaustive,
}

/// How a planner's notes on its own thinking are summed up. They help when
/// a plan goes wrong and someone has to follow how it came about.
/// See the planner manual, "digest styles"
#[derive(__DERIVES__, Default)]
#[serde(rename_all = "lowercase")]
pub enum DigestStyle {
    #[default]
    Adaptive,
    Terse,
    Verbose,
    /// No digest is written.
    Off,
}
// ---------------------------------------------------------------------------
// Build farm: the work-order tool the farm offers to outside clients.
// ---------------------------------------------------------------------------

/// Parameters a client passes to open a `work_order`.
#[derive(__DERIVES__, Default)]
#[serde(rename_all = "kebab-case")]
pub struct OpenWorkOrderParams {
    /// The *first request* the work order starts from.
    pub request: String,

    /// Another planner profile than the usual one (e.g. 'lathe-2', 'mill-3').
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planner: Option<String>,

    /// Named settings preset from the farm file to start the order with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,

    /// Folder the order works in. A relative one is taken from the folder
    /// the farm daemon was started in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub folder: Option<String>,

    /// When jobs planned for this order need the foreman's sign-off:
    /// `strict`, `after-fault`, `when-asked`, `skip`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signoff: Option<WorkOrderSignoff>,

    /// Fence for the order's jobs: `inspect-only`, `bench-write`, or `unconfined`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confinement: Option<WorkOrderConfinement>,

    /// Single settings that take precedence over the ones in
    /// FARM_HOME/farm.toml.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<HashMap<String, serde_json::Value>>,

    /// Standing orders to give the planner in place of the usual ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standing_orders: Option<String>,

    /// Foreman's notes handed to the planner before the first request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foreman_notes: Option<String>,

    /// Request used when the order's logbook is condensed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condense_request: Option<String>,
}

/// The work-order tool's own copy of [`SignoffRule`], kept apart so the
/// schema clients see does not move with the scheduler's enum.
#[derive(__DERIVES__)]
#[serde(rename_all = "kebab-case")]
pub enum WorkOrderSignoff {
    Strict,
    AfterFault,
    WhenAsked,
    Skip,
}

/// The work-order tool's own copy of [`BenchConfinement`]'s modes, without
/// their settings.
#[derive(__DERIVES__)]
#[serde(rename_all = "kebab-case")]
pub enum WorkOrderConfinement {
    InspectOnly,
    BenchWrite,
    Unconfined,
}

#[derive(__DERIVES__)]
#[serde(rename_all = "camelCase")]
pub struct ContinueWorkOrderParams {
    /// OUTDATED: send orderId instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    legacy_order_id: Option<String>,

    /// The work order to continue.
    /// Every client should send it; it is optional here only so that older
    /// clients, which still send legacyOrderId, keep working.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    order_id: Option<String>,

    /// The *next request* in the work order.
    pub request: String,
}

// ---------------------------------------------------------------------------
// Build farm: the sign-off form a station puts to a client.
// ---------------------------------------------------------------------------

/// Laid out as a client form request, so that a station can put it to the
/// client as the body of its `form/open` call.
#[derive(__DERIVES__)]
pub struct SignoffFormParams {
    // The client reads these two to draw the form;
    // they are what every form request has.
    pub prompt_text: String,

    #[serde(rename = "formShape")]
    pub form_shape: serde_json::Value,

    // The rest lets the client tie the answer back
    // to the work order and the job it is about.
    #[serde(rename = "orderId")]
    pub order_id: String,
    pub farm_form_kind: String,
    pub farm_station_call: String,
    pub farm_event: String,
    pub farm_job: String,
    pub farm_argv: Vec<String>,
    pub farm_folder: PathBuf,
    pub farm_steps: Vec<ClassifiedStep>,
}

#[derive(__DERIVES__)]
pub struct SignoffFormReply {
    pub verdict: SignoffVerdict,
}

// ---------------------------------------------------------------------------
// Bench tools: finding parts in the store.
// ---------------------------------------------------------------------------

fn default_max_hits() -> usize {
    MAX_HITS
}

const MAX_HITS: usize = 80;

#[derive(__DERIVES__)]
struct FindPartsArgs {
    part_pattern: String,
    #[serde(default)]
    bin_glob: Option<String>,
    #[serde(default)]
    shelf: Option<String>,
    #[serde(default = "default_max_hits")]
    max_hits: usize,
}

// ---------------------------------------------------------------------------
// Bench tools: browsing a shelf.
// ---------------------------------------------------------------------------

fn default_first_row() -> usize {
    0
}

fn default_row_count() -> usize {
    40
}

fn default_nesting() -> usize {
    3
}

#[derive(__DERIVES__)]
struct BrowseShelfArgs {
    shelf_path: String,
    #[serde(default = "default_first_row")]
    first_row: usize,
    #[serde(default = "default_row_count")]
    row_count: usize,
    #[serde(default = "default_nesting")]
    nesting: usize,
}

// ---------------------------------------------------------------------------
// Bench tools: station artifacts.
// ---------------------------------------------------------------------------

#[derive(__DERIVES__, Default)]
struct ListArtifactsArgs {
    /// Left out, the artifacts of every station are listed.
    #[serde(default)]
    station: Option<String>,
    #[serde(default)]
    page_token: Option<String>,
}

#[derive(__DERIVES__)]
struct FetchArtifactArgs {
    station: String,
    locator: String,
}

#[derive(__DERIVES__)]
struct StationArtifact {
    station: String,
    #[serde(flatten)]
    artifact: Artifact,
}

#[derive(__DERIVES__)]
struct ArtifactListing {
    #[serde(skip_serializing_if = "Option::is_none")]
    station: Option<String>,
    listed: Vec<StationArtifact>,
    #[serde(rename = "continueFrom", skip_serializing_if = "Option::is_none")]
    continue_from: Option<String>,
}

// ---------------------------------------------------------------------------
// Bench tools: helpers the planner can hire, wait for and nudge.
// Helper states are kept as free JSON (serde_json::Value) here.
// ---------------------------------------------------------------------------

#[derive(__DERIVES__)]
struct HireHelperArgs {
    brief: Option<String>,
    attachments: Option<Vec<RequestPayload>>,
    trade: Option<String>,
    toolkit: Option<String>,
    care: Option<CareLevel>,
    priority_lane: Option<String>,
    #[serde(default)]
    share_notes: bool,
}

#[derive(__DERIVES__)]
pub(crate) struct HireHelperResult {
    helper_id: String,
    badge_name: Option<String>,
}

#[derive(__DERIVES__)]
struct AwaitHelpersArgs {
    #[serde(default)]
    helper_ids: Vec<String>,
    patience_ms: Option<i64>,
}

#[derive(__DERIVES__)]
pub(crate) struct AwaitHelpersResult {
    pub(crate) states: HashMap<String, serde_json::Value>,
    pub(crate) gave_up: bool,
}

#[derive(__DERIVES__)]
struct NudgeHelperArgs {
    helper_id: String,
    brief: Option<String>,
    attachments: Option<Vec<RequestPayload>>,
    #[serde(default)]
    preempt: bool,
}

// ---------------------------------------------------------------------------
// Bench tools: pooled job sessions.
// ---------------------------------------------------------------------------

#[derive(__DERIVES__)]
struct StartJobArgs {
    script: String,
    #[serde(default)]
    folder: Option<String>,
    #[serde(default)]
    interpreter: Option<String>,
    #[serde(default)]
    interactive: Option<bool>,
    #[serde(default = "default_start_poll_ms")]
    poll_ms: u64,
    #[serde(default)]
    log_cap: Option<usize>,
    #[serde(default)]
    isolation: IsolationLevel,
    #[serde(default)]
    motive: Option<String>,
}

#[derive(__DERIVES__)]
struct FeedJobArgs {
    // Planners know the pool slot by this number.
    job_slot: i32,
    #[serde(default)]
    keystrokes: String,
    #[serde(default = "default_feed_poll_ms")]
    poll_ms: u64,
    #[serde(default)]
    log_cap: Option<usize>,
}

fn default_start_poll_ms() -> u64 {
    5_000
}

fn default_feed_poll_ms() -> u64 {
    400
}

// ---------------------------------------------------------------------------
// Bench tools: looking at a photo of the bench.
// ---------------------------------------------------------------------------

#[derive(__DERIVES__)]
struct InspectPhotoArgs {
    photo_path: String,
    resolution: Option<String>,
}

// ---------------------------------------------------------------------------
// Bench tools: batches driven by a spreadsheet.
// ---------------------------------------------------------------------------

#[derive(__DERIVES__)]
struct BatchFromSheetArgs {
    sheet_path: String,
    directions: String,
    key_column: Option<String>,
    result_sheet_path: Option<String>,
    result_shape: Option<Value>,
    parallelism: Option<usize>,
    crew_size: Option<usize>,
    wall_clock_secs: Option<u64>,
}

#[derive(__DERIVES__)]
struct ReportBatchRowArgs {
    batch_id: String,
    row_id: String,
    observations: Value,
    halt: Option<bool>,
}

#[derive(__DERIVES__)]
struct BatchFromSheetResult {
    batch_id: String,
    state: String,
    result_sheet_path: String,
    rows_total: usize,
    rows_done: usize,
    rows_failed: usize,
    batch_fault: Option<String>,
    row_faults: Option<Vec<RowFault>>,
}

#[derive(__DERIVES__)]
struct RowFault {
    row_id: String,
    origin_key: Option<String>,
    final_message: String,
}
// ---------------------------------------------------------------------------
// Workshop: small single-purpose tools, prompts and forms. Descriptions are
// doc comments (toolform reads them as schema descriptions).
// ---------------------------------------------------------------------------

// Workshop: mixing two-part resin
#[derive(__DERIVES__)]
pub struct MixRatioRequest {
    /// parts of resin in the mix
    pub resin: i32,
    pub hardener: i32,
}

#[derive(__DERIVES__)]
pub struct OffsetRequest {
    /// the size on the drawing
    pub nominal: i32,
    /// the size on the caliper
    pub measured: i32,
}

// Workshop: greeting cards
#[derive(__DERIVES__)]
pub struct GreetingCardArgs {
    /// Words to print on the card
    pub greeting: String,
}

// Workshop: stock levels
/// Tool arguments arrive from some clients with every value as text, so a
/// number may come as `12` or as `"12"`. Both are read as an `i32`.
fn parse_tally<'de, D>(deserializer: D) -> Result<i32, D::Error>
where
    D: serde::Deserializer<'de>,
{
    match <TallyWire as serde::Deserialize>::deserialize(deserializer)? {
        TallyWire::Number(n) => Ok(n),
        TallyWire::Words(t) => t.trim().parse().map_err(serde::de::Error::custom),
    }
}

// The two forms `parse_tally` reads. It carries the derive list so that
// toolform's `#[schema(with = ..)]` can give it as the wire type.
#[derive(__DERIVES__)]
#[serde(untagged)]
enum TallyWire {
    Number(i32),
    Words(String),
}

#[derive(__DERIVES__)]
pub struct StockForecastArgs {
    /// How many pieces should be on the shelf
    #[serde(deserialize_with = "parse_tally")]
    #[schema(with = TallyWire)]
    pub target_level: i32,
    /// How to get there: 'steady' or 'rush'
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approach: Option<String>,
}

// Workshop: kilns
#[derive(__DERIVES__)]
pub struct KilnRequest {
    pub kiln: String,
    pub scale: Option<String>,
}

#[derive(__DERIVES__)]
pub struct KilnReading {
    pub heat: f64,
    pub remark: String,
    pub moisture_pct: u8,
    pub draft_rate: f64,
}

#[derive(__DERIVES__)]
pub struct TallyRequest {
    pub counts: Vec<i32>,
    pub reducer: String,
}

#[derive(__DERIVES__)]
pub struct TallyResult {
    pub value: f64,
    pub reducer: String,
    pub sample_size: usize,
}

// Workshop: apprentices
/// Apprentice details
#[derive(__DERIVES__)]
pub struct ApprenticeInfo {
    /// Apprentice's callsign
    pub callsign: String,
}

// Workshop: sanding
#[derive(__DERIVES__, Default)]
enum FinishKind {
    /// A flat, dull finish
    #[default]
    Matte,
    /// A shiny, polished finish
    Gloss,
}

#[derive(__DERIVES__)]
enum GritSize {
    Coarse,
    Middling,
    Fine,
}

fn default_grit_set() -> Vec<GritSize> {
    [GritSize::Middling, GritSize::Fine].into()
}

/// Sanding plan
#[derive(__DERIVES__)]
struct SandingPlanForm {
    pub grit: GritSize,
    /// Which finish to aim for
    pub finish: FinishKind,
    #[serde(default = "default_grit_set")]
    pub grit_sequence: Vec<GritSize>,
    /// Finishes the customer accepts
    pub finish_options: Vec<FinishKind>,
}

// Workshop: prompts
/// Drawing check parameters
#[derive(__DERIVES__)]
pub struct DrawingCheckArgs {
    /// Trade the drawing is for
    pub discipline: String,
    /// Drawing file or sheet number
    pub drawing_file: String,
    /// Points to check first
    pub check_points: Option<Vec<String>>,
}

/// Yield study parameters
#[derive(__DERIVES__)]
pub struct YieldStudyArgs {
    /// Sample format: 'tally', 'weights', 'photos', etc.
    pub sample_format: String,
    /// What kind of study to run
    pub study_kind: String,
    /// Background on the batch sampled
    pub background: Option<String>,
}

/// Shop notice parameters
#[derive(__DERIVES__)]
pub struct NoticeDraftArgs {
    /// Notice kind: 'safety', 'closure', 'schedule', etc.
    pub notice_kind: String,
    /// Who reads it
    pub readers: String,
    /// Register: 'plain', 'strict', 'friendly', etc.
    pub register: Option<String>,
    /// Things the notice must say
    pub talking_points: Vec<String>,
}

/// Fault triage parameters
#[derive(__DERIVES__)]
pub struct FaultTriageArgs {
    /// What the machine does wrong
    pub symptom: String,
    /// Machines involved
    pub machinery: Vec<String>,
    /// Fixes already tried
    pub attempted_fixes: Option<Vec<String>>,
}

// Workshop: inventory queries
/// Inventory query, filled in one field at a time
#[derive(__DERIVES__)]
pub struct InventoryQueryArgs {
    /// What to do with the ledger (COUNT, ADD, MOVE, WRITE_OFF)
    pub verb: String,
    /// Stock ledger name
    pub ledger: String,
    /// Fields to show or change (COUNT and MOVE only)
    pub fields: Option<String>,
    /// Which lines it applies to (may be left out for every verb)
    pub condition: Option<String>,
    /// Lines to add (ADD only)
    pub entries: Option<String>,
}

// Workshop: kiln booking over several rounds
#[derive(__DERIVES__)]
struct KilnRequestState {
    pending: KilnInput,
}

#[derive(__DERIVES__)]
#[serde(rename_all = "lowercase")]
enum KilnInput {
    Kiln,
}

// Workshop: the stations a console connects to
#[derive(__DERIVES__)]
pub struct StationConfig {
    pub station_name: String,
    #[serde(flatten)]
    pub link: StationLink,
}

#[derive(__DERIVES__)]
#[serde(tag = "via", rename_all = "lowercase")]
pub enum StationLink {
    Web {
        endpoint: String,
    },
    Spawn {
        program: String,
        #[serde(default)]
        argv: Vec<String>,
        #[serde(default)]
        environment: HashMap<String, String>,
    },
}

// Workshop: kiln booking
#[derive(__DERIVES__)]
struct BookKilnRequest {
    /// Kiln to book.
    kiln: String,
    /// Day of the firing.
    slot_date: String,
}

// Workshop: the foreman's forms
/// Foreman's answer, with a remark if wanted
#[derive(__DERIVES__)]
struct ForemanSignoff {
    /// The foreman's answer (true to accept, false to refuse)
    accepted: bool,

    /// A remark on the answer, if any
    remark: Option<String>,
}

/// A craftsman's full record
#[derive(__DERIVES__)]
struct CraftsmanProfile {
    /// Name in full
    full_name: String,

    /// Mail address
    contact_mail: String,

    /// Years in the trade
    years_served: u8,

    /// Console settings
    settings: CraftsmanSettings,
}

#[derive(__DERIVES__)]
struct CraftsmanSettings {
    /// Console colours
    palette: Palette,

    /// Sound alerts
    alerts: bool,

    /// Console dialect
    dialect: String,
}

/// Console colour schemes
#[derive(__DERIVES__)]
enum Palette {
    /// Bright scheme
    Daylight,
    /// Dim scheme
    Lamplight,
    /// Follows the shop lights
    FollowShop,
}

// Workshop: the radio log
#[derive(__DERIVES__)]
pub enum RadioSpeaker {
    Dispatcher,
    Crew,
    Foreman,
    Sensor,
}

#[derive(__DERIVES__)]
pub struct RadioLine {
    pub speaker: RadioSpeaker,
    pub utterance: String,
}

#[derive(__DERIVES__)]
pub struct RadioLog {
    pub channel_brief: Option<String>,
    pub lines: Vec<RadioLine>,
}

// ---------------------------------------------------------------------------
// Parts catalog: the tools the catalog server offers, and its settings.
// ---------------------------------------------------------------------------

/// Arguments of the recipe runner.
#[derive(__DERIVES__)]
pub struct RunRecipeInput {
    /// The recipe, in catalog query form
    recipe_text: String,

    /// Parameter values for the recipe, as JSON
    parameters: Option<Value>,
}

/// Arguments of the part describer.
#[derive(__DERIVES__)]
pub struct DescribePartInput {
    /// The kind of part to describe.
    part_kind: String,
    /// How many levels of sub-parts to include. 0 means all of them. Three unless given.
    #[serde(default = "default_describe_levels")]
    levels: usize,
}

fn default_describe_levels() -> usize {
    3
}

/// Arguments of the catalog search.
#[derive(__DERIVES__)]
pub struct CatalogSearchInput {
    /// Words to look for
    keywords: Vec<String>,
}

/// Arguments of the recipe linter
#[derive(__DERIVES__)]
pub struct LintRecipeInput {
    /// The recipe, in catalog query form
    recipe_text: String,
}

#[derive(__DERIVES__)]
pub struct SketchpadInput {
    /// The recipe to open on the sketchpad
    #[serde(default = "default_blank_json")]
    layout: String,

    /// Parameter values the recipe uses
    #[serde(default = "default_blank_json")]
    params: String,

    /// Notes to pin beside the recipe
    #[serde(default = "default_blank_json")]
    margin_notes: String,
}

fn default_blank_json() -> String {
    String::from("[]")
}

#[derive(__DERIVES__, Default)]
#[serde(rename_all = "snake_case")]
pub enum WriteAccess {
    /// No writes to the catalog at all
    #[default]
    Locked,
    /// Only the recipes on file may write; none may be composed
    Listed,
    /// Planners may compose their own writing recipes
    Open,
}

/// Hints a station hook advertises, set by hand per recipe.
///
/// Every one may be left out. Only the hints given here replace the ones the
/// catalog works out by itself; the others stay as worked out.
#[derive(__DERIVES__, Default)]
#[serde(default, deny_unknown_fields)]
pub struct HookHintOverrides {
    pub caption_override: Option<String>,
    pub no_side_effects: Option<bool>,
    pub may_destroy: Option<bool>,
    pub repeat_safe: Option<bool>,
    pub reaches_outside: Option<bool>,
}

/// Settings one may change
#[derive(__DERIVES__, Default)]
#[serde(default, deny_unknown_fields)]
pub struct FarmTuning {
    /// Leave part kind descriptions out, to keep the planner's prompt short
    pub drop_kind_notes: bool,

    /// Leave field descriptions out, to keep the planner's prompt short
    pub drop_field_notes: bool,

    /// Describe what each hook returns as well (costs prompt space, but planners read results better)
    pub describe_results: bool,

    /// Offer a hook that gives the sketchpad link for a recipe (needs SKETCHPAD_URL to be set)
    pub offer_sketchpad: bool,

    /// How far the catalog lets planners write
    pub write_access: WriteAccess,

    /// Optional hook descriptions by recipe name. Where one is given, it
    /// takes the place of the description the catalog writes itself for
    /// that recipe, wherever the recipe came from.
    pub hook_notes: HashMap<String, String>,

    /// Optional hook hints by recipe name.
    /// Where given, they are laid over the hints the catalog works
    /// out by itself for that recipe.
    #[serde(default)]
    pub hook_hints: HashMap<String, HookHintOverrides>,

    /// Badges a caller must hold, by recipe, before it may run that recipe.
    /// Keys are recipe names; values list the badges each one needs.
    /// A caller missing one of them is turned away with a 403 whose
    /// `WWW-Authenticate` header names the badges (`error="missing_badge"`).
    #[serde(default)]
    pub needed_badges: HashMap<String, Vec<String>>,
}

/// Catalog tool settings
#[derive(__DERIVES__, Default)]
#[serde(default, deny_unknown_fields)]
pub struct CatalogTools {
    /// Settings of the recipe runner
    pub runner: RunnerToggle,

    /// Settings of the part describer, which lets clients look at part kinds
    pub describer: DescriberToggle,

    /// Settings of the catalog search
    pub finder: FinderToggle,

    /// Settings of the linter that checks recipes before they run
    pub linter: LinterToggle,
}

/// Recipe runner settings
#[derive(__DERIVES__, Default)]
#[serde(default, deny_unknown_fields)]
pub struct RunnerToggle {
    /// Offer the recipe runner
    pub on: bool,
    /// Extra words added to the runner's description
    pub footnote: Option<String>,
}

/// Part describer settings
#[derive(__DERIVES__, Default)]
#[serde(default, deny_unknown_fields)]
pub struct DescriberToggle {
    /// Offer the part describer
    pub on: bool,

    /// Strip blank space from what it returns
    pub compact: bool,
    /// Extra words added to the describer's description
    pub footnote: Option<String>,
}

/// Catalog search settings
#[derive(__DERIVES__)]
#[serde(default, deny_unknown_fields)]
pub struct FinderToggle {
    /// Offer the catalog search
    pub on: bool,

    /// Memory the search index may take, in bytes
    pub cache_budget_bytes: usize,

    /// How many levels of neighbouring part kinds to add to each hit
    /// (1 adds none, 2 adds the kinds a hit refers to, and so on.
    /// One unless given.)
    pub neighbor_levels: usize,

    /// Strip blank space from what it returns
    pub compact: bool,
    /// Extra words added to the search's description
    pub footnote: Option<String>,
}

impl Default for FinderToggle {
    fn default() -> Self {
        FinderToggle {
            on: true,
            cache_budget_bytes: 32 << 20,
            neighbor_levels: 1,
            compact: true,
            footnote: None,
        }
    }
}

/// Recipe linter settings
#[derive(__DERIVES__, Default)]
#[serde(default, deny_unknown_fields)]
pub struct LinterToggle {
    /// Offer the recipe linter
    pub on: bool,
    /// Extra words added to the linter's description
    pub footnote: Option<String>,
}
