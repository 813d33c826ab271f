//! Reading Gemini's answer stream. Each SSE `data:` is a `GenerateContentResponse`: text in
//! `candidates[0].content.parts[]` (parts marked `thought` are reasoning), `finishReason` on the
//! last one, `usageMetadata` with the counts, `modelVersion` the model that answered. There is no
//! end marker: a stream that closes after a `finishReason` is complete, one that closes before it
//! was cut.
//!
//! A call arrives whole, as a `functionCall` part (`name`, `args`, sometimes an `id`), with the
//! `thoughtSignature` Gemini wants back beside it (<https://ai.google.dev/gemini-api/docs/function-calling>).
//! Gemini says `STOP` after calls; the decoder wrapper makes that `toolCalls`.

use serde_json::Value;

use crate::errors;
use crate::events::{FinishReason, StreamEvent, ToolCall};
use crate::providers::decode::{model_named, SseHandler};
use crate::providers::json::{parse_json, JsonPath};
use crate::providers::tool_args::{made_id, object_arguments};

#[derive(Debug, Default)]
pub(super) struct GeminiDecoder {
    finish: Option<FinishReason>,
    usage: Option<(u64, u64)>,
    /// The calls in the answer so far, for the ids of those that come without one.
    calls: usize,
    /// The tool of the last call, to name when the stream is cut after it.
    last_call: Option<String>,
}

impl SseHandler for GeminiDecoder {
    fn end(&mut self, cut: bool) -> Vec<StreamEvent> {
        match self.finish {
            Some(reason) if !cut => {
                let usage = self
                    .usage
                    .map(|(input_tokens, output_tokens)| StreamEvent::Usage {
                        input_tokens,
                        output_tokens,
                    });
                usage
                    .into_iter()
                    .chain([StreamEvent::Done { reason }])
                    .collect()
            }
            // Cut after a call: more calls of the same step may have been on their way.
            _ => vec![self
                .last_call
                .as_deref()
                .map_or_else(errors::truncated, errors::tool_call_cut)],
        }
    }

    fn data(&mut self, data: &str, out: &mut Vec<StreamEvent>) {
        let chunk = match parse_json(data, "event") {
            Ok(v) => v,
            Err(e) => return out.push(e),
        };
        if let Some(err) = chunk.get("error") {
            let (status, message) = (err.str_or_empty("/status"), err.str_or_empty("/message"));
            return out.push(errors::provider_error(status, message));
        }
        if let Some(reason) = chunk.str_at("/promptFeedback/blockReason") {
            return out.push(errors::provider_error(
                "content_filter",
                &format!("the prompt was blocked ({reason})"),
            ));
        }
        out.extend(model_named(chunk.str_at("/modelVersion")));
        out.extend(self.parts(&chunk));
        match chunk.str_at("/candidates/0/finishReason") {
            Some("MALFORMED_FUNCTION_CALL") => {
                let detail = chunk.str_or_empty("/candidates/0/finishMessage");
                return out.push(errors::tool_call_malformed(detail));
            }
            Some("UNEXPECTED_TOOL_CALL") => {
                let detail = chunk.str_or_empty("/candidates/0/finishMessage");
                return out.push(errors::tool_call_unexpected(detail));
            }
            Some(reason) => self.finish = Some(finish_reason(reason)),
            None => {}
        }
        if let Some(usage) = chunk.get("usageMetadata") {
            self.usage = Some(token_counts(usage));
        }
    }
}

impl GeminiDecoder {
    /// The first candidate's parts: calls, reasoning where marked `thought`, else answer text;
    /// empty text is skipped.
    fn parts(&mut self, chunk: &Value) -> Vec<StreamEvent> {
        let parts = chunk
            .pointer("/candidates/0/content/parts")
            .and_then(Value::as_array);
        parts
            .into_iter()
            .flatten()
            .filter_map(|part| {
                if let Some(call) = part.get("functionCall") {
                    return Some(self.call(call, part.text_at("/thoughtSignature")));
                }
                let text = part.text_at("/text")?;
                Some(if part.bool_at("/thought") == Some(true) {
                    StreamEvent::Reasoning { text }
                } else {
                    StreamEvent::Text { text }
                })
            })
            .collect()
    }

    /// A call, or the error saying its arguments are not an object. Without an id it gets one
    /// made from its place in the answer, which requests leave out.
    fn call(&mut self, call: &Value, signature: Option<String>) -> StreamEvent {
        self.calls += 1;
        let name = call.str_or_empty("/name").to_owned();
        self.last_call = Some(name.clone());
        match object_arguments(&name, call.get("args")) {
            Ok(arguments) => StreamEvent::ToolCall(ToolCall {
                id: call.text_at("/id").unwrap_or_else(|| made_id(self.calls)),
                name,
                arguments,
                signature,
            }),
            Err(error) => error,
        }
    }
}

/// Input and output tokens; thinking tokens are output too.
fn token_counts(usage: &Value) -> (u64, u64) {
    let output =
        usage.u64_or_zero("/candidatesTokenCount") + usage.u64_or_zero("/thoughtsTokenCount");
    (usage.u64_or_zero("/promptTokenCount"), output)
}

fn finish_reason(reason: &str) -> FinishReason {
    match reason {
        "STOP" => FinishReason::Stop,
        "MAX_TOKENS" => FinishReason::Length,
        "SAFETY" | "RECITATION" | "BLOCKLIST" | "PROHIBITED_CONTENT" | "SPII" => {
            FinishReason::ContentFilter
        }
        _ => FinishReason::Other,
    }
}
