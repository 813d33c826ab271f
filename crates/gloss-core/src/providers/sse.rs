//! Server-sent events over raw bytes, as the [HTML spec] defines them, fed in arbitrary chunks.
//!
//! Lines are cut on bytes (`\n`, `\r\n`, `\r`) before any UTF-8 decoding: those bytes never occur
//! inside a multi-byte character, so a character split across two network reads is decoded only
//! once its line is complete and is never garbled.
//!
//! A line or an event over its cap (see `limits.rs`) ends the decoding: the events before it
//! are returned, then [`SseDecoder::overflow`] says which cap was hit and nothing more is read.
//!
//! [HTML spec]: https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation

use crate::limits::{Limit, MAX_EVENT, MAX_LINE};

/// One dispatched event: its `event:` name (if any) and its `data:` lines joined by `\n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEvent {
    pub event: Option<String>,
    pub data: String,
}

/// Incremental SSE parser. Work per `push` is proportional to the bytes pushed, and memory is
/// bounded by the line and event caps.
#[derive(Debug)]
pub struct SseDecoder {
    buf: Vec<u8>,
    event: Option<String>,
    data: Option<String>,
    /// The previous chunk ended in `\r`: a `\n` starting the next one belongs to that line end.
    skip_lf: bool,
    /// The stream's first line may carry a byte order mark.
    started: bool,
    max_line: usize,
    max_event: usize,
    /// The cap the stream went over; once set, nothing more is read.
    overflow: Option<Limit>,
}

impl Default for SseDecoder {
    fn default() -> Self {
        Self::with_limits(MAX_LINE, MAX_EVENT)
    }
}

impl SseDecoder {
    pub fn new() -> Self {
        Self::default()
    }

    /// A decoder that holds lines of at most `max_line` bytes and events of at most `max_event`.
    pub fn with_limits(max_line: usize, max_event: usize) -> Self {
        Self {
            buf: Vec::new(),
            event: None,
            data: None,
            skip_lf: false,
            started: false,
            max_line,
            max_event,
            overflow: None,
        }
    }

    /// Feeds bytes; returns the events completed by them (those before an overflow).
    pub fn push(&mut self, bytes: &[u8]) -> Vec<SseEvent> {
        let mut out = Vec::new();
        let mut rest = self.past_split_crlf(bytes);
        while let Some(end) = rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            if !self.hold(&rest[..end]) {
                return out;
            }
            let line = std::mem::take(&mut self.buf);
            self.line(&line, &mut out);
            rest = self.past_line_end(&rest[end..]);
        }
        self.hold(rest);
        out
    }

    /// Which cap the stream went over, if it did; the decoder then reads nothing more.
    pub fn overflow(&self) -> Option<Limit> {
        self.overflow
    }

    /// Adds `bytes` to the line being read, unless the line would outgrow its cap (or an earlier
    /// overflow ended the stream): then it drops what it holds and says no.
    fn hold(&mut self, bytes: &[u8]) -> bool {
        if self.overflow.is_none() && self.buf.len() + bytes.len() > self.max_line {
            self.stop(Limit::Line);
        }
        if self.overflow.is_some() {
            return false;
        }
        self.buf.extend_from_slice(bytes);
        true
    }

    fn stop(&mut self, limit: Limit) {
        self.overflow = Some(limit);
        self.buf = Vec::new();
        self.data = None;
        self.event = None;
    }

    /// `bytes` less the `\n` that finishes a `\r\n` the previous chunk cut after its `\r`.
    fn past_split_crlf<'a>(&mut self, bytes: &'a [u8]) -> &'a [u8] {
        if self.skip_lf && !bytes.is_empty() {
            self.skip_lf = false;
            if bytes[0] == b'\n' {
                return &bytes[1..];
            }
        }
        bytes
    }

    /// What follows the line end `rest` starts with (`\n`, `\r\n` or `\r`). A `\r` that ends
    /// the chunk may be the first half of a `\r\n`: the next chunk is told to skip a `\n`.
    fn past_line_end<'a>(&mut self, rest: &'a [u8]) -> &'a [u8] {
        if rest[0] == b'\r' {
            match rest.get(1) {
                Some(b'\n') => return &rest[2..],
                Some(_) => {}
                None => self.skip_lf = true,
            }
        }
        &rest[1..]
    }

    /// Ends the stream. A last line without its line end is dropped, and so is an event without
    /// its blank line, as the spec says: both mean the connection was cut mid-event.
    pub fn finish(&mut self) -> Vec<SseEvent> {
        self.buf.clear();
        self.data = None;
        self.event = None;
        Vec::new()
    }

    /// Whether bytes of an unfinished line or event are held.
    pub fn has_pending(&self) -> bool {
        !self.buf.is_empty() || self.data.is_some()
    }

    /// One line without its line end: a blank line dispatches the event, a field adds to it.
    fn line(&mut self, raw: &[u8], out: &mut Vec<SseEvent>) {
        let raw = self.past_bom(raw);
        if raw.is_empty() {
            return self.dispatch(out);
        }
        let line = String::from_utf8_lossy(raw);
        if line.starts_with(':') {
            return; // comment, used as keep-alive
        }
        let (field, value) = match line.split_once(':') {
            Some((f, v)) => (f, v.strip_prefix(' ').unwrap_or(v)),
            None => (&*line, ""),
        };
        self.field(field, value);
    }

    fn past_bom<'a>(&mut self, raw: &'a [u8]) -> &'a [u8] {
        if self.started {
            return raw;
        }
        self.started = true;
        raw.strip_prefix("\u{feff}".as_bytes()).unwrap_or(raw)
    }

    /// The event so far, if it has data; either way the next one starts afresh.
    fn dispatch(&mut self, out: &mut Vec<SseEvent>) {
        if let Some(data) = self.data.take() {
            out.push(SseEvent {
                event: self.event.take(),
                data,
            });
        }
        self.event = None;
    }

    fn field(&mut self, field: &str, value: &str) {
        match field {
            "data" => {
                let held = self.data.as_ref().map_or(0, |d| d.len() + 1);
                if held + value.len() > self.max_event {
                    return self.stop(Limit::Event);
                }
                match &mut self.data {
                    Some(d) => {
                        d.push('\n');
                        d.push_str(value);
                    }
                    None => self.data = Some(value.to_owned()),
                }
            }
            "event" => self.event = Some(value.to_owned()),
            _ => {} // id, retry and unknown fields do not matter to a one-shot request
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(chunks: &[&[u8]]) -> Vec<SseEvent> {
        let mut d = SseDecoder::new();
        let mut out: Vec<SseEvent> = chunks.iter().flat_map(|c| d.push(c)).collect();
        out.extend(d.finish());
        out
    }

    fn data(s: &str) -> SseEvent {
        SseEvent {
            event: None,
            data: s.to_owned(),
        }
    }

    #[test]
    fn dispatches_on_blank_line() {
        assert_eq!(
            all(&[b"data: a\n\ndata: b\n\n"]),
            vec![data("a"), data("b")]
        );
    }

    #[test]
    fn joins_multiple_data_lines_and_keeps_event_names() {
        let got = all(&[b"event: delta\ndata: 1\ndata: 2\n\n"]);
        assert_eq!(
            got,
            vec![SseEvent {
                event: Some("delta".into()),
                data: "1\n2".into()
            }]
        );
    }

    #[test]
    fn accepts_crlf_and_cr_split_across_chunks() {
        assert_eq!(
            all(&[b"data: a\r", b"\n\r", b"\ndata: b\r\r"]),
            vec![data("a"), data("b")]
        );
    }

    #[test]
    fn a_cr_ending_a_chunk_pairs_only_with_the_next_bytes() {
        assert_eq!(
            all(&[b"data: a\r", b"", b"\ndata: b\r", b"data: c\n\n"]),
            vec![data("a\nb\nc")]
        );
    }

    #[test]
    fn ignores_comments_and_bom() {
        assert_eq!(
            all(&["\u{feff}: ping\ndata:x\n\n".as_bytes()]),
            vec![data("x")]
        );
    }

    #[test]
    fn utf8_split_inside_a_character_is_not_garbled() {
        let bytes = "data: héllo €\n\n".as_bytes();
        for cut in 0..bytes.len() {
            assert_eq!(
                all(&[&bytes[..cut], &bytes[cut..]]),
                vec![data("héllo €")],
                "cut {cut}"
            );
        }
    }

    #[test]
    fn a_line_over_its_cap_ends_the_stream_after_the_events_before_it() {
        let bytes = b"data: a\n\ndata: 0123456789\ndata: b\n\n";
        for cut in 0..=bytes.len() {
            let mut d = SseDecoder::with_limits(12, 100);
            let mut got = d.push(&bytes[..cut]);
            got.extend(d.push(&bytes[cut..]));
            assert_eq!(got, vec![data("a")], "cut {cut}");
            assert_eq!(d.overflow(), Some(Limit::Line), "cut {cut}");
            assert!(d.push(b"\ndata: c\n\n").is_empty());
        }
    }

    #[test]
    fn a_line_without_end_stops_growing_at_its_cap() {
        let mut d = SseDecoder::with_limits(1000, 1000);
        for _ in 0..100 {
            assert!(d.push(&[b'x'; 100]).is_empty());
        }
        assert_eq!(d.overflow(), Some(Limit::Line));
        assert!(d.buf.capacity() <= 1000);
    }

    #[test]
    fn data_lines_without_a_blank_line_stop_at_the_event_cap() {
        let mut d = SseDecoder::with_limits(100, 21);
        assert_eq!(d.push(b"data: a\n\n"), vec![data("a")]);
        assert!(d
            .push(b"data: 0123456789\n".repeat(2).as_slice())
            .is_empty());
        assert_eq!(d.overflow(), None, "21 bytes fit");
        assert!(d.push(b"data: x\n").is_empty());
        assert_eq!(d.overflow(), Some(Limit::Event));
        assert!(d.push(b"\ndata: c\n\n").is_empty());
    }

    #[test]
    fn unterminated_event_is_dropped() {
        assert_eq!(all(&[b"data: a\n\ndata: partial"]), vec![data("a")]);
        assert_eq!(all(&[b"data: a\n"]), vec![]);
    }
}
