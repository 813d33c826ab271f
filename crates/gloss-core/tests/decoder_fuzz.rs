//! Property test: whatever bytes arrive, in whatever chunks, no decoder panics, and a stream
//! yields at most one terminal event (`done` or `error`), always last, and names the model at
//! most once, never with an empty name. Inputs are random bytes from an alphabet of wire-format
//! pieces, and random mutations of the golden fixtures.

use std::fs;
use std::path::Path;

use gloss_core::{ProviderKind, StreamDecoder, StreamEvent};
use rng::Rng;

// Only the RNG of the shared test support: the rest serves the markdown tests, and would be
// dead code here.
#[path = "support/rng.rs"]
mod rng;

const PIECES: &[&[u8]] = &[
    b"data: ",
    b"event: ",
    b"\n",
    b"\r\n",
    b"\r",
    b"\n\n",
    b":",
    b"{",
    b"}",
    b"[",
    b"]",
    b"\"",
    b",",
    b"[DONE]",
    b"\"choices\"",
    b"\"delta\"",
    b"\"content\"",
    b"\"type\"",
    b"\"error\"",
    b"\"done\":true",
    b"\"message_stop\"",
    b"\"text_delta\"",
    b"\"candidates\"",
    b"\"model\":\"m\"",
    b"\"modelVersion\":\" \"",
    b"\"message_start\"",
    b"\"finishReason\":\"STOP\"",
    b"null",
    b"\xc3",
    b"\xa9",
    b"\xf0\x9f",
    b"\xa6\x80",
    b"\xff",
    b"\0",
    b"0",
    b"-1",
    b"1e999",
    b"\"\\u0000\"",
];

fn run(kind: ProviderKind, bytes: &[u8], rng: &mut Rng) {
    let mut d = StreamDecoder::new(kind);
    let mut events: Vec<StreamEvent> = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let end = (at + 1 + rng.below(16)).min(bytes.len());
        events.extend(d.push(&bytes[at..end]));
        at = end;
    }
    events.extend(d.finish());
    let terminals = events.iter().filter(|e| e.is_terminal()).count();
    assert!(
        terminals <= 1,
        "{kind:?}: {terminals} terminal events for {bytes:?}"
    );
    if terminals == 1 {
        assert!(
            events.last().unwrap().is_terminal(),
            "{kind:?}: events after the end for {bytes:?}"
        );
    }
    let names: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            StreamEvent::Model { name } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    assert!(
        names.len() <= 1 && names.iter().all(|n| !n.is_empty() && n.trim() == *n),
        "{kind:?}: model named {names:?} for {bytes:?}"
    );
    assert!(
        d.push(b"data: more\n\n").is_empty() && d.finish().is_empty(),
        "{kind:?}: output after finish"
    );
}

#[test]
fn random_pieces_never_panic() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    for kind in ProviderKind::ALL {
        for _ in 0..3000 {
            let mut bytes = Vec::new();
            for _ in 0..rng.below(60) {
                bytes.extend_from_slice(PIECES[rng.below(PIECES.len())]);
            }
            run(kind, &bytes, &mut rng);
        }
    }
}

#[test]
fn mutated_fixtures_never_panic() {
    let mut rng = Rng::new(42);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for kind in ProviderKind::ALL {
        let dir = root.join(serde_json::to_value(kind).unwrap().as_str().unwrap());
        for case in fs::read_dir(dir).unwrap() {
            let case = case.unwrap().path();
            // A provider's folder may hold a README saying where its fixtures come from.
            if !case.is_dir() {
                continue;
            }
            let Some(response) = fs::read_dir(&case)
                .unwrap()
                .map(|e| e.unwrap().path())
                .find(|p| p.file_stem().is_some_and(|s| s == "response"))
            else {
                continue;
            };
            let original = fs::read(response).unwrap();
            for _ in 0..200 {
                let mut bytes = original.clone();
                for _ in 0..=rng.below(4) {
                    if bytes.is_empty() {
                        break;
                    }
                    let i = rng.below(bytes.len());
                    match rng.below(3) {
                        0 => bytes[i] = u8::try_from(rng.below(256)).unwrap(),
                        1 => drop(bytes.remove(i)),
                        _ => bytes.insert(i, PIECES[rng.below(PIECES.len())][0]),
                    }
                }
                run(kind, &bytes, &mut rng);
            }
        }
    }
}
