//! Golden request fixtures: `tests/fixtures/requests/<case>/spec.json` is a spec without its
//! provider and endpoint; `<provider>.json` beside it gives that protocol's `baseUrl` and the
//! `url` and JSON `body` the request must have. The expected bodies were written from each
//! protocol's documentation, not from this code's output:
//! - OpenAI: content parts with `image_url` data URLs
//!   (<https://platform.openai.com/docs/guides/images-vision>);
//! - Anthropic: `image` blocks with a `base64` source; consecutive user turns merged, as the
//!   API wants turns to alternate (<https://docs.anthropic.com/en/docs/build-with-claude/vision>);
//! - Gemini: `inlineData` parts, the REST `Part`/`Blob` JSON (<https://ai.google.dev/api/caching#Part>);
//! - Ollama: bare base64 in `images` beside `content`
//!   (<https://github.com/ollama/ollama/blob/main/docs/api.md#chat-request-with-images>).

use std::fs;
use std::path::Path;

use gloss_core::{build_request, parse_models, ChatSpec, ProviderKind};
use serde_json::Value;

fn read(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_protocol_builds_its_golden_request() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/requests");
    let mut checked = 0;
    // Every case and protocol is tried and every mismatch reported, not only the first.
    let mut wrong = Vec::new();
    for case in fs::read_dir(root).unwrap() {
        let case = case.unwrap().path();
        let spec = read(&case.join("spec.json"));
        for kind in ProviderKind::ALL {
            let name = serde_json::to_value(kind).unwrap();
            let name = name.as_str().unwrap();
            let path = case.join(format!("{name}.json"));
            if !path.exists() {
                wrong.push(format!("{} is missing", path.display()));
                continue;
            }
            let expected = read(&path);
            let mut spec = spec.clone();
            spec["provider"] = name.into();
            spec["baseUrl"] = expected["baseUrl"].clone();
            let spec: ChatSpec = serde_json::from_value(spec).unwrap();
            let request = build_request(&spec).unwrap();
            let body: Value = serde_json::from_str(&request.body).unwrap();
            let what = format!("{} {name}", case.display());
            if request.url != expected["url"] || body != expected["body"] {
                let got = serde_json::to_string_pretty(&body).unwrap();
                wrong.push(format!("{what}: {} with body\n{got}", request.url));
            }
            checked += 1;
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
    assert!(
        checked >= ProviderKind::ALL.len(),
        "no request fixtures found"
    );
}

#[test]
fn a_bad_image_in_a_spec_is_a_typed_error_naming_the_messages() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/requests/images");
    let mut spec = read(&root.join("spec.json"));
    spec["provider"] = "openai".into();
    spec["baseUrl"] = "http://127.0.0.1:8080/v1".into();
    let cases = [
        (
            "/messages/1/content/1/mediaType",
            "image/svg+xml".into(),
            "specImageType",
        ),
        ("/messages/1/content/1/data", "%%%".into(), "specImageData"),
        (
            "/messages/4/content/0/mediaType",
            "image/png".into(),
            "specImageData",
        ),
        (
            "/messages/4/content/0/data",
            "A".repeat(6 << 20).into(),
            "specImageTooLarge",
        ),
    ];
    for (pointer, value, key) in cases {
        let mut bad = spec.clone();
        *bad.pointer_mut(pointer).unwrap() = value;
        let spec: ChatSpec = serde_json::from_value(bad).unwrap();
        let problem = build_request(&spec).unwrap_err();
        assert_eq!(
            (problem.field.as_str(), problem.key.as_str()),
            ("messages", key)
        );
    }
}

/// A model list sorts by id and keeps the first of equal ids with its own name. The shape is
/// Gemini's `models.list` response (<https://ai.google.dev/api/models#method:-models.list>).
#[test]
fn model_list_sorts_by_id_and_keeps_the_first_of_equal_ids() {
    let body = r#"{"models":[
        {"name":"models/b","displayName":"B first"},
        {"name":"models/a","displayName":"A"},
        {"name":"models/b","displayName":"B again"},
        {"name":"models/c"}]}"#;
    let models = parse_models(ProviderKind::Gemini, body).unwrap();
    let listed: Vec<(&str, Option<&str>)> = models
        .iter()
        .map(|m| (m.id.as_str(), m.name.as_deref()))
        .collect();
    assert_eq!(
        listed,
        [("a", Some("A")), ("b", Some("B first")), ("c", None)]
    );
}
