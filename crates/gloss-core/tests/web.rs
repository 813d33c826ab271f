//! Web search against golden fixtures in each engine's real format
//! (`fixtures/web/<engine>/<status>-<case>.<ext>`, sources in `fixtures/web/README.md`): each body
//! read with the status its name starts with must give `<status>-<case>.expected.json`, either
//! `{"results": […]}` or `{"problem": …}`. Then the requests each engine is sent.

use std::fs;
use std::path::{Path, PathBuf};

use gloss_core::web::{parse_results, search_request, SearchEngine, SearchProblem, MAX_QUERY};
use serde_json::{json, Value};

fn folder(engine: SearchEngine) -> PathBuf {
    let name = serde_json::to_value(engine).unwrap();
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/web")
        .join(name.as_str().unwrap())
}

/// Every fixture body of `engine`, with its status.
fn bodies(engine: SearchEngine) -> Vec<(PathBuf, u16)> {
    let mut found: Vec<(PathBuf, u16)> = fs::read_dir(folder(engine))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.to_string_lossy().ends_with(".expected.json"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let status = name.split('-').next().unwrap().parse().expect(&name);
            (p, status)
        })
        .collect();
    found.sort();
    found
}

fn outcome(result: Result<Vec<gloss_core::web::SearchResult>, SearchProblem>) -> Value {
    match result {
        Ok(results) => json!({ "results": results }),
        Err(problem) => json!({ "problem": problem }),
    }
}

#[test]
fn every_fixture_reads_as_expected() {
    for engine in SearchEngine::ALL {
        let bodies = bodies(engine);
        assert!(bodies.len() >= 3, "{engine:?} needs fixtures");
        for (path, status) in bodies {
            let body = fs::read_to_string(&path).unwrap();
            let got = outcome(parse_results(engine, status, &body));
            let expected = path.with_extension("expected.json");
            let want: Value = serde_json::from_str(&fs::read_to_string(&expected).unwrap())
                .unwrap_or_else(|e| panic!("{}: {e}", expected.display()));
            assert_eq!(got, want, "{}", path.display());
        }
    }
}

#[test]
fn every_engine_has_its_cases() {
    let cases = |engine| -> Vec<String> {
        bodies(engine)
            .iter()
            .map(|(p, _)| p.file_stem().unwrap().to_string_lossy().into_owned())
            .collect()
    };
    let ddg = cases(SearchEngine::DuckDuckGo);
    for case in [
        "200-results",
        "200-no-results",
        "202-anomaly",
        "200-changed",
        "429-rate-limited",
    ] {
        assert!(ddg.iter().any(|c| c == case), "duckduckgo/{case}");
    }
    for engine in [
        SearchEngine::SearXng,
        SearchEngine::Brave,
        SearchEngine::Tavily,
    ] {
        assert!(
            cases(engine).iter().any(|c| c == "200-results"),
            "{engine:?}"
        );
    }
}

/// A results page cut down to the cases: an ad (by its class, and by its `y.js` link), a
/// redirect link, a title with entities and tags, a snippet in a `<div>`.
#[test]
fn ads_are_skipped_and_redirects_unwrapped() {
    let page = r#"<div id="links">
      <div class="result result--ad"><a class="result__a" href="https://ads.test/">Ad</a></div>
      <div class="result"><a class="result__a" href="//duckduckgo.com/y.js?u3=x">Ad 2</a></div>
      <div class="result web-result"><h2><a class="result__a"
         href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fa.test%2F%3Fq%3D%C3%A9%26x%3D1&amp;rut=f">
         A &amp; <b>B</b>&#x27;s <i>title</i></a></h2>
         <div class="result__snippet">Snippet <b>bold</b></div></div></div>"#;
    let results = parse_results(SearchEngine::DuckDuckGo, 200, page).unwrap();
    assert_eq!(
        json!(results),
        json!([{ "title": "A & B's title", "url": "https://a.test/?q=é&x=1",
                 "snippet": "Snippet bold" }])
    );
}

#[test]
fn a_page_of_only_ads_is_an_empty_answer_not_a_changed_page() {
    let page = r#"<div class="result result--ad"><a class="result__a"
        href="https://duckduckgo.com/y.js?ad_domain=x">Ad</a></div>"#;
    assert_eq!(
        parse_results(SearchEngine::DuckDuckGo, 200, page),
        Ok(vec![])
    );
}

#[test]
fn an_unclosed_title_does_not_swallow_the_next_result() {
    let page = r#"<div class="result"><a class="result__a" href="https://a.test/">A
        <div class="result"><a class="result__a" href="https://b.test/">B</a></div>"#;
    let results = parse_results(SearchEngine::DuckDuckGo, 200, page).unwrap();
    let urls: Vec<&str> = results.iter().map(|r| r.url.as_str()).collect();
    assert_eq!(urls, ["https://a.test/", "https://b.test/"]);
}

#[test]
fn a_json_engine_answering_html_or_an_odd_shape_says_so() {
    for engine in [
        SearchEngine::SearXng,
        SearchEngine::Brave,
        SearchEngine::Tavily,
    ] {
        let problem = parse_results(engine, 200, "<html>login</html>").unwrap_err();
        assert_eq!(problem.localized().key, "webNotJson", "{engine:?}");
        let problem = parse_results(engine, 200, "[1, 2]").unwrap_err();
        assert_eq!(problem.localized().key, "webChanged", "{engine:?}");
    }
}

#[test]
fn a_problem_reads_in_english_with_its_status() {
    let problem = parse_results(SearchEngine::Brave, 429, "").unwrap_err();
    assert_eq!(
        problem.message(),
        "Brave Search refused the search or limits how often you search. Wait a while, or \
         choose another search engine in Settings (HTTP 429)."
    );
}

#[test]
fn the_requests_each_engine_is_sent() {
    let q = "rust & \"borrow\" checker";
    let ddg = search_request(SearchEngine::DuckDuckGo, None, None, q, 5).unwrap();
    assert_eq!(
        (ddg.method.as_str(), ddg.url.as_str()),
        ("POST", "https://html.duckduckgo.com/html/")
    );
    assert_eq!(ddg.body, "q=rust%20%26%20%22borrow%22%20checker&b=");
    assert_eq!(
        ddg.headers["content-type"],
        "application/x-www-form-urlencoded"
    );

    let searx = search_request(
        SearchEngine::SearXng,
        Some(" https://searx.example.org/search/ "),
        None,
        q,
        5,
    )
    .unwrap();
    assert_eq!(
        searx.url,
        "https://searx.example.org/search?q=rust%20%26%20%22borrow%22%20checker&format=json"
    );
    assert_eq!(searx.method, "GET");

    let brave = search_request(SearchEngine::Brave, None, Some(" BSAkey "), q, 50).unwrap();
    assert_eq!(
        brave.url,
        "https://api.search.brave.com/res/v1/web/search?q=rust%20%26%20%22borrow%22%20checker&count=20"
    );
    assert_eq!(brave.headers["x-subscription-token"], "BSAkey");

    let tavily = search_request(SearchEngine::Tavily, None, Some("tvly-k"), q, 0).unwrap();
    assert_eq!(
        (tavily.method.as_str(), tavily.url.as_str()),
        ("POST", "https://api.tavily.com/search")
    );
    assert_eq!(tavily.headers["authorization"], "Bearer tvly-k");
    let body: Value = serde_json::from_str(&tavily.body).unwrap();
    assert_eq!(body, json!({ "query": q, "max_results": 1 }));
    assert!(
        !tavily.body.contains("tvly-k"),
        "the key goes in the header only"
    );
}

#[test]
fn a_request_that_cannot_be_made_names_the_setting() {
    let field = |engine, base: Option<&str>, key: Option<&str>, q: &str| {
        let e = search_request(engine, base, key, q, 5).unwrap_err();
        (e.field, e.key)
    };
    let long = "word ".repeat(MAX_QUERY / 4);
    let cases = [
        (
            SearchEngine::DuckDuckGo,
            None,
            None,
            "  ",
            ("query", "specSearchQueryEmpty"),
        ),
        (
            SearchEngine::DuckDuckGo,
            None,
            None,
            long.as_str(),
            ("query", "specSearchQueryLong"),
        ),
        (
            SearchEngine::Brave,
            None,
            Some(" "),
            "q",
            ("apiKey", "specSearchKey"),
        ),
        (
            SearchEngine::Tavily,
            None,
            None,
            "q",
            ("apiKey", "specSearchKey"),
        ),
        (
            SearchEngine::SearXng,
            None,
            None,
            "q",
            ("baseUrl", "specSearchInstance"),
        ),
        (
            SearchEngine::SearXng,
            Some("searx.test"),
            None,
            "q",
            ("baseUrl", "specUrlScheme"),
        ),
    ];
    for (engine, base, key, q, (want_field, want_key)) in cases {
        let (f, k) = field(engine, base, key, q);
        assert_eq!(
            (f.as_str(), k.as_str()),
            (want_field, want_key),
            "{engine:?} {q:?}"
        );
    }
}
