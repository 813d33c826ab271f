//! Decoding a response body into [`StreamEvent`]s, in chunks split anywhere. Each protocol has
//! its own [`Decode`]; [`StreamDecoder`] wraps it so that, whatever the protocol, nothing follows
//! a terminal event, that the answer stays under its cap, and that the answering model is named
//! at most once (OpenAI-compatible servers, Gemini and Ollama name it in every chunk, Anthropic
//! once at the start; the first non-empty name is the one). The three SSE protocols share
//! [`SseStream`], which does the framing and leaves each only the meaning of an event's data
//! ([`SseHandler`]).

use super::protocol;
use super::sse::SseDecoder;
use super::turn::AssistantTurn;
use crate::errors;
use crate::events::{FinishReason, StreamEvent};
use crate::limits::{Limit, Limits, MAX_MODEL_NAME};
use crate::spec::{Message, ProviderKind};

/// Incremental decoding of one response body. Not `Debug`: a trait object's vtable keeps every
/// implementation's `Debug` code in the WASM, and nothing prints a decoder.
pub(super) trait Decode {
    fn push(&mut self, bytes: &[u8]) -> Vec<StreamEvent>;
    fn finish(&mut self) -> Vec<StreamEvent>;
}

/// Decodes one response body of a provider, fed in chunks split anywhere. After a terminal
/// event (`done` or `error`) it returns nothing more. A response over one of the caps in
/// `limits.rs` ends with a `bad_response` error naming it, after the events before it.
pub struct StreamDecoder {
    inner: Box<dyn Decode>,
    ended: bool,
    /// Bytes of text and reasoning handed on so far.
    answer: usize,
    max_answer: usize,
    /// A `model` event has been handed on: later ones are dropped.
    model_named: bool,
    /// The names of the tools offered, when the caller said; a call to another ends the answer.
    offered: Option<Vec<String>>,
    /// A tool call has been handed on: the answer's `done` says `toolCalls`.
    called: bool,
    /// The answer as a message, for sending it back with its calls' results.
    turn: AssistantTurn,
}

impl StreamDecoder {
    /// A decoder with the default caps.
    pub fn new(kind: ProviderKind) -> Self {
        Self::with_limits(kind, Limits::default())
    }

    /// A decoder with other caps (tests use small ones).
    pub fn with_limits(kind: ProviderKind, limits: Limits) -> Self {
        Self {
            inner: protocol(kind).decoder(limits),
            ended: false,
            answer: 0,
            max_answer: limits.answer,
            model_named: false,
            offered: None,
            called: false,
            turn: AssistantTurn::default(),
        }
    }

    /// The tools the request offered: a call to any other is refused with an error event that
    /// ends the answer, before anything could run it.
    #[must_use]
    pub fn offering(mut self, names: Vec<String>) -> Self {
        self.offered = Some(names);
        self
    }

    pub fn push(&mut self, bytes: &[u8]) -> Vec<StreamEvent> {
        if self.ended {
            return Vec::new();
        }
        let events = self.inner.push(bytes);
        self.cut_after_terminal(events)
    }

    pub fn finish(&mut self) -> Vec<StreamEvent> {
        if self.ended {
            return Vec::new();
        }
        let events = self.inner.finish();
        self.ended = true;
        self.cut_after_terminal(events)
    }

    fn cut_after_terminal(&mut self, events: Vec<StreamEvent>) -> Vec<StreamEvent> {
        let mut events = self.cut_at_answer_cap(events);
        self.check_tool_calls(&mut events);
        if let Some(pos) = events.iter().position(StreamEvent::is_terminal) {
            events.truncate(pos + 1);
            self.ended = true;
        }
        self.name_model_once(&mut events);
        for e in &events {
            self.turn.push(e);
        }
        events
    }

    /// The answer so far as an assistant message: its text, signed reasoning and tool calls,
    /// in order.
    pub fn message(&self) -> Message {
        self.turn.message()
    }

    /// `events` up to the first piece of text that would take the answer over its cap, then the
    /// error that says so; the piece itself is dropped, so what is kept is within the cap.
    fn cut_at_answer_cap(&mut self, mut events: Vec<StreamEvent>) -> Vec<StreamEvent> {
        for (i, event) in events.iter().enumerate() {
            let (StreamEvent::Text { text } | StreamEvent::Reasoning { text }) = event else {
                continue;
            };
            if self.answer + text.len() > self.max_answer {
                events.truncate(i);
                events.push(errors::too_large(Limit::Answer, self.max_answer));
                break;
            }
            self.answer += text.len();
        }
        events
    }
}

impl StreamDecoder {
    /// Refuses a call to a tool not offered, and says `toolCalls` as the reason an answer with
    /// calls stopped: Gemini and Ollama say `STOP`/`stop` after a call, OpenAI-compatible
    /// servers vary.
    fn check_tool_calls(&mut self, events: &mut [StreamEvent]) {
        for event in events {
            match event {
                StreamEvent::ToolCall(call) => {
                    let offered = self.offered.as_ref();
                    if offered.is_some_and(|names| !names.contains(&call.name)) {
                        *event = errors::unknown_tool(&call.name);
                        return;
                    }
                    self.called = true;
                }
                StreamEvent::Done { reason } if self.called => {
                    if matches!(reason, FinishReason::Stop | FinishReason::Other) {
                        *reason = FinishReason::ToolCalls;
                    }
                }
                _ => {}
            }
        }
    }

    /// Keeps the first `model` event with a name (trimmed, within [`MAX_MODEL_NAME`]) and drops
    /// the others, so a protocol can say the name wherever its chunks carry it.
    fn name_model_once(&mut self, events: &mut Vec<StreamEvent>) {
        events.retain_mut(|event| {
            let StreamEvent::Model { name } = event else {
                return true;
            };
            if self.model_named {
                return false;
            }
            // Trimmed again after the cut, which can end at a space inside the name.
            *name = clipped(name.trim(), MAX_MODEL_NAME).trim_end().to_owned();
            self.model_named = !name.is_empty();
            self.model_named
        });
    }
}

/// `text` cut to at most `max` bytes, at a character boundary.
fn clipped(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// The event naming the model, if the response names one here (`name_model_once` keeps the
/// first with a name and drops the rest).
pub(super) fn model_named(name: Option<&str>) -> Option<StreamEvent> {
    name.map(|name| StreamEvent::Model {
        name: name.to_owned(),
    })
}

/// What an SSE-based protocol does with each event's data and at the end of the stream.
pub(super) trait SseHandler: Default + 'static {
    fn data(&mut self, data: &str, out: &mut Vec<StreamEvent>);
    /// The stream ended before a terminal event; `cut` is true if it ended mid-event.
    fn end(&mut self, cut: bool) -> Vec<StreamEvent>;
}

/// An SSE response decoded by a protocol's [`SseHandler`].
pub(super) struct SseStream<H> {
    sse: SseDecoder,
    handler: H,
    limits: Limits,
}

impl<H: SseHandler> SseStream<H> {
    pub(super) fn boxed(limits: Limits) -> Box<dyn Decode> {
        Box::new(Self {
            sse: SseDecoder::with_limits(limits.line, limits.event),
            handler: H::default(),
            limits,
        })
    }
}

impl<H: SseHandler> Decode for SseStream<H> {
    fn push(&mut self, bytes: &[u8]) -> Vec<StreamEvent> {
        let mut out = Vec::new();
        for event in self.sse.push(bytes) {
            self.handler.data(&event.data, &mut out);
        }
        if let Some(limit) = self.sse.overflow() {
            out.push(errors::too_large(limit, self.limits.of(limit)));
        }
        out
    }

    fn finish(&mut self) -> Vec<StreamEvent> {
        let cut = self.sse.has_pending();
        self.sse.finish();
        self.handler.end(cut)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn models(events: &[StreamEvent]) -> Vec<&str> {
        events
            .iter()
            .filter_map(|e| match e {
                StreamEvent::Model { name } => Some(name.as_str()),
                _ => None,
            })
            .collect()
    }

    fn line(model: &str) -> String {
        format!("{{\"model\":{model:?},\"message\":{{\"content\":\"x\"}}}}\n")
    }

    #[test]
    fn the_model_is_named_once_trimmed_and_never_empty() {
        let mut d = StreamDecoder::new(ProviderKind::Ollama);
        let mut got = d.push(line("  ").as_bytes());
        got.extend(d.push(line(" qwen3:8b \n").as_bytes()));
        got.extend(d.push(line("llama3.2").as_bytes()));
        assert_eq!(models(&got), ["qwen3:8b"]);
    }

    #[test]
    fn a_huge_name_is_cut_at_a_character_boundary() {
        let huge = "é".repeat(MAX_MODEL_NAME);
        let got = StreamDecoder::new(ProviderKind::Ollama).push(line(&huge).as_bytes());
        let name = models(&got)[0];
        assert_eq!(name.len(), MAX_MODEL_NAME);
        assert!(name.chars().all(|c| c == 'é'));
    }

    #[test]
    fn a_name_cut_at_a_space_ends_without_it() {
        let name = format!("{} tail", "a".repeat(MAX_MODEL_NAME - 1));
        let got = StreamDecoder::new(ProviderKind::Ollama).push(line(&name).as_bytes());
        assert_eq!(models(&got), ["a".repeat(MAX_MODEL_NAME - 1)]);
    }

    #[test]
    fn no_name_after_the_end() {
        let mut d = StreamDecoder::new(ProviderKind::OpenAi);
        let got = d.push(b"data: [DONE]\n\ndata: {\"model\":\"late\",\"choices\":[]}\n\n");
        assert!(models(&got).is_empty());
        assert!(d.push(line("late").as_bytes()).is_empty());
    }
}
