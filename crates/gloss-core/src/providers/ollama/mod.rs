//! Ollama's native chat API: `POST /api/chat` streaming newline-delimited JSON.
//! Reference: <https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion>.
//!
//! Each line is `{"model":"…","message":{"content":"…","thinking":"…"},"done":false}`; the last has
//! `"done":true`, `done_reason` and the token counts. Errors arrive as `{"error":"…"}`.
//! A default Ollama refuses browser-extension origins with a bare 403, which gets its own
//! message saying how to allow them.
//!
//! This file is what Gloss sends (the chat request, the model list and details requests) and how
//! it reads a refusal, with the tool parts of a request in `tools.rs`; `stream.rs` reads the
//! streamed answer.

mod stream;
mod tools;

use serde_json::{json, Value};

use super::decode::Decode;
use super::http::{get, join, json_headers, key, post, sampling, HttpRequest};
use super::{Limits, ModelInfo, Protocol};
use crate::errors;
use crate::events::StreamEvent;
use crate::spec::{ChatSpec, Message, Role};

pub(super) struct Ollama;

impl Protocol for Ollama {
    fn build_request(&self, spec: &ChatSpec) -> HttpRequest {
        let mut body = json!({ "model": spec.model.trim(), "stream": true });
        // Assigned, not written inside `json!`, which copies every value it is given anew.
        body["messages"] = spec.messages.iter().map(message).collect();
        let options = sampling(
            ("temperature", spec.temperature),
            ("num_predict", spec.max_tokens),
        );
        if let Some(options) = options {
            body["options"] = options;
        }
        if !spec.tools.is_empty() {
            body["tools"] = tools::offered(&spec.tools);
        }
        post(
            join(&spec.base_url, "/api/chat"),
            headers(key(spec.api_key.as_deref()), "application/x-ndjson"),
            &body,
        )
    }

    fn decoder(&self, limits: Limits) -> Box<dyn Decode> {
        Box::new(stream::OllamaDecoder::new(limits))
    }

    fn models_request(&self, base_url: &str, api_key: Option<&str>) -> HttpRequest {
        get(
            join(base_url, "/api/tags"),
            headers(api_key, "application/json"),
        )
    }

    /// `{"models":[{"name":"llama3.2:latest","model":"llama3.2:latest",…}]}`
    fn parse_models(&self, body: &Value) -> Option<Vec<ModelInfo>> {
        let models = body.get("models")?.as_array()?;
        Some(
            models
                .iter()
                .filter_map(|m| m.get("model").or_else(|| m.get("name"))?.as_str())
                .map(|id| ModelInfo {
                    id: id.to_owned(),
                    name: None,
                    vision: None,
                })
                .collect(),
        )
    }

    /// `POST /api/show {"model"}`: the tags list does not say what a model can do, this does.
    fn model_details_request(
        &self,
        base_url: &str,
        api_key: Option<&str>,
        model: &str,
    ) -> Option<HttpRequest> {
        Some(post(
            join(base_url, "/api/show"),
            headers(api_key, "application/json"),
            &json!({ "model": model }),
        ))
    }

    /// `{"capabilities":["completion","vision"],…}`
    /// (<https://docs.ollama.com/api-reference/show-model-details>); older servers leave the
    /// field out, and then the list cannot say.
    fn model_sees(&self, details: &Value) -> Option<bool> {
        let capabilities = details.get("capabilities")?.as_array()?;
        Some(capabilities.iter().any(|c| c == "vision"))
    }

    fn http_error(&self, status: u16, body: &str, retry_after: Option<&str>) -> StreamEvent {
        if status == 403 {
            return errors::ollama_origin_refused();
        }
        errors::http_error(status, body, retry_after)
    }
}

/// A message as `/api/chat` takes it: the text in `content`, images beside it as bare base64 in
/// `images` (the API documents no media type; it reads the bytes), an assistant's calls beside
/// them; a tool's result has a shape of its own (`tools.rs`).
fn message(m: &Message) -> Value {
    if m.role == Role::Tool {
        return tools::result(m);
    }
    let mut out = serde_json::Map::new();
    out.insert("role".to_owned(), json!(m.role));
    out.insert("content".to_owned(), json!(m.content.text()));
    let images: Vec<&str> = m.content.images().map(|i| i.data.as_str()).collect();
    if !images.is_empty() {
        out.insert("images".to_owned(), json!(images));
    }
    tools::add_calls(m, &mut out);
    Value::Object(out)
}

/// Ollama needs no key; one is sent (as a bearer token) for servers behind an auth proxy.
fn headers(api_key: Option<&str>, accept: &str) -> std::collections::BTreeMap<String, String> {
    let mut headers = json_headers(accept);
    if let Some(key) = api_key {
        headers.insert("authorization".to_owned(), format!("Bearer {key}"));
    }
    headers
}

#[cfg(test)]
mod tests {
    use super::super::{
        build_request, http_error, model_details_request, model_sees, test_spec, StreamDecoder,
    };
    use super::*;
    use crate::spec::{ProviderKind, Role};

    #[test]
    fn builds_a_native_chat_request() {
        let mut spec = test_spec(
            ProviderKind::Ollama,
            "http://localhost:11434",
            None,
            &[(Role::User, "Hi")],
        );
        spec.max_tokens = Some(64);
        let req = build_request(&spec).unwrap();
        assert_eq!(req.url, "http://localhost:11434/api/chat");
        assert!(!req.headers.contains_key("authorization"));
        let body: Value = serde_json::from_str(&req.body).unwrap();
        assert_eq!(body["options"], json!({ "num_predict": 64 }));
    }

    #[test]
    fn asks_each_model_what_it_can_do_and_reads_vision_from_capabilities() {
        let req = model_details_request(
            ProviderKind::Ollama,
            "http://localhost:11434",
            None,
            " gemma3:4b ",
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            (req.method.as_str(), req.url.as_str()),
            ("POST", "http://localhost:11434/api/show")
        );
        assert_eq!(
            serde_json::from_str::<Value>(&req.body).unwrap(),
            json!({ "model": "gemma3:4b" })
        );
        // Trimmed from Ollama's documented /api/show response (docs/api.md, "Show Model Information").
        let seeing = r#"{"modelfile":"…","details":{"family":"gemma3","families":["gemma3"]},"capabilities":["completion","vision"]}"#;
        let blind = r#"{"details":{"family":"llama"},"capabilities":["completion","tools"]}"#;
        assert_eq!(model_sees(ProviderKind::Ollama, seeing), Some(true));
        assert_eq!(model_sees(ProviderKind::Ollama, blind), Some(false));
        assert_eq!(model_sees(ProviderKind::Ollama, r#"{"details":{}}"#), None);
        assert_eq!(model_sees(ProviderKind::Ollama, "<html>"), None);
        assert!(
            model_details_request(ProviderKind::OpenAi, "http://h/v1", None, "m")
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn a_403_explains_ollama_origins() {
        let StreamEvent::Error { message, .. } = http_error(ProviderKind::Ollama, 403, "", None)
        else {
            panic!("not an error")
        };
        assert!(message.contains("OLLAMA_ORIGINS"), "{message}");
    }

    #[test]
    fn names_the_model_once_from_its_lines() {
        let mut d = StreamDecoder::new(ProviderKind::Ollama);
        let mut got =
            d.push(b"{\"model\":\"llama3.2\",\"message\":{\"content\":\"Hi\"},\"done\":false}\n");
        got.extend(
            d.push(b"{\"model\":\"llama3.2\",\"message\":{\"content\":\"\"},\"done\":true}\n"),
        );
        assert_eq!(
            got[..2],
            [
                StreamEvent::Model {
                    name: "llama3.2".into()
                },
                StreamEvent::Text { text: "Hi".into() }
            ]
        );
        let models = got
            .iter()
            .filter(|e| matches!(e, StreamEvent::Model { .. }))
            .count();
        assert_eq!(models, 1);
    }
}
