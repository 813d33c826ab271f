//! Web search, the pure part: the request to a search engine as a value ([`search_request`]) and
//! its answer read as results or as the problem to tell ([`parse_results`]). The worker fetches;
//! nothing here touches the network.
//!
//! Files: `request.rs` builds the requests; `duckduckgo.rs` reads DuckDuckGo's HTML results
//! page with the scanner in `markup.rs` (and `entities.rs`); `apis.rs` reads the JSON engines;
//! `problem.rs` says what went wrong, in the catalogue's words. This file holds the types and
//! what every result goes through whatever engine it came from ([`Collector`]).

mod apis;
mod duckduckgo;
mod entities;
mod markup;
mod problem;
mod request;

use serde::{Deserialize, Serialize};

use crate::limits::{MAX_RESULT_SNIPPET, MAX_RESULT_TITLE, MAX_RESULT_URL, MAX_SEARCH_RESULTS};
pub use problem::SearchProblem;
pub use request::{search_request, MAX_QUERY};

/// Where a web search goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SearchEngine {
    /// DuckDuckGo's no-JavaScript results page (`html.duckduckgo.com/html/`): no key, no
    /// account, so it is the default. It may answer a bot check instead of results.
    #[default]
    #[serde(rename = "duckduckgo")]
    DuckDuckGo,
    /// The user's own SearXNG instance, through its JSON API (`/search?format=json`).
    #[serde(rename = "searxng")]
    SearXng,
    /// Brave Search's API (`api.search.brave.com`), with the user's subscription token.
    Brave,
    /// Tavily's search API (`api.tavily.com`), with the user's key.
    Tavily,
}

impl SearchEngine {
    /// Every engine, for exhaustive checks (each has golden fixtures, see `tests/web.rs`).
    pub const ALL: [SearchEngine; 4] = [
        SearchEngine::DuckDuckGo,
        SearchEngine::SearXng,
        SearchEngine::Brave,
        SearchEngine::Tavily,
    ];

    /// The engine's name as its makers write it, for messages.
    pub fn name(self) -> &'static str {
        match self {
            SearchEngine::DuckDuckGo => "DuckDuckGo",
            SearchEngine::SearXng => "SearXNG",
            SearchEngine::Brave => "Brave Search",
            SearchEngine::Tavily => "Tavily",
        }
    }

    /// Whether the engine needs the user's API key.
    pub fn needs_key(self) -> bool {
        matches!(self, SearchEngine::Brave | SearchEngine::Tavily)
    }
}

/// One web search result, as plain text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchResult {
    /// The page's title, at most [`MAX_RESULT_TITLE`] bytes; the URL when the engine gave none.
    pub title: String,
    /// The page's address: always `http(s)://`, never an engine's redirect.
    pub url: String,
    /// What the engine quotes of the page, at most [`MAX_RESULT_SNIPPET`] bytes; may be empty.
    pub snippet: String,
}

/// The results in `engine`'s answer (`status`, `body`), at most [`MAX_SEARCH_RESULTS`], each URL
/// once; an empty list when the engine says it found nothing, else why there are none.
pub fn parse_results(
    engine: SearchEngine,
    status: u16,
    body: &str,
) -> Result<Vec<SearchResult>, SearchProblem> {
    if !(200..300).contains(&status) {
        return Err(SearchProblem::of_status(engine, status, body));
    }
    match engine {
        SearchEngine::DuckDuckGo => duckduckgo::results(body),
        SearchEngine::SearXng => apis::searxng(body),
        SearchEngine::Brave => apis::brave(body),
        SearchEngine::Tavily => apis::tavily(body),
    }
}

/// Gathers results as an engine's reader finds them: drops what is not an `http(s)` URL or
/// comes twice, bounds each field, and stops at [`MAX_SEARCH_RESULTS`].
#[derive(Default)]
struct Collector {
    results: Vec<SearchResult>,
}

impl Collector {
    /// Adds a result whose title and snippet are already plain text.
    fn push(&mut self, url: &str, title: &str, snippet: &str) {
        let url = url.trim();
        if self.is_full() || !is_web_url(url) || self.results.iter().any(|r| r.url == url) {
            return;
        }
        let title = if title.trim().is_empty() { url } else { title };
        self.results.push(SearchResult {
            title: clip(title.trim(), MAX_RESULT_TITLE),
            url: url.to_owned(),
            snippet: clip(snippet.trim(), MAX_RESULT_SNIPPET),
        });
    }

    fn is_full(&self) -> bool {
        self.results.len() >= MAX_SEARCH_RESULTS
    }
}

/// Whether `url` is an `http(s)` address with a host, of a length worth keeping; no spaces or
/// control characters, which no real address has and which would only confuse a model.
fn is_web_url(url: &str) -> bool {
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    let rest = if lower.starts_with("https://") {
        &url[8..]
    } else if lower.starts_with("http://") {
        &url[7..]
    } else {
        return false;
    };
    url.len() <= MAX_RESULT_URL
        && !rest.starts_with(['/', '?', '#'])
        && !rest.is_empty()
        && !url.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// `text` cut to at most `max` bytes at a character boundary, with "…" when cut.
fn clip(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let mut end = max - '…'.len_utf8();
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", text[..end].trim_end())
}

#[cfg(test)]
mod tests;
