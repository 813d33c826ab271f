//! Provider protocols: one file per provider behind [`Protocol`]. Each builds its streaming chat
//! request as a value and decodes its response bytes into [`StreamEvent`]s; the caller owns the
//! transport (fetch, abort, timeouts).

mod anthropic;
mod gemini;
pub mod ndjson;
mod ollama;
mod openai;
pub mod sse;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::errors;
use crate::events::StreamEvent;

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

/// A model a provider offers, from its model list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelInfo {
    /// The id to put in requests.
    pub id: String,
    /// A friendlier name, when the provider gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// Who said a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    System,
    User,
    Assistant,
}

/// One message of the conversation sent to the model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub role: Role,
    pub content: String,
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
    pub temperature: Option<f32>,
    /// Upper bound on the answer's tokens; the provider's default when `None`.
    #[serde(default)]
    pub max_tokens: Option<u32>,
}

/// An HTTP request as plain data, for the worker to hand to `fetch`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HttpRequest {
    pub url: String,
    pub method: String,
    pub headers: BTreeMap<String, String>,
    pub body: String,
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
    fn new(field: &str, key: &str, message: &str) -> Self {
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

/// One provider's wire protocol.
trait Protocol: Sync {
    /// The streaming chat request (the spec is already validated).
    fn build_request(&self, spec: &ChatSpec) -> HttpRequest;
    fn decoder(&self) -> Box<dyn Decode>;
    /// The request that lists the provider's models.
    fn models_request(&self, base_url: &str, api_key: Option<&str>) -> HttpRequest;
    /// The models in a model-list response body; None if it is not the expected shape.
    fn parse_models(&self, body: &serde_json::Value) -> Option<Vec<ModelInfo>>;
    /// Maps a non-2xx response; providers override it for their own special cases.
    fn http_error(&self, status: u16, body: &str, retry_after: Option<&str>) -> StreamEvent {
        errors::http_error(status, body, retry_after)
    }
}

fn protocol(kind: ProviderKind) -> &'static dyn Protocol {
    match kind {
        ProviderKind::OpenAi => &openai::OpenAi,
        ProviderKind::Anthropic => &anthropic::Anthropic,
        ProviderKind::Gemini => &gemini::Gemini,
        ProviderKind::Ollama => &ollama::Ollama,
    }
}

/// Incremental decoding of one response body.
trait Decode: std::fmt::Debug {
    fn push(&mut self, bytes: &[u8]) -> Vec<StreamEvent>;
    fn finish(&mut self) -> Vec<StreamEvent>;
}

/// Checks `spec` and builds the provider's streaming chat request.
pub fn build_request(spec: &ChatSpec) -> Result<HttpRequest, SpecError> {
    validate(spec)?;
    Ok(protocol(spec.provider).build_request(spec))
}

/// The request that lists a provider's models.
pub fn models_request(
    kind: ProviderKind,
    base_url: &str,
    api_key: Option<&str>,
) -> Result<HttpRequest, SpecError> {
    check_base_url(base_url)?;
    Ok(protocol(kind).models_request(base_url, api_key.map(str::trim).filter(|k| !k.is_empty())))
}

/// The models in a model-list response, or the error event to show.
pub fn parse_models(kind: ProviderKind, body: &str) -> Result<Vec<ModelInfo>, StreamEvent> {
    let value: serde_json::Value = serde_json::from_str(body)
        .map_err(|e| errors::bad_response(&format!("the model list is not JSON ({e})")))?;
    let mut models = protocol(kind)
        .parse_models(&value)
        .ok_or_else(|| errors::bad_response("the model list is not in the expected format"))?;
    models.sort_by(|a, b| a.id.cmp(&b.id));
    models.dedup_by(|a, b| a.id == b.id);
    Ok(models)
}

/// The error event for a non-2xx response from a provider of this kind.
pub fn http_error(
    kind: ProviderKind,
    status: u16,
    body: &str,
    retry_after: Option<&str>,
) -> StreamEvent {
    protocol(kind).http_error(status, body, retry_after)
}

fn validate(spec: &ChatSpec) -> Result<(), SpecError> {
    check_endpoint(&spec.base_url, &spec.model)?;
    if spec.messages.is_empty() {
        return Err(SpecError::new(
            "messages",
            "specNothingToSend",
            "There is nothing to send.",
        ));
    }
    Ok(())
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

/// `base` without trailing slashes, then `path`.
fn join(base: &str, path: &str) -> String {
    format!("{}{}", base.trim().trim_end_matches('/'), path)
}

/// The key, trimmed, if there is one.
fn key(spec_key: Option<&str>) -> Option<&str> {
    spec_key.map(str::trim).filter(|k| !k.is_empty())
}

/// Headers every JSON request carries.
fn json_headers(accept: &str) -> BTreeMap<String, String> {
    BTreeMap::from([
        ("accept".to_owned(), accept.to_owned()),
        ("content-type".to_owned(), "application/json".to_owned()),
    ])
}

/// A POST request with a JSON body.
fn post(url: String, headers: BTreeMap<String, String>, body: &serde_json::Value) -> HttpRequest {
    HttpRequest {
        url,
        method: "POST".to_owned(),
        headers,
        body: body.to_string(),
    }
}

/// One event's JSON, or the `bad_response` error to end the stream with.
fn parse_json(data: &str, what: &str) -> Result<serde_json::Value, StreamEvent> {
    serde_json::from_str(data)
        .map_err(|e| errors::bad_response(&format!("a stream {what} is not JSON ({e})")))
}

/// What an SSE-based protocol does with each event's data and at the end of the stream.
trait SseHandler: std::fmt::Debug + Default + 'static {
    fn data(&mut self, data: &str, out: &mut Vec<StreamEvent>);
    /// The stream ended before a terminal event; `cut` is true if it ended mid-event.
    fn end(&mut self, cut: bool) -> Vec<StreamEvent>;
}

/// An SSE response decoded by a protocol's [`SseHandler`].
#[derive(Debug, Default)]
struct SseStream<H> {
    sse: sse::SseDecoder,
    handler: H,
}

impl<H: SseHandler> SseStream<H> {
    fn boxed() -> Box<dyn Decode> {
        Box::new(Self::default())
    }
}

impl<H: SseHandler> Decode for SseStream<H> {
    fn push(&mut self, bytes: &[u8]) -> Vec<StreamEvent> {
        let mut out = Vec::new();
        for event in self.sse.push(bytes) {
            self.handler.data(&event.data, &mut out);
        }
        out
    }

    fn finish(&mut self) -> Vec<StreamEvent> {
        let cut = self.sse.has_pending();
        self.sse.finish();
        self.handler.end(cut)
    }
}

/// A GET request with the given headers.
fn get(url: String, headers: BTreeMap<String, String>) -> HttpRequest {
    HttpRequest {
        url,
        method: "GET".to_owned(),
        headers,
        body: String::new(),
    }
}

/// Decodes one response body of a provider, fed in chunks split anywhere. After a terminal
/// event (`done` or `error`) it returns nothing more.
#[derive(Debug)]
pub struct StreamDecoder {
    inner: Box<dyn Decode>,
    ended: bool,
}

impl StreamDecoder {
    pub fn new(kind: ProviderKind) -> Self {
        Self {
            inner: protocol(kind).decoder(),
            ended: false,
        }
    }

    pub fn push(&mut self, bytes: &[u8]) -> Vec<StreamEvent> {
        if self.ended {
            return Vec::new();
        }
        let events = self.inner.push(bytes);
        self.cut_after_terminal(events)
    }

    pub fn finish(&mut self) -> Vec<StreamEvent> {
        if self.ended {
            return Vec::new();
        }
        let events = self.inner.finish();
        self.ended = true;
        self.cut_after_terminal(events)
    }

    fn cut_after_terminal(&mut self, mut events: Vec<StreamEvent>) -> Vec<StreamEvent> {
        if let Some(pos) = events.iter().position(StreamEvent::is_terminal) {
            events.truncate(pos + 1);
            self.ended = true;
        }
        events
    }
}

/// Builds specs for the providers' tests.
#[cfg(test)]
pub(crate) fn test_spec(
    kind: ProviderKind,
    base_url: &str,
    key: Option<&str>,
    messages: &[(Role, &str)],
) -> ChatSpec {
    ChatSpec {
        provider: kind,
        base_url: base_url.into(),
        api_key: key.map(Into::into),
        model: "test-model".into(),
        messages: messages
            .iter()
            .map(|&(role, content)| Message {
                role,
                content: content.into(),
            })
            .collect(),
        temperature: None,
        max_tokens: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(base_url: &str) -> ChatSpec {
        test_spec(ProviderKind::OpenAi, base_url, None, &[(Role::User, "hi")])
    }

    #[test]
    fn rejects_bad_base_urls_with_the_field_named() {
        for bad in [
            "",
            "api.openai.com",
            "ftp://x",
            "https://",
            "http:// x",
            "https://x/v1?a=b",
        ] {
            let err = build_request(&spec(bad)).unwrap_err();
            assert_eq!(err.field, "baseUrl", "{bad:?}");
        }
    }

    #[test]
    fn rejects_empty_model() {
        let mut s = spec("https://x");
        s.model = " ".into();
        assert_eq!(build_request(&s).unwrap_err().field, "model");
    }

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
