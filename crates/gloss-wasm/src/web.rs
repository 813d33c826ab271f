//! The boundary of the core's web search: an engine's request, and its answer as results or the
//! problem to show. The worker fetches; every decision about the formats is the core's (`web/`).

use gloss_core::web::{self, SearchEngine};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js};

#[wasm_bindgen(typescript_custom_section)]
const WEB_TYPES: &str = r#"
export type SearchEngine = 'duckduckgo' | 'searxng' | 'brave' | 'tavily';
/** One result as plain text; `url` is always http(s). */
export interface SearchResult { title: string; url: string; snippet: string }
"#;

/// The request that searches `engine` for `query`. Throws the `SpecError` naming what to fix.
#[allow(
    clippy::needless_pass_by_value,
    reason = "wasm-bindgen can only receive an optional string as Option<String>"
)]
#[wasm_bindgen(js_name = searchRequest, unchecked_return_type = "HttpRequest")]
pub fn search_request(
    #[wasm_bindgen(unchecked_param_type = "SearchEngine")] engine: JsValue,
    base_url: Option<String>,
    key: Option<String>,
    query: &str,
    count: u32,
) -> Result<JsValue, JsValue> {
    let engine: SearchEngine = from_js(engine, "search engine")?;
    web::search_request(engine, base_url.as_deref(), key.as_deref(), query, count)
        .map(|request| to_js(&request))
        .map_err(|problem| to_js(&problem))
}

/// What an answer tells: the results, or why there are none, in words and in parts.
#[derive(Serialize)]
#[serde(untagged)]
enum Found {
    Results {
        results: Vec<web::SearchResult>,
    },
    Problem {
        problem: String,
        l10n: gloss_core::Localized,
    },
}

/// The results in `engine`'s answer, or the problem to show.
#[wasm_bindgen(js_name = searchResults, unchecked_return_type = "{ results: SearchResult[] } | { problem: string; l10n: Localized }")]
pub fn search_results(
    #[wasm_bindgen(unchecked_param_type = "SearchEngine")] engine: JsValue,
    status: u16,
    body: &str,
) -> Result<JsValue, JsError> {
    let engine: SearchEngine = from_js(engine, "search engine")?;
    let found = match web::parse_results(engine, status, body) {
        Ok(results) => Found::Results { results },
        Err(problem) => Found::Problem {
            problem: problem.message(),
            l10n: problem.localized(),
        },
    };
    Ok(to_js(&found))
}
