//! The tools of the conformance scenarios `tools-call-*`: fixed content of
//! each kind, an error result, progress notifications.

use super::*;

/// A 1x1 red PNG.
const RED_PIXEL_PNG: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";
/// Eight samples of silence, 8 kHz mono 8-bit WAV.
const SILENT_WAV: &str = "UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==";

/// The tools of the conformance scenarios `tools-call-*`: fixed content of
/// each kind, an error result, progress notifications.
#[tool_router(router = content_router, vis = "pub(super)")]
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
