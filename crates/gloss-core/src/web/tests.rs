//! What every result goes through, whatever the engine: URLs, duplicates, lengths, count.

use super::*;

#[test]
fn only_web_urls_with_a_host_are_kept() {
    for url in ["https://a.test", "http://a.test/x?y#z", "HTTPS://A.test/"] {
        assert!(is_web_url(url), "{url}");
    }
    for url in [
        "javascript:alert(1)",
        "ftp://a.test/",
        "https://",
        "https:///x",
        "//a.test/",
        "/l/?uddg=x",
        "https://a.test/a b",
        "https://a.test/\u{0}",
        "",
        "ünï",
    ] {
        assert!(!is_web_url(url), "{url}");
    }
    assert!(!is_web_url(&format!(
        "https://a.test/{}",
        "x".repeat(MAX_RESULT_URL)
    )));
}

#[test]
fn results_come_once_each_bounded_and_at_most_the_maximum() {
    let mut found = Collector::default();
    found.push("https://a.test/", "A", "first");
    found.push("https://a.test/", "A again", "second");
    found.push("javascript:x", "bad", "");
    found.push(" https://b.test/ ", "  ", &"é".repeat(MAX_RESULT_SNIPPET));
    assert_eq!(found.results.len(), 2);
    assert_eq!(found.results[0].snippet, "first");
    let b = &found.results[1];
    assert_eq!(
        b.title, "https://b.test/",
        "no title: the URL stands for it"
    );
    assert!(b.snippet.len() <= MAX_RESULT_SNIPPET && b.snippet.ends_with('…'));
    for i in 0..100 {
        found.push(&format!("https://c.test/{i}"), "C", "");
    }
    assert_eq!(found.results.len(), MAX_SEARCH_RESULTS);
}

#[test]
fn clip_cuts_at_a_character_boundary() {
    assert_eq!(clip("abc", 3), "abc");
    assert_eq!(clip("abcdef", 5), "ab…");
    assert_eq!(clip("ééé", 5), "é…");
}

#[test]
fn engines_are_named_in_lowercase_in_json() {
    let names: Vec<String> = SearchEngine::ALL
        .iter()
        .map(|e| serde_json::to_string(e).unwrap())
        .collect();
    assert_eq!(
        names,
        ["\"duckduckgo\"", "\"searxng\"", "\"brave\"", "\"tavily\""]
    );
    assert_eq!(SearchEngine::default(), SearchEngine::DuckDuckGo);
}

#[test]
fn a_status_says_what_went_wrong_for_the_engine() {
    use SearchEngine::{Brave, DuckDuckGo, SearXng, Tavily};
    let kind = |engine, status, body| {
        let problem = parse_results(engine, status, body).unwrap_err();
        problem.localized().key
    };
    let cases = [
        (DuckDuckGo, 403, "", "webRefused"),
        (DuckDuckGo, 429, "", "webRefused"),
        (Brave, 429, "", "webRefused"),
        (Tavily, 432, "", "webRefused"),
        (Brave, 401, "", "webBadKey"),
        (Tavily, 401, "", "webBadKey"),
        (Tavily, 403, "", "webBadKey"),
        (
            Brave,
            422,
            r#"{"type":"ErrorResponse","error":{"code":"SUBSCRIPTION_TOKEN_INVALID"}}"#,
            "webBadKey",
        ),
        (
            Brave,
            422,
            r#"{"error":{"code":"VALIDATION"}}"#,
            "webRejected",
        ),
        (SearXng, 403, "", "webJsonOff"),
        (SearXng, 404, "", "webRejected"),
        (DuckDuckGo, 500, "", "webServer"),
        (Tavily, 503, "", "webServer"),
    ];
    for (engine, status, body, want) in cases {
        assert_eq!(kind(engine, status, body), want, "{engine:?} {status}");
    }
}
