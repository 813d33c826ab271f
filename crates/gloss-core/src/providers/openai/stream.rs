//! Reading the Chat Completions answer stream. Each SSE `data:` is a `chat.completion.chunk`:
//! text in `choices[0].delta.content` (reasoning in `reasoning_content` or `reasoning` on the
//! servers that stream it), `finish_reason` on the last chunk with choices, the token counts in a
//! chunk of their own, and `data: [DONE]` at the end: a stream that closes before it was cut.
//! Tool calls arrive in pieces beside the text (`calls.rs`); they are handed on, whole, when the
//! answer finishes (its `finish_reason`, or `[DONE]` for servers that give none).

use serde_json::Value;

use super::calls::Calls;
use crate::errors;
use crate::events::{FinishReason, StreamEvent};
use crate::limits::MAX_ANSWER;
use crate::providers::decode::{model_named, SseHandler};
use crate::providers::json::{parse_json, JsonPath};

#[derive(Debug)]
pub(super) struct OpenAiDecoder {
    finish_reason: Option<FinishReason>,
    calls: Calls,
}

impl Default for OpenAiDecoder {
    /// A call's arguments are part of the answer, so they are held within the answer's default
    /// cap (a handler is made by `Default`: a decoder's smaller `Limits` do not reach it).
    fn default() -> Self {
        Self {
            finish_reason: None,
            calls: Calls::new(MAX_ANSWER),
        }
    }
}

impl SseHandler for OpenAiDecoder {
    /// Reaching the end means `[DONE]` never came (after it nothing more is asked of us); a call
    /// still arriving then was cut off, and nothing will run it.
    fn end(&mut self, _cut: bool) -> Vec<StreamEvent> {
        match self.calls.in_progress() {
            Some(name) => vec![errors::tool_call_cut(name)],
            None => vec![errors::truncated()],
        }
    }

    fn data(&mut self, data: &str, out: &mut Vec<StreamEvent>) {
        if data.trim() == "[DONE]" {
            out.extend(self.calls.finish(false));
            let reason = self.finish_reason.unwrap_or(FinishReason::Stop);
            return out.push(StreamEvent::Done { reason });
        }
        let chunk = match parse_json(data, "event") {
            Ok(v) => v,
            Err(e) => return out.push(e),
        };
        if let Some(err) = chunk.get("error") {
            return out.push(in_stream_error(err));
        }
        out.extend(model_named(chunk.str_at("/model")));
        out.extend(deltas(&chunk));
        if let Some(pieces) = chunk.pointer("/choices/0/delta/tool_calls") {
            if let Err(error) = self.calls.take(pieces) {
                return out.push(error);
            }
        }
        if let Some(reason) = chunk.str_at("/choices/0/finish_reason") {
            let reason = finish_reason(reason);
            self.finish_reason = Some(reason);
            out.extend(self.calls.finish(reason == FinishReason::Length));
        }
        out.extend(usage(&chunk));
    }
}

/// The chunk's piece of reasoning, then its piece of the answer; empty pieces are skipped.
fn deltas(chunk: &Value) -> impl Iterator<Item = StreamEvent> {
    // Reasoning models behind OpenAI-compatible servers (DeepSeek, llama.cpp, vLLM,
    // OpenRouter) stream their thinking as `reasoning_content` or `reasoning`.
    let delta = chunk.pointer("/choices/0/delta");
    let reasoning = delta
        .and_then(|d| d.get("reasoning_content").or_else(|| d.get("reasoning")))
        .and_then(|r| r.text_at(""))
        .map(|text| StreamEvent::Reasoning { text });
    let content = chunk
        .text_at("/choices/0/delta/content")
        .map(|text| StreamEvent::Text { text });
    reasoning.into_iter().chain(content)
}

/// The token counts, in the last chunk (`stream_options.include_usage` asks for them).
fn usage(chunk: &Value) -> Option<StreamEvent> {
    let usage = chunk.get("usage").filter(|u| u.is_object())?;
    Some(StreamEvent::Usage {
        input_tokens: usage.u64_or_zero("/prompt_tokens"),
        output_tokens: usage.u64_or_zero("/completion_tokens"),
    })
}

fn finish_reason(reason: &str) -> FinishReason {
    match reason {
        "stop" | "end_turn" => FinishReason::Stop,
        // `function_call` is the reason of the functions API that tools replaced.
        "tool_calls" | "function_call" => FinishReason::ToolCalls,
        "length" => FinishReason::Length,
        "content_filter" => FinishReason::ContentFilter,
        _ => FinishReason::Other,
    }
}

/// `{"error": {...}}` inside a 200 stream; some servers send the message as a bare string.
fn in_stream_error(err: &Value) -> StreamEvent {
    let kind = [err.str_or_empty("/code"), err.str_or_empty("/type")].join(" ");
    let message = match err {
        Value::String(s) => s.as_str(),
        _ => err.str_or_empty("/message"),
    };
    errors::provider_error(&kind, message)
}
