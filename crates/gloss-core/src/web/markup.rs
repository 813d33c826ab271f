//! A small HTML tag scanner: enough to find elements by class in a search engine's results page
//! and to turn an HTML fragment (a title, a snippet with `<b>`) into plain text. It is not a
//! parser: it builds no tree and does not fix bad nesting, because what it reads needs neither
//! (a result's anchors are flat, their contents inline). It does know what would otherwise
//! mislead a scan: comments, `<!DOCTYPE>`, quoted attribute values holding `>`, and the raw text
//! of `<script>` and `<style>`, which may hold anything that looks like a tag.
//!
//! Why not a crate: html5ever (via scraper) brings tens of KB of tables to the WASM, `lol_html`
//! more; the small tokenizers carry their own 2,000-entity table. Every position here is found
//! at an ASCII byte, so slicing never splits a character, and every loop moves forward, so any
//! input ends in linear time without a panic (`tests/web.rs` fuzzes it).

use super::entities::decode_entities;

/// One piece of markup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Token<'a> {
    /// `<name attrs>`; `name` as written (compare with `eq_ignore_ascii_case`).
    Start { name: &'a str, attrs: &'a str },
    /// `</name>`.
    End { name: &'a str },
    /// Text between tags, entities not yet decoded.
    Text(&'a str),
}

/// The tokens of `html`, in order.
pub(super) struct Tokens<'a> {
    rest: &'a str,
}

pub(super) fn tokens(html: &str) -> Tokens<'_> {
    Tokens { rest: html }
}

/// Elements whose content is raw text: a `<` in them starts no tag.
const RAW_TEXT: [&str; 2] = ["script", "style"];

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let Some(rest) = self.rest.strip_prefix('<') else {
                let end = self.rest.find('<').unwrap_or(self.rest.len());
                let (text, rest) = self.rest.split_at(end);
                self.rest = rest;
                return Some(Token::Text(text));
            };
            if let Some(comment) = rest.strip_prefix("!--") {
                self.rest = comment.find("-->").map_or("", |i| &comment[i + 3..]);
            } else if rest.starts_with(['!', '?']) {
                self.rest = after_gt(rest);
            } else if let Some(end) = rest.strip_prefix('/').filter(|r| starts_name(r)) {
                let name = &end[..name_len(end)];
                self.rest = after_gt(end);
                return Some(Token::End { name });
            } else if starts_name(rest) {
                return Some(self.start_tag(rest));
            } else {
                // A `<` that opens nothing ("a < b") is text, up to the next `<`.
                let end = rest.find('<').map_or(self.rest.len(), |i| i + 1);
                let (text, rest) = self.rest.split_at(end);
                self.rest = rest;
                return Some(Token::Text(text));
            }
        }
    }
}

impl<'a> Tokens<'a> {
    /// The start tag at `rest` (just past its `<`); skips the raw text of `<script>`/`<style>`.
    fn start_tag(&mut self, rest: &'a str) -> Token<'a> {
        let name = &rest[..name_len(rest)];
        let attrs_from = &rest[name.len()..];
        let end = tag_end(attrs_from);
        let attrs = &attrs_from[..end];
        self.rest = attrs_from.get(end + 1..).unwrap_or("");
        if RAW_TEXT.iter().any(|r| r.eq_ignore_ascii_case(name)) {
            self.rest = skip_raw_text(self.rest, name);
        }
        Token::Start { name, attrs }
    }
}

fn starts_name(s: &str) -> bool {
    s.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
}

/// Length of the tag name at the start of `s`.
fn name_len(s: &str) -> usize {
    s.find(|c: char| c.is_ascii_whitespace() || c == '/' || c == '>')
        .unwrap_or(s.len())
}

/// What follows the next `>` (nothing when there is none).
fn after_gt(s: &str) -> &str {
    s.find('>').map_or("", |i| &s[i + 1..])
}

/// Where the `>` closing a start tag is, past quoted attribute values (`s.len()` if none).
fn tag_end(s: &str) -> usize {
    let mut quote = None;
    for (i, b) in s.bytes().enumerate() {
        match (quote, b) {
            (None, b'>') => return i,
            (None, b'"' | b'\'') => quote = Some(b),
            (Some(q), b) if b == q => quote = None,
            _ => {}
        }
    }
    s.len()
}

/// `s` past the end tag `</name` that closes raw text (nothing when it never closes).
fn skip_raw_text<'a>(s: &'a str, name: &str) -> &'a str {
    let bytes = s.as_bytes();
    let mut from = 0;
    while let Some(at) = s[from..].find("</").map(|i| from + i) {
        let name_at = at + 2;
        if bytes
            .get(name_at..name_at + name.len())
            .is_some_and(|n| n.eq_ignore_ascii_case(name.as_bytes()))
        {
            return &s[at..];
        }
        from = name_at;
    }
    ""
}

/// The value of attribute `name` in a start tag's `attrs`, entities decoded.
pub(super) fn attr(attrs: &str, name: &str) -> Option<String> {
    let mut rest = attrs;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '/');
        if rest.is_empty() {
            return None;
        }
        let key_len = rest
            .find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '/')
            .unwrap_or(rest.len())
            .max(1);
        let key = &rest[..key_len];
        rest = rest[key_len..].trim_start_matches(|c: char| c.is_ascii_whitespace());
        let value = match rest.strip_prefix('=') {
            None => "",
            Some(v) => {
                let v = v.trim_start_matches(|c: char| c.is_ascii_whitespace());
                let (value, after) = attr_value(v);
                rest = after;
                value
            }
        };
        if key.eq_ignore_ascii_case(name) {
            return Some(decode_entities(value));
        }
    }
}

/// A quoted or bare attribute value at the start of `s`, and what follows it.
fn attr_value(s: &str) -> (&str, &str) {
    if let Some(&q @ (b'"' | b'\'')) = s.as_bytes().first() {
        let inner = &s[1..];
        return match inner.find(char::from(q)) {
            Some(end) => (&inner[..end], &inner[end + 1..]),
            None => (inner, ""),
        };
    }
    let end = s.find(|c: char| c.is_ascii_whitespace()).unwrap_or(s.len());
    s.split_at(end)
}

/// Text pieces joined as a reader sees them: entities decoded, whitespace runs as one space.
pub(super) fn plain(raw: &str) -> String {
    decode_entities(raw)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// An HTML fragment (Brave's `<strong>`-marked description) as plain text; a `<br>` parts words.
pub(super) fn fragment_text(html: &str) -> String {
    let mut raw = String::new();
    for token in tokens(html) {
        match token {
            Token::Text(t) => raw.push_str(t),
            Token::Start { name, .. } if name.eq_ignore_ascii_case("br") => raw.push(' '),
            _ => {}
        }
    }
    plain(&raw)
}

#[cfg(test)]
#[path = "markup_tests.rs"]
mod tests;
