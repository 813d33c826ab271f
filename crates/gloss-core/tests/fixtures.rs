//! Golden fixtures in the real wire formats: `tests/fixtures/<provider>/<case>/response.*` holds
//! the raw response bytes and `events.json` the events they must decode to. Each fixture is also
//! re-fed split at every byte offset and one byte at a time, because the network may cut a
//! response anywhere, including inside a UTF-8 character or a line end.

use std::fs;
use std::path::{Path, PathBuf};

use gloss_core::{ProviderKind, StreamDecoder, StreamEvent};

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

struct Case {
    name: String,
    kind: ProviderKind,
    bytes: Vec<u8>,
    expected: Vec<StreamEvent>,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for kind in ProviderKind::ALL {
        let name = serde_json::to_value(kind).unwrap();
        let provider = fixtures_dir().join(name.as_str().unwrap());
        for case in fs::read_dir(&provider).unwrap() {
            let case = case.unwrap().path();
            let response = fs::read_dir(&case)
                .unwrap()
                .map(|e| e.unwrap().path())
                .find(|p| p.file_stem().is_some_and(|s| s == "response"))
                .unwrap_or_else(|| panic!("{} has no response.* file", case.display()));
            let expected = fs::read_to_string(case.join("events.json")).unwrap();
            out.push(Case {
                name: case.display().to_string(),
                kind,
                bytes: fs::read(response).unwrap(),
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

#[test]
fn whole_responses_decode_to_the_expected_events() {
    for case in cases() {
        assert_eq!(
            decode(case.kind, &[&case.bytes]),
            case.expected,
            "{}",
            case.name
        );
    }
}

#[test]
fn every_split_point_gives_the_same_events() {
    for case in cases() {
        for cut in 0..=case.bytes.len() {
            let (a, b) = case.bytes.split_at(cut);
            assert_eq!(
                decode(case.kind, &[a, b]),
                case.expected,
                "{} cut at {cut}",
                case.name
            );
        }
    }
}

#[test]
fn one_byte_at_a_time_gives_the_same_events() {
    for case in cases() {
        let chunks: Vec<&[u8]> = case.bytes.chunks(1).collect();
        assert_eq!(decode(case.kind, &chunks), case.expected, "{}", case.name);
    }
}

#[test]
fn every_stream_ends_with_exactly_one_terminal_event() {
    for case in cases() {
        let terminals = case.expected.iter().filter(|e| e.is_terminal()).count();
        assert_eq!(terminals, 1, "{}", case.name);
        assert!(case.expected.last().unwrap().is_terminal(), "{}", case.name);
    }
}

#[test]
fn every_provider_kind_has_fixtures() {
    for kind in ProviderKind::ALL {
        let name = serde_json::to_value(kind).unwrap();
        let dir = fixtures_dir().join(name.as_str().unwrap());
        let cases = fs::read_dir(&dir).map_or(0, Iterator::count);
        assert!(
            cases >= 3,
            "{} needs golden fixtures (has {cases})",
            dir.display()
        );
    }
}
