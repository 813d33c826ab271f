//! How much of a provider's response Gloss will hold. A response is untrusted input: a broken
//! proxy, a wrong base URL or a hostile server can send a line with no end, `data:` lines with no
//! blank line, or an answer that never stops. Without caps those grow until the WASM memory
//! traps (measured: at ~1 GB with no newline the decoder dies with `RuntimeError: unreachable`
//! and the user is told the server could not be reached). With them the decoder stops with a
//! `bad_response` naming the limit, after handing on everything decoded before it.
//!
//! The caps are generous: far above what any provider sends, far below what hurts.

/// Longest line (SSE or NDJSON) held while waiting for its end. A line carries one JSON chunk
/// of a few tokens, typically 100–500 bytes; the largest real ones (a final chunk with search
/// grounding, an inline image a model returns as base64) are well under a few MB.
pub const MAX_LINE: usize = 4 << 20;

/// Largest SSE event (its `data:` lines joined). Providers send one `data:` line per event, so
/// this only needs room for a few maximal lines.
pub const MAX_EVENT: usize = 8 << 20;

/// Largest answer: the text and reasoning of one response together, in UTF-8 bytes. Today's
/// largest output windows are 64k–128k tokens, about 0.25–0.5 MB of text; 16 MB is some 30
/// times that, yet it keeps a server that never stops from filling the worker's memory and the
/// history store.
pub const MAX_ANSWER: usize = 16 << 20;

/// Longest model name handed on, in UTF-8 bytes (a longer one is cut at a character boundary).
/// Real names are ids or a llama.cpp model's file path, well under 200 bytes; the name is shown
/// in the panel, where a megabyte of "name" from a broken server has no place.
pub const MAX_MODEL_NAME: usize = 256;

/// Most web search results read from one engine's answer. Brave and Tavily take at most 20
/// (their `count` / `max_results`); a results page holds about that many; a model needs fewer.
pub const MAX_SEARCH_RESULTS: usize = 20;

/// Longest search result title handed on, in UTF-8 bytes (cut at a character boundary with an
/// ellipsis). Engines show 60–70 characters of a title; a page's `<title>` can be far longer.
pub const MAX_RESULT_TITLE: usize = 300;

/// Longest search result snippet handed on, in UTF-8 bytes. DuckDuckGo's and Brave's snippets
/// are about 150–300 characters; Tavily's `content` is an extract of up to a few hundred words,
/// of which the first kilobyte says what the page is about.
pub const MAX_RESULT_SNIPPET: usize = 1024;

/// Longest search result URL kept, in bytes. A longer one is dropped, not cut: a cut URL leads
/// somewhere else. 2048 is the length browsers and servers have long been known to handle.
pub const MAX_RESULT_URL: usize = 2048;

/// Which cap a response went over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    Line,
    Event,
    Answer,
}

/// The caps one decoder applies; [`Default`] is the consts above. Tests use small ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// See [`MAX_LINE`].
    pub line: usize,
    /// See [`MAX_EVENT`].
    pub event: usize,
    /// See [`MAX_ANSWER`].
    pub answer: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            line: MAX_LINE,
            event: MAX_EVENT,
            answer: MAX_ANSWER,
        }
    }
}

impl Limits {
    /// The size `limit` stands for here.
    pub fn of(&self, limit: Limit) -> usize {
        match limit {
            Limit::Line => self.line,
            Limit::Event => self.event,
            Limit::Answer => self.answer,
        }
    }
}
