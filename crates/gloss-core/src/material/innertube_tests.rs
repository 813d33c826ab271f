//! The page's player config and the request built from it; the fixtures (tests/fixtures/
//! youtube/, each one's source in its README.md) are a watch page's `ytcfg.set` calls.

use serde_json::{json, Value};

use super::*;

const YTCFG: &str = include_str!("../../tests/fixtures/youtube/watch-ytcfg.html");
const WATCH: &str = include_str!("../../tests/fixtures/youtube/watch.html");

fn page() -> PageInnertube {
    PageInnertube {
        api_key: "test-key".into(),
        hl: "de".into(),
        gl: "AT".into(),
        visitor_data: Some("Cgt%3D".into()),
    }
}

#[test]
fn android_comes_first_with_its_id_and_a_current_version() {
    let first = CAPTION_CLIENTS[0];
    assert_eq!(
        (first.name, first.id, first.version),
        ("ANDROID", "3", "20.10.38")
    );
    assert_eq!(
        serde_json::to_value(first).unwrap(),
        json!({"name": "ANDROID", "id": "3", "version": "20.10.38"})
    );
}

#[test]
fn the_page_gives_the_key_and_context_of_its_last_ytcfg_calls() {
    let page = page_innertube(YTCFG).unwrap();
    assert_eq!(
        page,
        PageInnertube {
            api_key: "test-key-innertube".into(),
            hl: "en".into(),
            gl: "US".into(),
            visitor_data: Some("CgtXdUVfZmFrZV92aSj4uaLCBjIKCgJVUxIEGgAgJw%3D%3D".into()),
        }
    );
}

#[test]
fn without_a_context_the_top_level_language_and_region_do() {
    let html = r#"<script>ytcfg.set({"INNERTUBE_API_KEY":"k","HL":"fr","GL":"CA"});</script>"#;
    let page = page_innertube(html).unwrap();
    assert_eq!(
        (page.hl.as_str(), page.gl.as_str(), page.visitor_data),
        ("fr", "CA", None)
    );
}

#[test]
fn a_page_without_what_the_endpoint_needs_is_an_error_naming_it() {
    for (html, says) in [
        (WATCH, "no INNERTUBE_API_KEY in the page's ytcfg"),
        ("ytcfg.set({\"INNERTUBE_API_KEY\":", "no INNERTUBE_API_KEY"),
        (
            "ytcfg.set({\"INNERTUBE_API_KEY\":\"k\"})",
            "no INNERTUBE_CONTEXT.client.hl",
        ),
        (
            "ytcfg.set({\"INNERTUBE_API_KEY\":\"k\",\"HL\":\"en\"})",
            "no INNERTUBE_CONTEXT.client.gl",
        ),
    ] {
        let err = page_innertube(html).unwrap_err();
        assert!(err.contains(says), "{html}: {err}");
    }
}

#[test]
fn the_page_crosses_the_boundary_in_camel_case() {
    let value = serde_json::to_value(page()).unwrap();
    assert_eq!(
        value,
        json!({"apiKey": "test-key", "hl": "de", "gl": "AT", "visitorData": "Cgt%3D"})
    );
    let back: PageInnertube =
        serde_json::from_value(json!({"apiKey": "k", "hl": "en", "gl": "US"})).unwrap();
    assert_eq!(back.visitor_data, None);
    assert!(!serde_json::to_string(&back)
        .unwrap()
        .contains("visitorData"));
}

#[test]
fn the_request_asks_the_player_as_the_client() {
    let request = player_request(
        "https://www.youtube.com/",
        "abcdefghijk",
        &page(),
        &CAPTION_CLIENTS[0],
    );
    assert_eq!(
        request.url,
        "https://www.youtube.com/youtubei/v1/player?key=test-key&prettyPrint=false"
    );
    assert_eq!(request.method, "POST");
    assert_eq!(request.headers["content-type"], "application/json");
    assert_eq!(request.headers["x-youtube-client-name"], "3");
    assert_eq!(request.headers["x-youtube-client-version"], "20.10.38");
    let body: Value = serde_json::from_str(&request.body).unwrap();
    assert_eq!(
        body,
        json!({
            "context": {"client": {
                "clientName": "ANDROID", "clientVersion": "20.10.38",
                "hl": "de", "gl": "AT", "visitorData": "Cgt%3D",
            }},
            "videoId": "abcdefghijk",
            "contentCheckOk": true,
            "racyCheckOk": true,
        })
    );
}

#[test]
fn an_unknown_visitor_is_left_out_and_the_key_is_encoded() {
    let page = PageInnertube {
        api_key: "a b&c".into(),
        visitor_data: None,
        ..page()
    };
    let request = player_request("https://m.youtube.com", "x", &page, &CAPTION_CLIENTS[0]);
    assert!(request
        .url
        .starts_with("https://m.youtube.com/youtubei/v1/player?key=a%20b%26c&"));
    let body: Value = serde_json::from_str(&request.body).unwrap();
    assert_eq!(body.pointer("/context/client/visitorData"), None);
}
