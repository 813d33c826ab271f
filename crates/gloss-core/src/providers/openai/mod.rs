//! OpenAI Chat Completions with `stream: true`, the protocol most servers copy.
//! Reference: <https://platform.openai.com/docs/api-reference/chat-streaming>.
//!
//! The body is SSE; each `data:` is a `chat.completion.chunk`, the stream ends with
//! `data: [DONE]`. With `stream_options.include_usage` a last chunk with empty `choices` carries
//! the token counts. Errors can also arrive inside a 200 stream as `{"error": {...}}`.
//!
//! This file is what Gloss sends (the chat request, the model list request), with the tool
//! parts of a request in `tools.rs`; `stream.rs` reads the streamed answer and `calls.rs` the
//! tool calls streamed in it.

mod calls;
mod stream;
pub(super) mod tools;

use serde_json::{json, Value};

use super::decode::{Decode, SseStream};
use super::http::{get, join, json_headers, key, post, HttpRequest};
use super::{Limits, ModelInfo, Protocol};
use crate::spec::{ChatSpec, Message, PartRef, Role};

pub(super) struct OpenAi;

impl Protocol for OpenAi {
    fn build_request(&self, spec: &ChatSpec) -> HttpRequest {
        let mut body = json!({
            "model": spec.model.trim(),
            "stream": true,
            "stream_options": { "include_usage": true },
        });
        // Assigned, not written inside `json!`, which copies every value it is given anew
        // (`to_value`): the messages and the tools are most of a long request.
        body["messages"] = spec.messages.iter().map(message).collect();
        if let Some(t) = spec.temperature {
            body["temperature"] = json!(t);
        }
        if let Some(n) = spec.max_tokens {
            body["max_tokens"] = json!(n);
        }
        if !spec.tools.is_empty() {
            body["tools"] = tools::offered(&spec.tools);
        }
        let mut headers = json_headers("text/event-stream");
        if let Some(key) = key(spec.api_key.as_deref()) {
            headers.insert("authorization".to_owned(), format!("Bearer {key}"));
        }
        post(join(&spec.base_url, "/chat/completions"), headers, &body)
    }

    fn decoder(&self, limits: Limits) -> Box<dyn Decode> {
        SseStream::<stream::OpenAiDecoder>::boxed(limits)
    }

    fn models_request(&self, base_url: &str, api_key: Option<&str>) -> HttpRequest {
        let mut headers = json_headers("application/json");
        if let Some(key) = api_key {
            headers.insert("authorization".to_owned(), format!("Bearer {key}"));
        }
        get(join(base_url, "/models"), headers)
    }

    /// `{"object":"list","data":[{"id":"gpt-4o-mini","object":"model",...}]}`
    fn parse_models(&self, body: &Value) -> Option<Vec<ModelInfo>> {
        let data = body.get("data")?.as_array()?;
        Some(
            data.iter()
                .filter_map(|m| m.get("id")?.as_str())
                .map(|id| ModelInfo {
                    id: id.to_owned(),
                    name: None,
                    vision: None,
                })
                .collect(),
        )
    }
}

/// A message as Chat Completions takes it: text as a string, as every compatible server accepts;
/// with images, the content-part array (`{"type":"image_url","image_url":{"url":"data:…"}}`).
/// Tool results and turns with calls have shapes of their own (`tools.rs`).
fn message(m: &Message) -> Value {
    if m.role == Role::Tool {
        return tools::result(m);
    }
    if m.content.tool_calls().next().is_some() {
        return tools::assistant_with_calls(m);
    }
    if !m.content.has_images() {
        return json!({ "role": m.role, "content": m.content.text() });
    }
    let parts: Vec<Value> = m
        .content
        .parts()
        .into_iter()
        .filter_map(|part| match part {
            PartRef::Text(text) => Some(json!({ "type": "text", "text": text })),
            PartRef::Image(image) => {
                Some(json!({ "type": "image_url", "image_url": { "url": image.data_url() } }))
            }
            // Not among `parts()`; calls went out above, and reasoning is not sent back.
            PartRef::ToolCall(_) | PartRef::Reasoning(_) => None,
        })
        .collect();
    let mut out = json!({ "role": m.role });
    out["content"] = Value::Array(parts);
    out
}

#[cfg(test)]
mod tests {
    use super::super::{build_request, StreamDecoder};
    use super::*;
    use crate::events::StreamEvent;
    use crate::spec::ProviderKind;

    fn spec(key: Option<&str>) -> ChatSpec {
        ChatSpec {
            provider: ProviderKind::OpenAi,
            base_url: "http://127.0.0.1:8080/v1/".into(),
            api_key: key.map(Into::into),
            model: "gpt-4o-mini".into(),
            messages: vec![
                Message::new(Role::System, "Be brief."),
                Message::new(Role::User, "Hi"),
            ],
            temperature: Some(0.5),
            max_tokens: Some(100),
            tools: Vec::new(),
        }
    }

    #[test]
    fn builds_a_streaming_request() {
        let req = build_request(&spec(Some("test-key"))).unwrap();
        assert_eq!(req.url, "http://127.0.0.1:8080/v1/chat/completions");
        assert_eq!(req.method, "POST");
        assert_eq!(req.headers["authorization"], "Bearer test-key");
        let body: Value = serde_json::from_str(&req.body).unwrap();
        assert_eq!(body["stream"], true);
        assert_eq!(body["stream_options"]["include_usage"], true);
        assert_eq!(
            body["messages"][0],
            json!({"role": "system", "content": "Be brief."})
        );
        assert_eq!(body["max_tokens"], 100);
        assert_eq!(body["temperature"], 0.5);
    }

    #[test]
    fn no_key_means_no_authorization_header() {
        for key in [None, Some(""), Some("  ")] {
            let req = build_request(&spec(key)).unwrap();
            assert!(!req.headers.contains_key("authorization"));
        }
    }

    #[test]
    fn in_stream_error_ends_the_stream() {
        let mut d = StreamDecoder::new(ProviderKind::OpenAi);
        let got = d.push(b"data: {\"error\":{\"message\":\"overloaded\",\"type\":\"server_error\"}}\n\ndata: [DONE]\n\n");
        assert_eq!(got.len(), 1);
        assert!(
            matches!(&got[0], StreamEvent::Error { message, .. } if message.contains("overloaded"))
        );
        assert!(d.finish().is_empty());
    }

    #[test]
    fn names_the_model_from_the_first_chunk_that_names_one() {
        // llama.cpp names the file it loaded, whatever the request asked for (tests/fixtures/
        // openai/llamacpp_recorded); OpenAI names the dated snapshot.
        let chunk = |model: &str, text: &str| {
            format!("data: {{\"model\":\"{model}\",\"choices\":[{{\"delta\":{{\"content\":\"{text}\"}}}}]}}\n\n")
        };
        let mut d = StreamDecoder::new(ProviderKind::OpenAi);
        let mut got = d.push(chunk("", "A").as_bytes());
        got.extend(d.push(chunk("gpt-4o-mini-2024-07-18", "B").as_bytes()));
        got.extend(d.push(chunk("other", "C").as_bytes()));
        got.extend(d.push(b"data: [DONE]\n\n"));
        let names: Vec<_> = got
            .iter()
            .filter_map(|e| match e {
                StreamEvent::Model { name } => Some(name.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(names, ["gpt-4o-mini-2024-07-18"]);
        // Said before the text of the chunk that named it.
        assert!(matches!(&got[1], StreamEvent::Model { .. }));
        assert_eq!(got[2], StreamEvent::Text { text: "B".into() });
    }

    #[test]
    fn tool_calls_and_the_legacy_function_call_are_the_tool_calls_reason() {
        for reason in ["tool_calls", "function_call"] {
            let mut d = StreamDecoder::new(ProviderKind::OpenAi);
            let body = format!(
                "data: {{\"choices\":[{{\"delta\":{{}},\"finish_reason\":\"{reason}\"}}]}}\n\ndata: [DONE]\n\n"
            );
            let got = d.push(body.as_bytes());
            assert_eq!(
                got,
                [StreamEvent::Done {
                    reason: crate::events::FinishReason::ToolCalls
                }]
            );
        }
    }

    #[test]
    fn a_call_to_a_tool_not_offered_ends_the_answer() {
        let mut d = StreamDecoder::new(ProviderKind::OpenAi).offering(vec!["get_time".into()]);
        let got = d.push(
            br#"data: {"choices":[{"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"rm_rf","arguments":"{}"}}]},"finish_reason":"tool_calls"}]}

"#,
        );
        assert!(
            matches!(&got[..], [StreamEvent::Error { message, .. }] if message.contains("rm_rf")),
            "{got:?}"
        );
    }
}
