//! The chat spec: what the worker asks a provider for (protocol, endpoint, model, conversation),
//! and the checks on the settings a user types into it. It sits beside `providers` rather than
//! inside it because context assembly writes its messages too: both use this vocabulary, and
//! neither needs the other.

mod content;
mod content_de;
pub mod image;
mod tools;

use serde::{Deserialize, Serialize};

pub(crate) use content::join_text;
pub use content::{Content, Image, Part, PartRef};
use image::ImageProblem;
pub use tools::{is_tool_name, Reasoning, ToolCall, ToolSpec};

/// Which wire protocol a provider speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProviderKind {
    /// OpenAI's Chat Completions API and every server that copies it (OpenRouter, Groq,
    /// LM Studio, llama.cpp, vLLM, ...).
    #[serde(rename = "openai")]
    OpenAi,
    /// Anthropic's Messages API.
    Anthropic,
    /// Google's Gemini API (`generativelanguage.googleapis.com`).
    Gemini,
    /// Ollama's native chat API (`/api/chat`, NDJSON).
    Ollama,
}

impl ProviderKind {
    /// Every kind, for exhaustive checks (each has golden fixtures, see `tests/fixtures.rs`).
    pub const ALL: [ProviderKind; 4] = [
        ProviderKind::OpenAi,
        ProviderKind::Anthropic,
        ProviderKind::Gemini,
        ProviderKind::Ollama,
    ];
}

/// Who said a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    System,
    User,
    Assistant,
    /// A tool's result, answering the call `tool_call_id` names.
    Tool,
}

/// One message of the conversation sent to the model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub role: Role,
    /// Text, or text and images (see [`Content`]); an assistant's may hold tool calls.
    pub content: Content,
    /// A tool result's call (`role: tool` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_call_id: Option<String>,
    /// A tool result's tool (`role: tool` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A tool result that reports a failure (Anthropic's `is_error`; the others read the text).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub is_error: bool,
}

impl Message {
    /// A message of `role` saying `content`.
    pub fn new(role: Role, content: impl Into<Content>) -> Self {
        Self {
            role,
            content: content.into(),
            tool_call_id: None,
            name: None,
            is_error: false,
        }
    }

    /// The result of the call `id` to the tool `name`.
    pub fn tool_result(id: &str, name: &str, content: impl Into<Content>) -> Self {
        Self {
            tool_call_id: Some(id.to_owned()),
            name: Some(name.to_owned()),
            ..Self::new(Role::Tool, content)
        }
    }
}

/// Everything needed to ask a provider for a streamed answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChatSpec {
    /// The protocol to speak.
    pub provider: ProviderKind,
    /// The API root, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:8080/v1`.
    pub base_url: String,
    /// Sent as the provider expects; `None` or empty for local servers that need none.
    #[serde(default)]
    pub api_key: Option<String>,
    /// The model id as the provider names it.
    pub model: String,
    /// The conversation, oldest first.
    pub messages: Vec<Message>,
    /// Sampling temperature; the provider's default when `None`.
    #[serde(default)]
    pub temperature: Option<f64>,
    /// Upper bound on the answer's tokens; the provider's default when `None`.
    #[serde(default)]
    pub max_tokens: Option<u32>,
    /// The tools the model may call; none offered when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<ToolSpec>,
}

/// A spec that cannot become a request; `field` names the setting to fix, `key` the message in
/// the extension's `_locales` (its English text is `message`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecError {
    pub field: String,
    pub message: String,
    pub key: String,
}

impl SpecError {
    pub(crate) fn new(field: &str, key: &str, message: &str) -> Self {
        Self {
            field: field.to_owned(),
            message: message.to_owned(),
            key: key.to_owned(),
        }
    }
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for SpecError {}

/// Checks everything a request needs: the endpoint, and something to send.
pub(crate) fn validate(spec: &ChatSpec) -> Result<(), SpecError> {
    check_endpoint(&spec.base_url, &spec.model)?;
    if spec.messages.is_empty() {
        return Err(SpecError::new(
            "messages",
            "specNothingToSend",
            "There is nothing to send.",
        ));
    }
    spec.messages
        .iter()
        .flat_map(|m| m.content.images())
        .try_for_each(check_image)?;
    tools::check(spec)
}

/// Checks one image; the message says which of the user's images cannot go and why.
fn check_image(image: &Image) -> Result<(), SpecError> {
    let (key, message) = match image::check(image) {
        Ok(()) => return Ok(()),
        Err(ImageProblem::Type) => (
            "specImageType",
            "Images must be PNG, JPEG, WebP or GIF. Remove the image, or attach it in one of those formats.",
        ),
        Err(ImageProblem::TooLarge) => (
            "specImageTooLarge",
            "An image is larger than about 3.9 MB (5 MB once encoded for sending, the most a provider takes). Remove it, or attach a smaller one.",
        ),
        Err(ImageProblem::Data) => (
            "specImageData",
            "An image could not be read: its data is not the picture its type says. Remove it and attach it again.",
        ),
    };
    Err(SpecError::new("messages", key, message))
}

/// Checks a provider's base URL and model, the settings a user types; `field` names the
/// one to fix.
pub fn check_endpoint(base_url: &str, model: &str) -> Result<(), SpecError> {
    check_base_url(base_url)?;
    if model.trim().is_empty() {
        return Err(SpecError::new(
            "model",
            "specChooseModel",
            "Choose a model.",
        ));
    }
    Ok(())
}

/// Checks a base URL: http(s), a host, no query or fragment.
pub fn check_base_url(base_url: &str) -> Result<(), SpecError> {
    let fail = |key: &str, message: &str| Err(SpecError::new("baseUrl", key, message));
    let url = base_url.trim();
    let Some(rest) = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
    else {
        return fail(
            "specUrlScheme",
            "The base URL must start with http:// or https://.",
        );
    };
    if rest.is_empty() || rest.starts_with('/') || url.contains(char::is_whitespace) {
        return fail(
            "specUrlHost",
            "The base URL needs a host, like https://api.openai.com/v1.",
        );
    }
    if url.contains(['?', '#']) {
        return fail("specUrlQuery", "The base URL cannot contain ? or #.");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_reads_the_camel_case_shape_and_refuses_unknown_fields() {
        let json = r#"{"provider":"openai","baseUrl":"http://h/v1","model":"m",
            "messages":[{"role":"user","content":"q"}],"maxTokens":5}"#;
        let s: ChatSpec = serde_json::from_str(json).unwrap();
        assert_eq!(s.max_tokens, Some(5));
        let typo = json.replace("maxTokens", "max_tokens");
        assert!(serde_json::from_str::<ChatSpec>(&typo).is_err());
    }
}
