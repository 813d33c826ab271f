//! Google's Gemini API: `models/{model}:streamGenerateContent?alt=sse`.
//! Reference: <https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent>.
//!
//! This file is what Gloss sends (the chat request with its tools, the model list request) and
//! how it reads a refusal; `turns.rs` writes the conversation as Gemini's `contents`, and
//! `stream.rs` reads the streamed answer.

mod stream;
mod turns;

use std::fmt::Write;

use serde_json::{json, Value};

use super::decode::{Decode, SseStream};
use super::http::{get, join, json_headers, key, post, sampling, HttpRequest};
use super::json::JsonPath;
use super::{Limits, ModelInfo, Protocol};
use crate::errors;
use crate::events::{ErrorCode, StreamEvent};
use crate::spec::{ChatSpec, Message, Role, ToolSpec};

pub(super) struct Gemini;

impl Protocol for Gemini {
    fn build_request(&self, spec: &ChatSpec) -> HttpRequest {
        let path = format!(
            "/models/{}:streamGenerateContent?alt=sse",
            model_path(&spec.model)
        );
        post(
            join(&spec.base_url, &path),
            headers(key(spec.api_key.as_deref()), "text/event-stream"),
            &body(spec),
        )
    }

    fn decoder(&self, limits: Limits) -> Box<dyn Decode> {
        SseStream::<stream::GeminiDecoder>::boxed(limits)
    }

    fn models_request(&self, base_url: &str, api_key: Option<&str>) -> HttpRequest {
        get(
            join(base_url, "/models?pageSize=1000"),
            headers(api_key, "application/json"),
        )
    }

    /// Gemini answers a bad key with 400 `INVALID_ARGUMENT`; it is still the key that is wrong.
    fn http_error(&self, status: u16, body: &str, retry_after: Option<&str>) -> StreamEvent {
        if status == 400 && Self::is_bad_key(body) {
            return errors::http_error_as(ErrorCode::Auth, status, body, retry_after);
        }
        errors::http_error(status, body, retry_after)
    }

    /// `{"models":[{"name":"models/gemini-2.0-flash","displayName":"…",
    /// "supportedGenerationMethods":["generateContent",…]}]}`; only chat models are kept.
    fn parse_models(&self, body: &Value) -> Option<Vec<ModelInfo>> {
        let models = body.get("models")?.as_array()?;
        Some(
            models
                .iter()
                .filter(|m| {
                    m.get("supportedGenerationMethods")
                        .and_then(Value::as_array)
                        .is_none_or(|ms| ms.iter().any(|x| x == "generateContent"))
                })
                .filter_map(|m| {
                    let id = m.str_at("/name")?;
                    Some(ModelInfo {
                        id: id.strip_prefix("models/").unwrap_or(id).to_owned(),
                        name: m.str_at("/displayName").map(str::to_owned),
                        vision: None,
                    })
                })
                .collect(),
        )
    }
}

impl Gemini {
    fn is_bad_key(body: &str) -> bool {
        body.contains("API_KEY_INVALID") || body.contains("API key not valid")
    }
}

/// The turns as `contents` (the assistant is the `model`), system text apart as
/// `systemInstruction`, the tools offered, and sampling settings in `generationConfig`.
fn body(spec: &ChatSpec) -> Value {
    let (system, turns): (Vec<&Message>, Vec<&Message>) =
        spec.messages.iter().partition(|m| m.role == Role::System);
    // Assigned, not written inside `json!`, which copies every value it is given anew.
    let mut body = json!({});
    body["contents"] = Value::Array(turns::contents(&turns));
    if !spec.tools.is_empty() {
        let mut tools = json!({});
        tools["functionDeclarations"] = spec.tools.iter().map(declaration).collect();
        body["tools"] = Value::Array(vec![tools]);
    }
    if !system.is_empty() {
        let parts: Vec<Value> = system
            .iter()
            .map(|m| json!({ "text": m.content.text() }))
            .collect();
        body["systemInstruction"] = json!({ "parts": parts });
    }
    let config = sampling(
        ("temperature", spec.temperature),
        ("maxOutputTokens", spec.max_tokens),
    );
    if let Some(config) = config {
        body["generationConfig"] = config;
    }
    body
}

/// A tool as a `FunctionDeclaration`
/// (<https://ai.google.dev/api/caching#FunctionDeclaration>). Its JSON Schema goes in
/// `parametersJsonSchema`, which takes JSON Schema as it is, rather than in `parameters`, an
/// `OpenAPI` subset that refuses keys such as `additionalProperties` or `$schema`: tools
/// from MCP servers bring whatever schema their authors wrote, and rewriting one into the
/// subset would drop what the model needs to call it right.
fn declaration(tool: &ToolSpec) -> Value {
    let mut out = json!({ "name": tool.name, "description": tool.description });
    out["parametersJsonSchema"] = tool.parameters.clone();
    out
}

fn headers(api_key: Option<&str>, accept: &str) -> std::collections::BTreeMap<String, String> {
    let mut headers = json_headers(accept);
    if let Some(key) = api_key {
        headers.insert("x-goog-api-key".to_owned(), key.to_owned());
    }
    headers
}

/// The model id as a path segment: `models/` dropped if the user pasted it, the rest
/// percent-encoded outside the characters model ids use.
fn model_path(model: &str) -> String {
    let model = model.trim();
    let model = model.strip_prefix("models/").unwrap_or(model);
    let mut out = String::with_capacity(model.len());
    for b in model.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

#[cfg(test)]
mod tools_tests;

#[cfg(test)]
mod tests {
    use super::super::{build_request, test_spec, StreamDecoder};
    use super::*;
    use crate::spec::ProviderKind;

    #[test]
    fn builds_contents_with_model_role_and_system_instruction() {
        let mut spec = test_spec(
            ProviderKind::Gemini,
            "https://generativelanguage.googleapis.com/v1beta/",
            Some("test-key"),
            &[
                (Role::System, "Be brief."),
                (Role::User, "Hi"),
                (Role::Assistant, "Hello"),
                (Role::User, "Bye"),
            ],
        );
        spec.model = "models/gemini-2.0-flash".into();
        spec.temperature = Some(0.2);
        spec.max_tokens = Some(50);
        let req = build_request(&spec).unwrap();
        assert_eq!(
            req.url,
            "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse"
        );
        assert_eq!(req.headers["x-goog-api-key"], "test-key");
        let body: Value = serde_json::from_str(&req.body).unwrap();
        assert_eq!(
            body["systemInstruction"],
            json!({ "parts": [{ "text": "Be brief." }] })
        );
        assert_eq!(
            body["contents"][1],
            json!({ "role": "model", "parts": [{ "text": "Hello" }] })
        );
        assert_eq!(
            body["generationConfig"],
            json!({ "temperature": 0.2, "maxOutputTokens": 50 })
        );
    }

    #[test]
    fn model_ids_are_path_safe() {
        assert_eq!(model_path("models/gemini-2.5-pro"), "gemini-2.5-pro");
        assert_eq!(model_path("a/b?c"), "a%2Fb%3Fc");
    }

    #[test]
    fn names_the_model_from_model_version() {
        let mut d = StreamDecoder::new(ProviderKind::Gemini);
        let chunk = |version: &str| {
            format!("data: {{\"candidates\":[{{\"content\":{{\"parts\":[{{\"text\":\"x\"}}]}}}}],\"modelVersion\":\"{version}\"}}\n\n")
        };
        let mut got = d.push(chunk("gemini-2.5-flash").as_bytes());
        got.extend(d.push(chunk("gemini-2.5-flash").as_bytes()));
        assert_eq!(
            got,
            [
                StreamEvent::Model {
                    name: "gemini-2.5-flash".into()
                },
                StreamEvent::Text { text: "x".into() },
                StreamEvent::Text { text: "x".into() },
            ]
        );
    }
}
