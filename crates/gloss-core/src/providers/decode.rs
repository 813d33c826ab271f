//! Decoding a response body into [`StreamEvent`]s, in chunks split anywhere. Each protocol has
//! its own [`Decode`]; [`StreamDecoder`] wraps it so that, whatever the protocol, nothing follows
//! a terminal event. The three SSE protocols share [`SseStream`], which does the framing and
//! leaves each only the meaning of an event's data ([`SseHandler`]).

use super::protocol;
use super::sse::SseDecoder;
use crate::events::StreamEvent;
use crate::spec::ProviderKind;

/// Incremental decoding of one response body.
pub(super) trait Decode: std::fmt::Debug {
    fn push(&mut self, bytes: &[u8]) -> Vec<StreamEvent>;
    fn finish(&mut self) -> Vec<StreamEvent>;
}

/// Decodes one response body of a provider, fed in chunks split anywhere. After a terminal
/// event (`done` or `error`) it returns nothing more.
#[derive(Debug)]
pub struct StreamDecoder {
    inner: Box<dyn Decode>,
    ended: bool,
}

impl StreamDecoder {
    pub fn new(kind: ProviderKind) -> Self {
        Self {
            inner: protocol(kind).decoder(),
            ended: false,
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

    fn cut_after_terminal(&mut self, mut events: Vec<StreamEvent>) -> Vec<StreamEvent> {
        if let Some(pos) = events.iter().position(StreamEvent::is_terminal) {
            events.truncate(pos + 1);
            self.ended = true;
        }
        events
    }
}

/// What an SSE-based protocol does with each event's data and at the end of the stream.
pub(super) trait SseHandler: std::fmt::Debug + Default + 'static {
    fn data(&mut self, data: &str, out: &mut Vec<StreamEvent>);
    /// The stream ended before a terminal event; `cut` is true if it ended mid-event.
    fn end(&mut self, cut: bool) -> Vec<StreamEvent>;
}

/// An SSE response decoded by a protocol's [`SseHandler`].
#[derive(Debug, Default)]
pub(super) struct SseStream<H> {
    sse: SseDecoder,
    handler: H,
}

impl<H: SseHandler> SseStream<H> {
    pub(super) fn boxed() -> Box<dyn Decode> {
        Box::new(Self::default())
    }
}

impl<H: SseHandler> Decode for SseStream<H> {
    fn push(&mut self, bytes: &[u8]) -> Vec<StreamEvent> {
        let mut out = Vec::new();
        for event in self.sse.push(bytes) {
            self.handler.data(&event.data, &mut out);
        }
        out
    }

    fn finish(&mut self) -> Vec<StreamEvent> {
        let cut = self.sse.has_pending();
        self.sse.finish();
        self.handler.end(cut)
    }
}
