//! The JSON engines' answers read as results. Each keeps its results in an array of objects with
//! a URL, a title and a text; what differs is where the array is and whether the text is HTML:
//! - SearXNG: `results[]` with `url`, `title`, `content`, plain text (its JSON writer puts the
//!   engines' text as they gave it; its HTML template is where it escapes).
//! - Brave: `web.results[]` with `url`, `title`, `description`; the description marks the words
//!   searched with `<strong>` and escapes `'` as `&#x27;` (its `text_decorations` default), so it
//!   is read as HTML. A search with no web results has no `web` at all, only `"type": "search"`.
//! - Tavily: `results[]` with `url`, `title`, `content`, plain text extracted from the page.

use serde_json::Value;

use super::markup::fragment_text;
use super::{Collector, SearchEngine, SearchProblem, SearchResult};

/// How one engine's answer is laid out.
struct Shape {
    engine: SearchEngine,
    /// JSON pointer to the results array.
    results: &'static str,
    /// The name of the text field in a result.
    text: &'static str,
    /// Whether the title and text are HTML.
    html: bool,
}

pub(super) fn searxng(body: &str) -> Result<Vec<SearchResult>, SearchProblem> {
    read(
        body,
        &Shape {
            engine: SearchEngine::SearXng,
            results: "/results",
            text: "content",
            html: false,
        },
    )
}

pub(super) fn brave(body: &str) -> Result<Vec<SearchResult>, SearchProblem> {
    let shape = Shape {
        engine: SearchEngine::Brave,
        results: "/web/results",
        text: "description",
        html: true,
    };
    let doc = json(body, shape.engine)?;
    // No web results: Brave leaves `web` out of an otherwise whole answer.
    if doc.get("web").is_none() && doc.get("type").and_then(Value::as_str) == Some("search") {
        return Ok(Vec::new());
    }
    collect(&doc, &shape)
}

pub(super) fn tavily(body: &str) -> Result<Vec<SearchResult>, SearchProblem> {
    read(
        body,
        &Shape {
            engine: SearchEngine::Tavily,
            results: "/results",
            text: "content",
            html: false,
        },
    )
}

fn read(body: &str, shape: &Shape) -> Result<Vec<SearchResult>, SearchProblem> {
    collect(&json(body, shape.engine)?, shape)
}

fn json(body: &str, engine: SearchEngine) -> Result<Value, SearchProblem> {
    serde_json::from_str(body).map_err(|e| SearchProblem::not_json(engine, &e))
}

/// The results at `shape.results`; a result without a URL string is skipped, a missing title or
/// text read as empty.
fn collect(doc: &Value, shape: &Shape) -> Result<Vec<SearchResult>, SearchProblem> {
    let Some(items) = doc.pointer(shape.results).and_then(Value::as_array) else {
        let name = shape.results[1..].replace('/', ".");
        return Err(SearchProblem::changed(
            shape.engine,
            &format!("no \"{name}\" array"),
        ));
    };
    let mut found = Collector::default();
    for item in items {
        let field = |name: &str| item.get(name).and_then(Value::as_str).unwrap_or_default();
        let Some(url) = item.get("url").and_then(Value::as_str) else {
            continue;
        };
        let as_text = |text: &str| {
            if shape.html {
                fragment_text(text)
            } else {
                plain_text(text)
            }
        };
        found.push(url, &as_text(field("title")), &as_text(field(shape.text)));
        if found.is_full() {
            break;
        }
    }
    Ok(found.results)
}

/// Text that is not HTML, its whitespace runs (newlines in an extract) as one space.
fn plain_text(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_not_read_as_html() {
        let body = r#"{"results":[{"url":"https://a.test/","title":"x<y &amp; z",
            "content":"line one\n\n  line two"}]}"#;
        let results = tavily(body).unwrap();
        assert_eq!(results[0].title, "x<y &amp; z");
        assert_eq!(results[0].snippet, "line one line two");
    }
}
