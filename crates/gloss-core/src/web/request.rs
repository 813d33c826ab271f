//! A search engine's request as a value, for the worker to hand to `fetch`. Where each shape
//! comes from:
//! - DuckDuckGo: `POST https://html.duckduckgo.com/html/` with the form its own page submits
//!   (`<form action="/html/" method="post">`, fields `q` and `b`); SearXNG's and the
//!   `duckduckgo_search` library's engines send the same. No cookie is needed: DuckDuckGo keeps no
//!   session (SearXNG's `duckduckgo.py` notes only `kl`/`df` live in cookies).
//! - SearXNG: `GET <instance>/search?q=…&format=json` (docs.searxng.org, "Search API").
//! - Brave: `GET https://api.search.brave.com/res/v1/web/search?q=…&count=…` with the token in
//!   `X-Subscription-Token` (Brave Search API documentation; `count` is at most 20).
//! - Tavily: `POST https://api.tavily.com/search`, JSON `{query, max_results}`, the key as
//!   `Authorization: Bearer` (docs.tavily.com, API reference: "All Tavily endpoints are
//!   authenticated using API keys", the curl example sends the header; the key in the body is the
//!   older form).

use std::collections::BTreeMap;

use super::SearchEngine;
use crate::limits::MAX_SEARCH_RESULTS;
use crate::percent::encode;
use crate::providers::http::{get, post};
use crate::providers::HttpRequest;
use crate::spec::{check_base_url, SpecError};

/// Longest query sent, in characters: Brave refuses more than 400 (its `q` parameter's
/// documented maximum) and DuckDuckGo more than 499 (SearXNG's `duckduckgo.py`).
pub const MAX_QUERY: usize = 400;

const DUCKDUCKGO: &str = "https://html.duckduckgo.com/html/";
const BRAVE: &str = "https://api.search.brave.com/res/v1/web/search";
const TAVILY: &str = "https://api.tavily.com/search";

/// The request that searches `engine` for `query`, asking for `count` results where the engine
/// takes a number (1 to [`MAX_SEARCH_RESULTS`]; DuckDuckGo and SearXNG answer a page). `base_url`
/// is the SearXNG instance; the other engines have one address and ignore it. `key` is Brave's
/// or Tavily's.
pub fn search_request(
    engine: SearchEngine,
    base_url: Option<&str>,
    key: Option<&str>,
    query: &str,
    count: u32,
) -> Result<HttpRequest, SpecError> {
    let query = checked_query(query)?;
    let count = usize::try_from(count)
        .unwrap_or(MAX_SEARCH_RESULTS)
        .clamp(1, MAX_SEARCH_RESULTS);
    let key = key.map(str::trim).filter(|k| !k.is_empty());
    let key = || {
        key.ok_or_else(|| {
            SpecError::new(
                "apiKey",
                "specSearchKey",
                "This search engine needs an API key. Add it in Settings.",
            )
        })
    };
    Ok(match engine {
        SearchEngine::DuckDuckGo => HttpRequest {
            url: DUCKDUCKGO.to_owned(),
            method: "POST".to_owned(),
            headers: headers(&[
                ("accept", "text/html"),
                ("content-type", "application/x-www-form-urlencoded"),
            ]),
            body: format!("q={}&b=", encode(query)),
        },
        SearchEngine::SearXng => get(
            format!(
                "{}/search?q={}&format=json",
                instance(base_url)?,
                encode(query)
            ),
            headers(&[("accept", "application/json")]),
        ),
        SearchEngine::Brave => get(
            format!("{BRAVE}?q={}&count={count}", encode(query)),
            headers(&[
                ("accept", "application/json"),
                ("x-subscription-token", key()?),
            ]),
        ),
        SearchEngine::Tavily => post(
            TAVILY.to_owned(),
            headers(&[
                ("accept", "application/json"),
                ("content-type", "application/json"),
                ("authorization", &format!("Bearer {}", key()?)),
            ]),
            &serde_json::json!({ "query": query, "max_results": count }),
        ),
    })
}

/// The query trimmed; refused when empty or longer than [`MAX_QUERY`] characters (cutting it
/// would search for something the model did not ask).
fn checked_query(query: &str) -> Result<&str, SpecError> {
    let query = query.trim();
    if query.is_empty() {
        return Err(SpecError::new(
            "query",
            "specSearchQueryEmpty",
            "The search query is empty.",
        ));
    }
    if query.chars().count() > MAX_QUERY {
        return Err(SpecError::new(
            "query",
            "specSearchQueryLong",
            "The search query is longer than 400 characters. Search for fewer words.",
        ));
    }
    Ok(query)
}

/// The SearXNG instance's root: checked like a provider's base URL, and a pasted `/search`
/// endpoint taken back to it.
fn instance(base_url: Option<&str>) -> Result<&str, SpecError> {
    let url = base_url.map(str::trim).unwrap_or_default();
    if url.is_empty() {
        return Err(SpecError::new(
            "baseUrl",
            "specSearchInstance",
            "Enter the address of your SearXNG instance in Settings, like https://searx.example.org.",
        ));
    }
    check_base_url(url)?;
    let url = url.trim_end_matches('/');
    Ok(url.strip_suffix("/search").unwrap_or(url))
}

fn headers(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}
