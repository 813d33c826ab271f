//! Decoding a response body into [`StreamEvent`]s, in chunks split anywhere. Each protocol has
//! its own [`Decode`]; [`StreamDecoder`] wraps it so that, whatever the protocol, nothing follows
//! a terminal event, and that the answer stays under its cap. The three SSE protocols share
//! [`SseStream`], which does the framing and leaves each only the meaning of an event's data
//! ([`SseHandler`]).

use super::limits::{Limit, Limits};
use super::protocol;
use super::sse::SseDecoder;
use crate::errors;
use crate::events::StreamEvent;
use crate::spec::ProviderKind;

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
        }
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
        if let Some(pos) = events.iter().position(StreamEvent::is_terminal) {
            events.truncate(pos + 1);
            self.ended = true;
        }
        events
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
