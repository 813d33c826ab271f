//! Anthropic's Messages API with `stream: true`.
//! Reference: <https://docs.anthropic.com/en/api/messages-streaming>.
//!
//! SSE events carry a `type`: `message_start` (the model, input tokens), `content_block_delta` with
//! `text_delta` or `thinking_delta`, `message_delta` (stop reason, output tokens), `message_stop`
//! (the end), `ping` (keep-alive) and `error` (inside a 200 stream, e.g. `overloaded_error`).

use serde_json::{json, Value};

use super::decode::{model_named, Decode, SseHandler, SseStream};
use super::http::{get, join, json_headers, key, post, HttpRequest};
use super::json::{parse_json, JsonPath};
use super::{Limits, ModelInfo, Protocol};
use crate::errors;
use crate::events::{FinishReason, StreamEvent};
use crate::spec::{join_text, ChatSpec, PartRef, Role};

const VERSION: &str = "2023-06-01";
/// Anthropic requires `max_tokens`; this is the answer budget when the user set none.
const DEFAULT_MAX_TOKENS: u32 = 4096;

pub(super) struct Anthropic;

impl Protocol for Anthropic {
    fn build_request(&self, spec: &ChatSpec) -> HttpRequest {
        let system: Vec<String> = spec
            .messages
            .iter()
            .filter(|m| m.role == Role::System)
            .map(|m| m.content.text())
            .collect();
        let mut body = json!({
            "model": spec.model.trim(),
            "max_tokens": spec.max_tokens.unwrap_or(DEFAULT_MAX_TOKENS),
            "messages": turns(spec),
            "stream": true,
        });
        if !system.is_empty() {
            body["system"] = json!(system.join("\n\n"));
        }
        if let Some(t) = spec.temperature {
            body["temperature"] = json!(t);
        }
        post(
            join(&spec.base_url, "/messages"),
            headers(key(spec.api_key.as_deref()), "text/event-stream"),
            &body,
        )
    }

    fn decoder(&self, limits: Limits) -> Box<dyn Decode> {
        SseStream::<AnthropicDecoder>::boxed(limits)
    }

    fn models_request(&self, base_url: &str, api_key: Option<&str>) -> HttpRequest {
        get(
            join(base_url, "/models?limit=1000"),
            headers(api_key, "application/json"),
        )
    }

    /// `{"data":[{"type":"model","id":"claude-…","display_name":"Claude …"}],"has_more":false}`
    fn parse_models(&self, body: &Value) -> Option<Vec<ModelInfo>> {
        let data = body.get("data")?.as_array()?;
        Some(
            data.iter()
                .filter_map(|m| {
                    let id = m.get("id")?.as_str()?.to_owned();
                    let name = m
                        .get("display_name")
                        .and_then(Value::as_str)
                        .map(str::to_owned);
                    Some(ModelInfo {
                        id,
                        name,
                        vision: None,
                    })
                })
                .collect(),
        )
    }
}

fn headers(api_key: Option<&str>, accept: &str) -> std::collections::BTreeMap<String, String> {
    let mut headers = json_headers(accept);
    headers.insert("anthropic-version".to_owned(), VERSION.to_owned());
    // Anthropic refuses requests that carry a browser Origin unless the caller says it means
    // to: the key is the user's own, kept in the extension, so it does.
    headers.insert(
        "anthropic-dangerous-direct-browser-access".to_owned(),
        "true".to_owned(),
    );
    if let Some(key) = api_key {
        headers.insert("x-api-key".to_owned(), key.to_owned());
    }
    headers
}

/// User and assistant turns (system text goes to the top-level field), with consecutive turns
/// of one role merged: the API wants them to alternate.
fn turns(spec: &ChatSpec) -> Vec<Value> {
    let mut out: Vec<(Role, Vec<PartRef<'_>>)> = Vec::new();
    for m in spec.messages.iter().filter(|m| m.role != Role::System) {
        match out.last_mut() {
            Some((role, parts)) if *role == m.role => parts.extend(m.content.parts()),
            _ => out.push((m.role, m.content.parts())),
        }
    }
    out.into_iter()
        .map(|(role, parts)| json!({ "role": role, "content": content(&parts) }))
        .collect()
}

/// A turn's content: its text as one string (merged turns joined by a blank line) when it has
/// no image; else content blocks, each image as
/// `{"type":"image","source":{"type":"base64","media_type","data"}}`.
fn content(parts: &[PartRef<'_>]) -> Value {
    if !parts.iter().any(|p| matches!(p, PartRef::Image(_))) {
        return json!(join_text(parts));
    }
    let blocks: Vec<Value> = parts
        .iter()
        .map(|part| match part {
            PartRef::Text(text) => json!({ "type": "text", "text": text }),
            PartRef::Image(image) => json!({ "type": "image", "source": {
                "type": "base64", "media_type": image.media_type, "data": image.data,
            } }),
            PartRef::ToolCall(_) | PartRef::Reasoning(_) => {
                unreachable!("parts() holds text and images only")
            }
        })
        .collect();
    json!(blocks)
}

#[derive(Debug, Default)]
struct AnthropicDecoder {
    input_tokens: u64,
    output_tokens: u64,
    stop: Option<FinishReason>,
}

impl SseHandler for AnthropicDecoder {
    /// Reaching the end without `message_stop` means the stream was cut.
    fn end(&mut self, _cut: bool) -> Vec<StreamEvent> {
        vec![errors::truncated()]
    }

    fn data(&mut self, data: &str, out: &mut Vec<StreamEvent>) {
        let event = match parse_json(data, "event") {
            Ok(v) => v,
            Err(e) => return out.push(e),
        };
        match event.str_or_empty("/type") {
            "message_start" => {
                out.extend(model_named(event.str_at("/message/model")));
                self.message_start(&event);
            }
            "content_block_delta" => out.extend(content_delta(&event)),
            "message_delta" => self.message_delta(&event),
            "message_stop" => out.extend(self.message_stop()),
            "error" => out.push(in_stream_error(&event)),
            _ => {} // ping, content_block_start/stop, future event types
        }
    }
}

impl AnthropicDecoder {
    /// The first event: the prompt's size and the output so far.
    fn message_start(&mut self, event: &Value) {
        // Input tokens served from the prompt cache are counted apart; the prompt's
        // size is all three (Anthropic's usage docs; llama.cpp's route does the same).
        self.input_tokens = [
            "input_tokens",
            "cache_read_input_tokens",
            "cache_creation_input_tokens",
        ]
        .iter()
        .filter_map(|k| event.u64_at(&format!("/message/usage/{k}")))
        .sum();
        self.output_tokens = event.u64_or_zero("/message/usage/output_tokens");
    }

    /// Near the end: why the model stopped and the final output count.
    fn message_delta(&mut self, event: &Value) {
        if let Some(n) = event.u64_at("/usage/output_tokens") {
            self.output_tokens = n;
        }
        if let Some(reason) = event.str_at("/delta/stop_reason") {
            self.stop = Some(stop_reason(reason));
        }
    }

    /// The end marker: the counts, then `done`.
    fn message_stop(&self) -> [StreamEvent; 2] {
        [
            StreamEvent::Usage {
                input_tokens: self.input_tokens,
                output_tokens: self.output_tokens,
            },
            StreamEvent::Done {
                reason: self.stop.unwrap_or(FinishReason::Stop),
            },
        ]
    }
}

/// A piece of the answer (`text_delta`) or of the thinking (`thinking_delta`).
fn content_delta(event: &Value) -> Option<StreamEvent> {
    let text = |pointer: &str| event.str_or_empty(pointer).to_owned();
    match event.str_at("/delta/type")? {
        "text_delta" => Some(StreamEvent::Text {
            text: text("/delta/text"),
        }),
        "thinking_delta" => Some(StreamEvent::Reasoning {
            text: text("/delta/thinking"),
        }),
        _ => None,
    }
}

/// An `error` event inside a 200 stream, e.g. `overloaded_error`.
fn in_stream_error(event: &Value) -> StreamEvent {
    errors::provider_error(
        event.str_or_empty("/error/type"),
        event.str_or_empty("/error/message"),
    )
}

fn stop_reason(reason: &str) -> FinishReason {
    match reason {
        "end_turn" | "stop_sequence" => FinishReason::Stop,
        "max_tokens" => FinishReason::Length,
        "refusal" => FinishReason::ContentFilter,
        _ => FinishReason::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{build_request, test_spec};
    use super::*;
    use crate::spec::ProviderKind;
    use crate::StreamDecoder;

    #[test]
    fn system_goes_top_level_and_turns_alternate() {
        let mut spec = test_spec(
            ProviderKind::Anthropic,
            "https://api.anthropic.com/v1",
            Some("test-key"),
            &[
                (Role::System, "Be brief."),
                (Role::User, "a"),
                (Role::User, "b"),
            ],
        );
        spec.model = "claude-sonnet-4-5".into();
        let req = build_request(&spec).unwrap();
        assert_eq!(req.url, "https://api.anthropic.com/v1/messages");
        assert_eq!(req.headers["x-api-key"], "test-key");
        assert_eq!(req.headers["anthropic-version"], VERSION);
        assert!(!req.headers.contains_key("authorization"));
        let body: Value = serde_json::from_str(&req.body).unwrap();
        assert_eq!(body["system"], "Be brief.");
        assert_eq!(body["max_tokens"], DEFAULT_MAX_TOKENS);
        assert_eq!(
            body["messages"],
            json!([{ "role": "user", "content": "a\n\nb" }])
        );
    }

    #[test]
    fn names_the_model_from_message_start() {
        let mut d = StreamDecoder::new(ProviderKind::Anthropic);
        let got = d.push(
            b"event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"model\":\"claude-sonnet-4-5-20250929\",\"usage\":{\"input_tokens\":3}}}\n\n",
        );
        assert_eq!(
            got,
            [StreamEvent::Model {
                name: "claude-sonnet-4-5-20250929".into()
            }]
        );
        let unnamed = StreamDecoder::new(ProviderKind::Anthropic)
            .push(b"data: {\"type\":\"message_start\",\"message\":{\"model\":null}}\n\n");
        assert!(unnamed.is_empty());
    }
}
