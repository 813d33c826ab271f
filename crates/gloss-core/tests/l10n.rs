//! Every error the core can produce can be said in the user's language: its `l10n` key exists in
//! the extension's English catalogue (`_locales/en/messages.json`) with as many `$n` slots as it
//! has arguments, and the English catalogue text, put together as `Localized` documents, gives
//! exactly the core's English `message`. The other locales are checked against English by the
//! TypeScript tests.

use std::collections::BTreeSet;

use gloss_core::errors::{
    bad_response, network_error, ollama_origin_refused, provider_error, timeout, too_large,
    tool_call_cut, tool_call_malformed, tool_call_unexpected, tool_call_unreadable, truncated,
    unknown_tool,
};
use gloss_core::{check_endpoint, http_error, Limit, Localized, ProviderKind, StreamEvent};
use serde_json::Value;

fn catalogue() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../_locales/en/messages.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("the English catalogue")).unwrap()
}

fn fill(text: &str, args: &[String]) -> String {
    let mut out = text.to_owned();
    for (i, a) in args.iter().enumerate().rev() {
        out = out.replace(&format!("${}", i + 1), a);
    }
    out
}

/// What the panel shows in English, built from the parts the way the worker builds it.
fn english(l: &Localized, en: &Value) -> String {
    let text = en[&l.key]["message"]
        .as_str()
        .unwrap_or_else(|| panic!("{} is not in _locales/en", l.key));
    let slots: BTreeSet<&str> = ["$1", "$2", "$3"]
        .into_iter()
        .filter(|s| text.contains(s))
        .collect();
    assert_eq!(slots.len(), l.args.len(), "{}: slots and arguments", l.key);
    let mut said = fill(text, &l.args);
    if let Some(status) = l.status {
        said = fill(
            en["errWithStatus"]["message"].as_str().unwrap(),
            &[said, status.to_string()],
        );
    }
    said = format!("{}.", said.trim_end_matches('.'));
    if let Some(detail) = &l.detail {
        said = format!(
            "{said} {}",
            fill(
                en["errProviderSaid"]["message"].as_str().unwrap(),
                std::slice::from_ref(detail)
            )
        );
    }
    said
}

#[test]
fn every_error_is_said_the_same_from_its_parts() {
    let en = catalogue();
    let mut events = vec![
        ollama_origin_refused(),
        timeout(30, true),
        timeout(30, false),
        network_error("http://127.0.0.1:9/v1/chat/completions", false),
        network_error("https://api.openai.com/v1", false),
        network_error("https://api.openai.com/v1", true),
        truncated(),
        bad_response("a stream event is not JSON (EOF)"),
        too_large(Limit::Line, 4 << 20),
        too_large(Limit::Event, 64 << 10),
        too_large(Limit::Answer, 100),
        tool_call_unreadable(
            "get_weather",
            "EOF while parsing an object at line 1 column 9",
        ),
        tool_call_cut("get_weather"),
        unknown_tool("delete_everything"),
        tool_call_malformed("Malformed function call: print(get_weather())"),
        tool_call_malformed(""),
        tool_call_unexpected(""),
    ];
    for kind in ProviderKind::ALL {
        for status in [400, 401, 403, 404, 408, 413, 422, 429, 500, 502, 503, 504] {
            events.push(http_error(
                kind,
                status,
                r#"{"error":{"message":"nope"}}"#,
                None,
            ));
            events.push(http_error(kind, status, "", Some("20")));
        }
        events.push(http_error(
            kind,
            400,
            r#"{"error":{"message":"API key not valid","status":"INVALID_ARGUMENT"}}"#,
            None,
        ));
    }
    for kind in [
        "context_length_exceeded",
        "rate_limit",
        "authentication_error",
        "content_filter",
        "not_found",
        "invalid_request_error",
        "overloaded_error",
    ] {
        events.push(provider_error(kind, "the provider's words"));
    }
    events.push(provider_error("", "image input is not supported"));
    events.push(http_error(
        ProviderKind::OpenAi,
        400,
        r#"{"error":{"message":"Invalid content type. image_url is only supported by certain models."}}"#,
        None,
    ));
    for event in events {
        let StreamEvent::Error { message, l10n, .. } = event else {
            panic!("not an error: {event:?}")
        };
        let l10n = l10n.expect("every error carries its parts");
        assert_eq!(english(&l10n, &en), message, "{l10n:?}");
    }
}

#[test]
fn every_settings_problem_has_its_message_in_the_catalogue() {
    let en = catalogue();
    let mut problems = Vec::new();
    for (url, model) in [
        ("ftp://x", "m"),
        ("https://", "m"),
        ("https://x/v1?a=1", "m"),
        ("https://x/v1", " "),
    ] {
        let problem = check_endpoint(url, model).expect_err(url);
        problems.push(problem);
    }
    let tool_specs = [
        serde_json::json!({ "tools": [{ "name": "a b", "parameters": {} }], "messages": [
            { "role": "user", "content": "q" }] }),
        serde_json::json!({ "messages": [{ "role": "tool", "content": "r" }] }),
    ];
    for mut spec in tool_specs {
        spec["provider"] = "openai".into();
        spec["baseUrl"] = "http://h/v1".into();
        spec["model"] = "m".into();
        let spec: gloss_core::ChatSpec = serde_json::from_value(spec).unwrap();
        problems.push(gloss_core::build_request(&spec).unwrap_err());
    }
    for problem in problems {
        assert_eq!(
            en[&problem.key]["message"].as_str(),
            Some(problem.message.as_str()),
            "{problem:?}"
        );
    }
}

#[test]
fn every_image_problem_has_its_message_in_the_catalogue() {
    let en = catalogue();
    for (media_type, data) in [
        ("image/bmp", "Qk0=".to_owned()),
        ("image/png", "Qk0=".to_owned()),
        ("image/png", "A".repeat(6 << 20)),
    ] {
        let spec: gloss_core::ChatSpec = serde_json::from_value(serde_json::json!({
            "provider": "openai", "baseUrl": "http://h/v1", "model": "m",
            "messages": [{ "role": "user", "content": [
                { "type": "image", "mediaType": media_type, "data": data }
            ] }]
        }))
        .unwrap();
        let problem = gloss_core::build_request(&spec).unwrap_err();
        assert_eq!(
            en[&problem.key]["message"].as_str(),
            Some(problem.message.as_str()),
            "{problem:?}"
        );
    }
}

#[test]
fn every_search_problem_is_said_the_same_from_its_parts() {
    use gloss_core::web::{parse_results, search_request, SearchEngine};
    let en = catalogue();
    let mut problems = Vec::new();
    for engine in SearchEngine::ALL {
        for status in [401, 403, 404, 422, 429, 432, 500, 503] {
            let body = r#"{"error":{"code":"SUBSCRIPTION_TOKEN_INVALID"}}"#;
            problems.push(parse_results(engine, status, body).unwrap_err());
        }
        for body in [
            "<html>not json</html>",
            "{\"other\": $1 $2}",
            "{\"hits\": []}",
        ] {
            problems.extend(parse_results(engine, 200, body).err());
        }
    }
    problems.extend(parse_results(SearchEngine::DuckDuckGo, 202, "<form id=challenge-form>").err());
    let keys: BTreeSet<String> = problems.iter().map(|p| p.localized().key).collect();
    assert_eq!(keys.len(), 8, "every kind is covered: {keys:?}");
    for problem in problems {
        assert_eq!(
            english(&problem.localized(), &en),
            problem.message(),
            "{problem:?}"
        );
    }
    for (engine, base, key, query) in [
        (SearchEngine::DuckDuckGo, None, None, " "),
        (SearchEngine::DuckDuckGo, None, None, &*"q".repeat(401)),
        (SearchEngine::Brave, None, None, "q"),
        (SearchEngine::SearXng, None, None, "q"),
        (SearchEngine::SearXng, Some("ftp://x"), None, "q"),
    ] {
        let problem = search_request(engine, base, key, query, 5).unwrap_err();
        assert_eq!(
            en[&problem.key]["message"].as_str(),
            Some(problem.message.as_str()),
            "{problem:?}"
        );
    }
}
