//! Server-sent events over raw bytes, as the [HTML spec] defines them, fed in arbitrary chunks.
//!
//! Lines are cut on bytes (`\n`, `\r\n`, `\r`) before any UTF-8 decoding: those bytes never occur
//! inside a multi-byte character, so a character split across two network reads is decoded only
//! once its line is complete and is never garbled.
//!
//! [HTML spec]: https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation

/// One dispatched event: its `event:` name (if any) and its `data:` lines joined by `\n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEvent {
    pub event: Option<String>,
    pub data: String,
}

/// Incremental SSE parser. Work per `push` is proportional to the bytes pushed.
#[derive(Debug, Default)]
pub struct SseDecoder {
    buf: Vec<u8>,
    event: Option<String>,
    data: Option<String>,
    /// The previous chunk ended in `\r`: a `\n` starting the next one belongs to that line end.
    skip_lf: bool,
    /// The stream's first line may carry a byte order mark.
    started: bool,
}

impl SseDecoder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds bytes; returns the events completed by them.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<SseEvent> {
        let mut out = Vec::new();
        let mut rest = self.past_split_crlf(bytes);
        while let Some(end) = rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            self.buf.extend_from_slice(&rest[..end]);
            let line = std::mem::take(&mut self.buf);
            self.line(&line, &mut out);
            rest = self.past_line_end(&rest[end..]);
        }
        self.buf.extend_from_slice(rest);
        out
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
            "data" => match &mut self.data {
                Some(d) => {
                    d.push('\n');
                    d.push_str(value);
                }
                None => self.data = Some(value.to_owned()),
            },
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
    fn unterminated_event_is_dropped() {
        assert_eq!(all(&[b"data: a\n\ndata: partial"]), vec![data("a")]);
        assert_eq!(all(&[b"data: a\n"]), vec![]);
    }
}
