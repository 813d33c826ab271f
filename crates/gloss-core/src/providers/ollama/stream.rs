//! Reading Ollama's answer stream: one JSON object a line, `message.content` and
//! `message.thinking` the pieces, `message.tool_calls` the calls (each whole, in one line), and a
//! last line with `"done":true`, `done_reason` and the counts. A stream that closes before that
//! line was cut.

use serde_json::Value;

use crate::errors;
use crate::events::{FinishReason, StreamEvent};
use crate::providers::decode::{model_named, Decode};
use crate::providers::json::{parse_json, JsonPath};
use crate::providers::ndjson::NdjsonLines;
use crate::providers::tool_args::{made_id, object_arguments};
use crate::providers::{Limit, Limits};
use crate::spec::ToolCall;

#[derive(Debug)]
pub(super) struct OllamaDecoder {
    lines: NdjsonLines,
    /// The line cap, to name it when a line goes over.
    max_line: usize,
    /// Tool calls handed on so far (the `n` of an id made for a call without one).
    calls: usize,
}

impl OllamaDecoder {
    pub(super) fn new(limits: Limits) -> Self {
        Self {
            lines: NdjsonLines::with_limit(limits.line),
            max_line: limits.line,
            calls: 0,
        }
    }

    fn line_events(&mut self, line: &str, out: &mut Vec<StreamEvent>) {
        let chunk = match parse_json(line, "line") {
            Ok(v) => v,
            Err(e) => return out.push(e),
        };
        if let Some(err) = chunk.get("error") {
            return out.push(in_stream_error(err));
        }
        out.extend(model_named(chunk.str_at("/model")));
        out.extend(pieces(&chunk));
        if let Err(error) = self.tool_calls(&chunk, out) {
            return out.push(error);
        }
        if chunk.bool_at("/done") == Some(true) {
            out.extend(done(&chunk));
        }
    }

    /// The line's tool calls, each whole: `{"id"?, "function": {"index", "name", "arguments"}}`
    /// with the arguments as an object (<https://docs.ollama.com/capabilities/tool-calling>).
    /// Ollama 0.12.10 and later give each an id; an older one gives none, and then Gloss makes
    /// one. A call that cannot be read ends the answer with the error that says why.
    fn tool_calls(&mut self, chunk: &Value, out: &mut Vec<StreamEvent>) -> Result<(), StreamEvent> {
        let Some(calls) = chunk
            .pointer("/message/tool_calls")
            .and_then(Value::as_array)
        else {
            return Ok(());
        };
        for call in calls {
            let name = call.str_or_empty("/function/name");
            if name.is_empty() {
                return Err(errors::bad_response(
                    "a tool call came without the name of its tool",
                ));
            }
            let arguments = object_arguments(name, call.pointer("/function/arguments"))?;
            let id = match call.str_at("/id") {
                Some(id) if !id.is_empty() => id.to_owned(),
                _ => made_id(self.calls),
            };
            self.calls += 1;
            out.push(StreamEvent::ToolCall(ToolCall {
                id,
                name: name.to_owned(),
                arguments,
                signature: None,
            }));
        }
        Ok(())
    }
}

impl Decode for OllamaDecoder {
    fn push(&mut self, bytes: &[u8]) -> Vec<StreamEvent> {
        let mut out = Vec::new();
        for line in self.lines.push(bytes) {
            self.line_events(&line, &mut out);
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
            self.line_events(&line, &mut out);
        }
        // Reaching the end with no `done` line means the stream was cut.
        if !out.iter().any(StreamEvent::is_terminal) {
            out.push(errors::truncated());
        }
        out
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
    use serde_json::json;

    use super::*;
    use crate::events::ErrorCode;

    fn decode(calls: &Value) -> Vec<StreamEvent> {
        let line = json!({ "message": { "content": "", "tool_calls": calls }, "done": false });
        let mut decoder = OllamaDecoder::new(Limits::default());
        decoder.push(format!("{line}\n").as_bytes())
    }

    #[test]
    fn an_id_less_call_gets_a_made_id_and_no_arguments_are_an_empty_object() {
        let got = decode(&json!([
            { "function": { "name": "now" } },
            { "id": "", "function": { "name": "now", "arguments": null } },
            { "id": "call_1", "function": { "name": "f", "arguments": "{\"a\":1}" } },
        ]));
        let calls: Vec<(&str, &Value)> = got
            .iter()
            .filter_map(|e| match e {
                StreamEvent::ToolCall(c) => Some((c.id.as_str(), &c.arguments)),
                _ => None,
            })
            .collect();
        assert_eq!(
            calls,
            [
                ("gloss-call-0", &json!({})),
                ("gloss-call-1", &json!({})),
                ("call_1", &json!({ "a": 1 }))
            ]
        );
    }

    #[test]
    fn a_call_without_a_name_is_a_clear_error() {
        for calls in [
            json!([{ "function": { "arguments": {} } }]),
            json!([{}]),
            json!([7]),
        ] {
            let got = decode(&calls);
            let Some(StreamEvent::Error { code, message, .. }) = got.last() else {
                panic!("{got:?}")
            };
            assert_eq!(*code, ErrorCode::BadResponse);
            assert!(message.contains("without the name"), "{message}");
        }
    }
}
