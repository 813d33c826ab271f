//! Newline-delimited JSON over raw bytes, fed in arbitrary chunks. Lines are cut on `\n` bytes
//! before UTF-8 decoding, so a character split across two reads is never garbled.

#[derive(Debug, Default)]
pub struct NdjsonLines {
    buf: Vec<u8>,
}

impl NdjsonLines {
    /// The complete, non-blank lines that `bytes` finishes.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<String> {
        let mut out = Vec::new();
        let mut rest = bytes;
        while let Some(i) = rest.iter().position(|&b| b == b'\n') {
            self.buf.extend_from_slice(&rest[..i]);
            let line = std::mem::take(&mut self.buf);
            let text = String::from_utf8_lossy(&line);
            let text = text.trim();
            if !text.is_empty() {
                out.push(text.to_owned());
            }
            rest = &rest[i + 1..];
        }
        self.buf.extend_from_slice(rest);
        out
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
}
