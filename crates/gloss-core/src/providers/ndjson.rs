//! Newline-delimited JSON over raw bytes, fed in arbitrary chunks. Lines are cut on `\n` bytes
//! before UTF-8 decoding, so a character split across two reads is never garbled. A line over
//! its cap (see `limits.rs`) ends the reading: the lines before it are returned, then
//! [`NdjsonLines::overflowed`] says so and nothing more is read.

use crate::limits::MAX_LINE;

#[derive(Debug)]
pub struct NdjsonLines {
    buf: Vec<u8>,
    max_line: usize,
    overflowed: bool,
}

impl Default for NdjsonLines {
    fn default() -> Self {
        Self::with_limit(MAX_LINE)
    }
}

impl NdjsonLines {
    /// Lines of at most `max_line` bytes.
    pub fn with_limit(max_line: usize) -> Self {
        Self {
            buf: Vec::new(),
            max_line,
            overflowed: false,
        }
    }

    /// Whether a line went over the cap; nothing more is read then.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// The complete, non-blank lines that `bytes` finishes (those before an overflow).
    pub fn push(&mut self, bytes: &[u8]) -> Vec<String> {
        let mut out = Vec::new();
        let mut rest = bytes;
        while let Some(i) = rest.iter().position(|&b| b == b'\n') {
            if !self.hold(&rest[..i]) {
                return out;
            }
            let line = std::mem::take(&mut self.buf);
            let text = String::from_utf8_lossy(&line);
            let text = text.trim();
            if !text.is_empty() {
                out.push(text.to_owned());
            }
            rest = &rest[i + 1..];
        }
        self.hold(rest);
        out
    }

    /// Adds `bytes` to the line being read, unless the line would outgrow its cap (or an earlier
    /// overflow ended the stream): then it drops what it holds and says no.
    fn hold(&mut self, bytes: &[u8]) -> bool {
        if self.buf.len() + bytes.len() > self.max_line {
            self.overflowed = true;
            self.buf = Vec::new();
        }
        if !self.overflowed {
            self.buf.extend_from_slice(bytes);
        }
        !self.overflowed
    }

    /// A last line without its newline, if any (servers may omit the final one).
    pub fn finish(&mut self) -> Option<String> {
        let line = std::mem::take(&mut self.buf);
        let text = String::from_utf8_lossy(&line).trim().to_owned();
        (!text.is_empty()).then_some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_lines_across_chunks() {
        let mut n = NdjsonLines::default();
        assert_eq!(n.push(b"{\"a\":1}\n{\"b\""), vec!["{\"a\":1}"]);
        assert_eq!(n.push(b":2}\r\n\n"), vec!["{\"b\":2}"]);
        assert_eq!(n.push(b"{\"c\":3}"), Vec::<String>::new());
        assert_eq!(n.finish().as_deref(), Some("{\"c\":3}"));
    }

    #[test]
    fn a_line_over_its_cap_ends_the_reading_after_the_lines_before_it() {
        let bytes = b"{\"a\":1}\n{\"b\":\"0123456789\"}\n{\"c\":3}\n";
        for cut in 0..=bytes.len() {
            let mut n = NdjsonLines::with_limit(12);
            let mut got = n.push(&bytes[..cut]);
            got.extend(n.push(&bytes[cut..]));
            assert_eq!(got, vec!["{\"a\":1}"], "cut {cut}");
            assert!(n.overflowed(), "cut {cut}");
            assert!(n.push(b"\n{}\n").is_empty());
            assert_eq!(n.finish(), None);
        }
    }
}
