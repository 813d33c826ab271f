//! Property test: whatever an engine answers, reading it never panics, ends in linear time, and
//! what comes back keeps its promises: at most `MAX_SEARCH_RESULTS` results, each URL once and
//! `http(s)`, each field within its cap, and a problem that can be said. Inputs are random
//! strings from an alphabet of HTML and JSON pieces, random mutations of the golden fixtures,
//! and a few large inputs built to make a careless scanner go quadratic.

use std::fs;
use std::path::Path;
use std::time::Instant;

use gloss_core::limits::{
    MAX_RESULT_SNIPPET, MAX_RESULT_TITLE, MAX_RESULT_URL, MAX_SEARCH_RESULTS,
};
use gloss_core::web::{parse_results, SearchEngine};
use rng::Rng;

#[path = "support/rng.rs"]
mod rng;

const PIECES: &[&str] = &[
    "<",
    ">",
    "</",
    "/>",
    "<!--",
    "-->",
    "<!DOCTYPE html>",
    "<script>",
    "</script>",
    "<style>",
    "<a ",
    "</a>",
    "<div ",
    "</div>",
    "<b>",
    "<br>",
    "class=\"result\"",
    "class='result__a'",
    "class=result__snippet",
    "class=\"result result--ad\"",
    "class=\"anomaly-modal__title\"",
    "id=\"challenge-form\"",
    "class=\"no-results\"",
    "href=\"",
    "href='//duckduckgo.com/l/?uddg=",
    "https%3A%2F%2Fa.test%2F",
    "&amp;rut=x",
    "https://a.test/",
    "http://b.test/x",
    "javascript:",
    "//duckduckgo.com/y.js?",
    "\"",
    "'",
    "=",
    " ",
    "\n",
    "&",
    "&#x27;",
    "&#",
    ";",
    "&nbsp;",
    "&#99999999;",
    "%",
    "%C3",
    "%A9",
    "é",
    "\u{1f980}",
    "\0",
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    "\"results\"",
    "\"web\"",
    "\"url\"",
    "\"title\"",
    "\"content\"",
    "\"description\"",
    "\"type\":\"search\"",
    "<strong>",
    "null",
    "1e999",
    "\\u0000",
];

const STATUSES: &[u16] = &[200, 200, 200, 202, 401, 403, 422, 429, 500];

fn check(engine: SearchEngine, status: u16, body: &str) {
    match parse_results(engine, status, body) {
        Ok(results) => {
            assert!(results.len() <= MAX_SEARCH_RESULTS, "{engine:?}: too many");
            for (i, r) in results.iter().enumerate() {
                assert!(
                    r.url.starts_with("http://") || r.url.starts_with("https://"),
                    "{engine:?}: {:?} from {body:?}",
                    r.url
                );
                assert!(r.url.len() <= MAX_RESULT_URL && !r.title.is_empty());
                assert!(r.title.len() <= MAX_RESULT_TITLE && r.snippet.len() <= MAX_RESULT_SNIPPET);
                assert!(
                    results[..i].iter().all(|o| o.url != r.url),
                    "{engine:?}: twice"
                );
            }
        }
        Err(problem) => {
            assert!(!problem.message().is_empty() && problem.message().ends_with('.'));
        }
    }
}

#[test]
fn random_pieces_never_break_a_reader() {
    let mut rng = Rng::new(0x5eed_5ea6);
    for _ in 0..3000 {
        let mut body = String::new();
        for _ in 0..rng.below(60) {
            body.push_str(PIECES[rng.below(PIECES.len())]);
        }
        let status = STATUSES[rng.below(STATUSES.len())];
        for engine in SearchEngine::ALL {
            check(engine, status, &body);
        }
    }
}

#[test]
fn mutated_fixtures_never_break_a_reader() {
    let mut rng = Rng::new(29);
    for engine in SearchEngine::ALL {
        let name = serde_json::to_value(engine).unwrap();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/web")
            .join(name.as_str().unwrap());
        for entry in fs::read_dir(dir).unwrap() {
            let body = fs::read(entry.unwrap().path()).unwrap();
            for _ in 0..150 {
                let mut bytes = body.clone();
                for _ in 0..=rng.below(8) {
                    let at = rng.below(bytes.len().max(1));
                    match rng.below(3) {
                        0 if at < bytes.len() => {
                            bytes.truncate(at);
                        }
                        1 if at < bytes.len() => {
                            bytes.remove(at);
                        }
                        _ => {
                            let piece = PIECES[rng.below(PIECES.len())].as_bytes();
                            let at = at.min(bytes.len());
                            bytes.splice(at..at, piece.iter().copied());
                        }
                    }
                }
                check(engine, 200, &String::from_utf8_lossy(&bytes));
            }
        }
    }
}

#[test]
fn large_hostile_pages_are_read_in_linear_time() {
    let n = 200_000;
    let pages = [
        "<".repeat(n),
        "&".repeat(n),
        "&#".repeat(n),
        "<a class='".repeat(n / 10),
        "<!--".repeat(n / 4),
        "<script>".repeat(n / 8),
        format!("<script>{}", "</s".repeat(n / 3)),
        "<div class=\"result\"><a class=\"result__a\" href=\"https://a.test/\">".repeat(n / 60),
        format!(
            "<a class=result__a href=https://a.test/>{}",
            "<b>x</b>".repeat(n / 8)
        ),
    ];
    for page in pages {
        let started = Instant::now();
        for engine in SearchEngine::ALL {
            check(engine, 200, &page);
        }
        let took = started.elapsed();
        // A debug build reads these in milliseconds; quadratic work would take minutes.
        assert!(took.as_secs() < 5, "{took:?} for {:?}…", &page[..20]);
    }
}
