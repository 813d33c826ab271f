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
use crate::providers::{Limit, Limits};

#[derive(Debug)]
pub(super) struct OllamaDecoder {
    lines: NdjsonLines,
    /// The line cap, to name it when a line goes over.
    max_line: usize,
}

impl OllamaDecoder {
    pub(super) fn new(limits: Limits) -> Self {
        Self {
            lines: NdjsonLines::with_limit(limits.line),
            max_line: limits.line,
        }
    }
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
