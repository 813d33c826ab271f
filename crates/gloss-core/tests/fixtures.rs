//! Golden fixtures in the real wire formats: `tests/fixtures/<provider>/<case>/response.*` holds
//! the raw response bytes and `events.json` the events they must decode to. Each stream fixture
//! is also re-fed split at every byte offset and one byte at a time, because the network may cut
//! a response anywhere, including inside a UTF-8 character or a line end. A case with a
//! `status.json` is an HTTP error response instead, mapped by the provider's error catalogue.
//! Expected error events may give `messageIncludes` (phrases) instead of the whole `message`.

use std::fs;
use std::path::{Path, PathBuf};

use gloss_core::{http_error, ProviderKind, StreamDecoder, StreamEvent};
use serde_json::Value;

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn dir_of(kind: ProviderKind) -> PathBuf {
    fixtures_dir().join(serde_json::to_value(kind).unwrap().as_str().unwrap())
}

struct Case {
    name: String,
    kind: ProviderKind,
    bytes: Vec<u8>,
    status: Option<(u16, Option<String>)>,
    expected: Vec<Value>,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for kind in ProviderKind::ALL {
        for case in fs::read_dir(dir_of(kind)).unwrap() {
            let case = case.unwrap().path();
            // A provider's folder may hold a README saying where its fixtures come from.
            if !case.is_dir() {
                continue;
            }
            let response = fs::read_dir(&case)
                .unwrap()
                .map(|e| e.unwrap().path())
                .find(|p| p.file_stem().is_some_and(|s| s == "response"))
                .unwrap_or_else(|| panic!("{} has no response.* file", case.display()));
            let status = fs::read_to_string(case.join("status.json")).ok().map(|s| {
                let v: Value = serde_json::from_str(&s).unwrap();
                let retry = v["retryAfter"].as_str().map(str::to_owned);
                (u16::try_from(v["status"].as_u64().unwrap()).unwrap(), retry)
            });
            let expected = fs::read_to_string(case.join("events.json")).unwrap();
            out.push(Case {
                name: case.display().to_string(),
                kind,
                bytes: fs::read(response).unwrap(),
                status,
                expected: serde_json::from_str(&expected).unwrap(),
            });
        }
    }
    assert!(!out.is_empty(), "no fixtures found");
    out
}

fn decode(kind: ProviderKind, chunks: &[&[u8]]) -> Vec<StreamEvent> {
    let mut d = StreamDecoder::new(kind);
    let mut events: Vec<StreamEvent> = chunks.iter().flat_map(|c| d.push(c)).collect();
    events.extend(d.finish());
    events
}

/// Compares with the expected events, honouring `messageIncludes`.
fn check(case: &Case, got: &[StreamEvent], what: &str) {
    // Error events also carry their message in parts (`l10n`); tests/l10n.rs checks those.
    let got: Vec<Value> = got
        .iter()
        .map(|e| {
            let mut v = serde_json::to_value(e).unwrap();
            if let Some(o) = v.as_object_mut() {
                o.remove("l10n");
            }
            v
        })
        .collect();
    assert_eq!(
        got.len(),
        case.expected.len(),
        "{} {what}: {got:#?}",
        case.name
    );
    for (g, e) in got.iter().zip(&case.expected) {
        match e.get("messageIncludes").and_then(Value::as_array) {
            None => assert_eq!(g, e, "{} {what}", case.name),
            Some(phrases) => {
                assert_eq!(
                    (&g["type"], &g["code"]),
                    (&e["type"], &e["code"]),
                    "{} {what}: {g}",
                    case.name
                );
                let message = g["message"].as_str().unwrap();
                for p in phrases {
                    assert!(
                        message.contains(p.as_str().unwrap()),
                        "{} {what}: {p} not in {message:?}",
                        case.name
                    );
                }
            }
        }
    }
}

fn streams() -> impl Iterator<Item = Case> {
    cases().into_iter().filter(|c| c.status.is_none())
}

#[test]
fn whole_responses_decode_to_the_expected_events() {
    for case in streams() {
        check(&case, &decode(case.kind, &[&case.bytes]), "whole");
    }
}

#[test]
fn every_split_point_gives_the_same_events() {
    for case in streams() {
        for cut in 0..=case.bytes.len() {
            let (a, b) = case.bytes.split_at(cut);
            check(&case, &decode(case.kind, &[a, b]), &format!("cut at {cut}"));
        }
    }
}

#[test]
fn one_byte_at_a_time_gives_the_same_events() {
    for case in streams() {
        let chunks: Vec<&[u8]> = case.bytes.chunks(1).collect();
        check(&case, &decode(case.kind, &chunks), "byte by byte");
    }
}

#[test]
fn http_errors_map_to_the_catalogue() {
    for case in cases() {
        let Some((status, retry)) = &case.status else {
            continue;
        };
        let body = String::from_utf8(case.bytes.clone()).unwrap();
        check(
            &case,
            &[http_error(case.kind, *status, &body, retry.as_deref())],
            "http error",
        );
    }
}

#[test]
fn every_stream_ends_with_exactly_one_terminal_event() {
    for case in streams() {
        let terminal = |e: &Value| e["type"] == "done" || e["type"] == "error";
        assert_eq!(
            case.expected.iter().filter(|e| terminal(e)).count(),
            1,
            "{}",
            case.name
        );
        assert!(terminal(case.expected.last().unwrap()), "{}", case.name);
    }
}

#[test]
fn every_provider_kind_has_fixtures() {
    for kind in ProviderKind::ALL {
        let cases: Vec<String> = fs::read_dir(dir_of(kind))
            .map(|d| {
                d.map(|e| e.unwrap().path())
                    .filter(|p| p.is_dir())
                    .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        let streams = cases.iter().filter(|c| !c.starts_with("http_")).count();
        let errors = cases.iter().filter(|c| c.starts_with("http_")).count();
        assert!(
            streams >= 3 && errors >= 3,
            "{kind:?} needs stream and HTTP error fixtures: {cases:?}"
        );
    }
}
