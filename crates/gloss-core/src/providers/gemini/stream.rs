//! Reading Gemini's answer stream. Each SSE `data:` is a `GenerateContentResponse`: text in
//! `candidates[0].content.parts[]` (parts marked `thought` are reasoning), `finishReason` on the
//! last one, `usageMetadata` with the counts, `modelVersion` the model that answered. There is no
//! end marker: a stream that closes after a `finishReason` is complete, one that closes before it
//! was cut.

use serde_json::Value;

use crate::errors;
use crate::events::{FinishReason, StreamEvent};
use crate::providers::decode::{model_named, SseHandler};
use crate::providers::json::{parse_json, JsonPath};

#[derive(Debug, Default)]
pub(super) struct GeminiDecoder {
    finish: Option<FinishReason>,
    usage: Option<(u64, u64)>,
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
            _ => vec![errors::truncated()],
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
        out.extend(parts(&chunk));
        if let Some(reason) = chunk.str_at("/candidates/0/finishReason") {
            self.finish = Some(finish_reason(reason));
        }
        if let Some(usage) = chunk.get("usageMetadata") {
            self.usage = Some(token_counts(usage));
        }
    }
}

/// The first candidate's parts: reasoning where marked `thought`, else answer text; empty parts
/// are skipped.
fn parts(chunk: &Value) -> Vec<StreamEvent> {
    let parts = chunk
        .pointer("/candidates/0/content/parts")
        .and_then(Value::as_array);
    parts
        .into_iter()
        .flatten()
        .filter_map(|part| {
            let text = part.text_at("/text")?;
            Some(if part.bool_at("/thought") == Some(true) {
                StreamEvent::Reasoning { text }
            } else {
                StreamEvent::Text { text }
            })
        })
        .collect()
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
