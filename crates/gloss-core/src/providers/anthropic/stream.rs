//! Reading Anthropic's answer stream
//! (<https://docs.anthropic.com/en/docs/build-with-claude/streaming>). SSE events carry a
//! `type`: `message_start` (the model, input tokens); `content_block_start`,
//! `content_block_delta` and `content_block_stop` around each block of the answer, by `index`;
//! `message_delta` (stop reason, output tokens); `message_stop` (the end); `ping` (keep-alive)
//! and `error` (inside a 200 stream, e.g. `overloaded_error`).
//!
//! Text and thinking stream as `text_delta` and `thinking_delta`; a thinking block ends with
//! its `signature_delta`, and a `redacted_thinking` block arrives whole in its start. A
//! `tool_use` block starts with its id and name, streams its input as JSON text in
//! `input_json_delta` fragments, and is complete at its `content_block_stop`: only then is the
//! call handed on, its arguments parsed.

use serde_json::Value;

use crate::errors;
use crate::events::{FinishReason, StreamEvent, ToolCall};
use crate::limits::{Limit, MAX_ANSWER};
use crate::providers::decode::{model_named, SseHandler};
use crate::providers::json::{parse_json, JsonPath};
use crate::providers::tool_args::{object_arguments, parse_arguments};

#[derive(Debug, Default)]
pub(super) struct AnthropicDecoder {
    input_tokens: u64,
    output_tokens: u64,
    stop: Option<FinishReason>,
    /// The `tool_use` blocks started and not yet stopped.
    calls: Vec<OpenCall>,
}

/// A `tool_use` block on its way: the input arrives as JSON text in pieces.
#[derive(Debug)]
struct OpenCall {
    index: Option<u64>,
    id: String,
    name: String,
    /// The block's `input` at its start: `{}` from Anthropic, whose input follows in pieces.
    input: Value,
    json: String,
}

impl SseHandler for AnthropicDecoder {
    /// Reaching the end without `message_stop` means the stream was cut; inside a call, it
    /// says which tool was being called.
    fn end(&mut self, _cut: bool) -> Vec<StreamEvent> {
        vec![self.cut_call().unwrap_or_else(errors::truncated)]
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
            "content_block_start" => out.extend(self.block_start(&event)),
            "content_block_delta" => out.extend(self.content_delta(&event)),
            "content_block_stop" => out.extend(self.block_stop(&event)),
            "message_delta" => self.message_delta(&event),
            "message_stop" => match self.cut_call() {
                Some(cut) => out.push(cut),
                None => out.extend(self.message_stop()),
            },
            "error" => out.push(in_stream_error(&event)),
            _ => {} // ping, future event types
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

    /// A block begins: a call is held until its input is complete; redacted thinking is whole
    /// already. Text and thinking blocks start empty, their text follows in deltas.
    fn block_start(&mut self, event: &Value) -> Option<StreamEvent> {
        let block = event.get("content_block")?;
        match block.str_at("/type")? {
            "tool_use" => {
                self.calls.push(OpenCall {
                    index: event.u64_at("/index"),
                    id: block.str_or_empty("/id").to_owned(),
                    name: block.str_or_empty("/name").to_owned(),
                    input: block.get("input").cloned().unwrap_or(Value::Null),
                    json: String::new(),
                });
                None
            }
            "redacted_thinking" => Some(StreamEvent::RedactedReasoning {
                data: block.str_or_empty("/data").to_owned(),
            }),
            _ => None,
        }
    }

    /// A piece of the answer (`text_delta`), of the thinking (`thinking_delta`), the thinking
    /// block's signature (`signature_delta`), or of a call's input (`input_json_delta`).
    fn content_delta(&mut self, event: &Value) -> Option<StreamEvent> {
        let text = |pointer: &str| event.str_or_empty(pointer).to_owned();
        match event.str_at("/delta/type")? {
            "text_delta" => Some(StreamEvent::Text {
                text: text("/delta/text"),
            }),
            "thinking_delta" => Some(StreamEvent::Reasoning {
                text: text("/delta/thinking"),
            }),
            "signature_delta" => Some(StreamEvent::ReasoningSignature {
                signature: event.text_at("/delta/signature")?,
            }),
            "input_json_delta" => {
                let index = event.u64_at("/index");
                let call = self.calls.iter_mut().find(|c| c.index == index)?;
                call.json
                    .push_str(event.str_or_empty("/delta/partial_json"));
                // A call's input is held whole until its end; the answer's cap bounds it, so a
                // server that never closes the block cannot fill the memory.
                (call.json.len() > MAX_ANSWER).then(|| errors::too_large(Limit::Answer, MAX_ANSWER))
            }
            _ => None,
        }
    }

    /// A block ends: a call is complete, its input read as a JSON object (none is `{}`).
    fn block_stop(&mut self, event: &Value) -> Option<StreamEvent> {
        let index = event.u64_at("/index");
        let at = self.calls.iter().position(|c| c.index == index)?;
        let call = self.calls.remove(at);
        let arguments = if call.json.trim().is_empty() {
            object_arguments(&call.name, Some(&call.input))
        } else {
            parse_arguments(&call.name, &call.json)
        };
        Some(match arguments {
            Ok(arguments) => StreamEvent::ToolCall(ToolCall {
                id: call.id,
                name: call.name,
                arguments,
                signature: None,
            }),
            Err(error) => error,
        })
    }

    /// The error for a stream that ended inside a call, if it did.
    fn cut_call(&self) -> Option<StreamEvent> {
        self.calls.first().map(|c| errors::tool_call_cut(&c.name))
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
        "tool_use" => FinishReason::ToolCalls,
        _ => FinishReason::Other,
    }
}
