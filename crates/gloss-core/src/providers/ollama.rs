//! Ollama's native chat API: `POST /api/chat` streaming newline-delimited JSON.
//! Reference: <https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion>.
//!
//! Each line is `{"model":"…","message":{"content":"…","thinking":"…"},"done":false}`; the last has
//! `"done":true`, `done_reason` and the token counts. Errors arrive as `{"error":"…"}`.
//! A default Ollama refuses browser-extension origins with a bare 403, which gets its own
//! message saying how to allow them.

use serde_json::{json, Value};

use super::decode::{model_named, Decode};
use super::http::{get, join, json_headers, key, post, sampling, HttpRequest};
use super::json::{parse_json, JsonPath};
use super::ndjson::NdjsonLines;
use super::{Limit, Limits, ModelInfo, Protocol};
use crate::errors;
use crate::events::{FinishReason, StreamEvent};
use crate::spec::{ChatSpec, Message};

pub(super) struct Ollama;

impl Protocol for Ollama {
    fn build_request(&self, spec: &ChatSpec) -> HttpRequest {
        let mut body = json!({
            "model": spec.model.trim(),
            "messages": spec.messages.iter().map(message).collect::<Vec<_>>(),
            "stream": true,
        });
        let options = sampling(
            ("temperature", spec.temperature),
            ("num_predict", spec.max_tokens),
        );
        if let Some(options) = options {
            body["options"] = options;
        }
        post(
            join(&spec.base_url, "/api/chat"),
            headers(key(spec.api_key.as_deref()), "application/x-ndjson"),
            &body,
        )
    }

    fn decoder(&self, limits: Limits) -> Box<dyn Decode> {
        Box::new(OllamaDecoder {
            lines: NdjsonLines::with_limit(limits.line),
            max_line: limits.line,
        })
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
/// `images` (the API documents no media type; it reads the bytes).
fn message(m: &Message) -> Value {
    let mut out = json!({ "role": m.role, "content": m.content.text() });
    let images: Vec<&str> = m.content.images().map(|i| i.data.as_str()).collect();
    if !images.is_empty() {
        out["images"] = json!(images);
    }
    out
}

/// Ollama needs no key; one is sent (as a bearer token) for servers behind an auth proxy.
fn headers(api_key: Option<&str>, accept: &str) -> std::collections::BTreeMap<String, String> {
    let mut headers = json_headers(accept);
    if let Some(key) = api_key {
        headers.insert("authorization".to_owned(), format!("Bearer {key}"));
    }
    headers
}

#[derive(Debug)]
struct OllamaDecoder {
    lines: NdjsonLines,
    /// The line cap, to name it when a line goes over.
    max_line: usize,
}

impl Decode for OllamaDecoder {
    fn push(&mut self, bytes: &[u8]) -> Vec<StreamEvent> {
        let mut out = Vec::new();
        for line in self.lines.push(bytes) {
            line_events(&line, &mut out);
        }
        if self.lines.overflowed() {
            out.push(errors::too_large(Limit::Line, self.max_line));
        }
        out
    }

    fn finish(&mut self) -> Vec<StreamEvent> {
        let mut out = Vec::new();
        // A last line without its newline is kept if it is whole JSON (some servers omit the
        // final newline); a half line means the connection was cut.
        if let Some(line) = self.lines.finish() {
            if serde_json::from_str::<Value>(&line).is_err() {
                return vec![errors::truncated()];
            }
            line_events(&line, &mut out);
        }
        // Reaching the end with no `done` line means the stream was cut.
        if !out.iter().any(StreamEvent::is_terminal) {
            out.push(errors::truncated());
        }
        out
    }
}

fn line_events(line: &str, out: &mut Vec<StreamEvent>) {
    let chunk = match parse_json(line, "line") {
        Ok(v) => v,
        Err(e) => return out.push(e),
    };
    if let Some(err) = chunk.get("error") {
        return out.push(in_stream_error(err));
    }
    out.extend(model_named(chunk.str_at("/model")));
    out.extend(pieces(&chunk));
    if chunk.bool_at("/done") == Some(true) {
        out.extend(done(&chunk));
    }
}

/// `{"error":"…"}`; a missing model gets its own code, so the user is told to check its name.
fn in_stream_error(err: &Value) -> StreamEvent {
    let message = err.as_str().unwrap_or_default();
    let kind = if message.contains("not found") {
        "not_found"
    } else {
        ""
    };
    errors::provider_error(kind, message)
}

/// The line's piece of thinking, then its piece of the answer; empty pieces are skipped.
fn pieces(chunk: &Value) -> impl Iterator<Item = StreamEvent> {
    let thinking = chunk
        .text_at("/message/thinking")
        .map(|text| StreamEvent::Reasoning { text });
    let content = chunk
        .text_at("/message/content")
        .map(|text| StreamEvent::Text { text });
    thinking.into_iter().chain(content)
}

/// The last line (`"done":true`): the counts, then `done` with the reason.
fn done(chunk: &Value) -> [StreamEvent; 2] {
    let reason = match chunk.str_at("/done_reason") {
        Some("length") => FinishReason::Length,
        Some("stop") | None => FinishReason::Stop,
        Some(_) => FinishReason::Other,
    };
    [
        StreamEvent::Usage {
            input_tokens: chunk.u64_or_zero("/prompt_eval_count"),
            output_tokens: chunk.u64_or_zero("/eval_count"),
        },
        StreamEvent::Done { reason },
    ]
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
