//! Every cap on a provider's response (`providers/limits.rs`): a line, an SSE event and the
//! answer. Going over one ends the stream with a `bad_response` that names the cap, after the
//! events decoded before it, whichever way the network splits the bytes; nothing follows it.
//! Small caps keep the every-split tests fast; one test per cap uses the real ones.

use gloss_core::{
    ErrorCode, Limits, ProviderKind, StreamDecoder, StreamEvent, MAX_EVENT, MAX_LINE,
};

/// One wire event or line that decodes to the text "Hi", per provider.
fn hi(kind: ProviderKind) -> &'static str {
    match kind {
        ProviderKind::OpenAi => "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n",
        ProviderKind::Anthropic => {
            "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\
             \"delta\":{\"type\":\"text_delta\",\"text\":\"Hi\"}}\n\n"
        }
        ProviderKind::Gemini => {
            "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Hi\"}]}}]}\n\n"
        }
        ProviderKind::Ollama => "{\"message\":{\"content\":\"Hi\"},\"done\":false}\n",
    }
}

const SMALL: Limits = Limits {
    line: 200,
    event: 300,
    answer: 1000,
};

fn decode(kind: ProviderKind, limits: Limits, chunks: &[&[u8]]) -> Vec<StreamEvent> {
    let mut d = StreamDecoder::with_limits(kind, limits);
    let mut events: Vec<StreamEvent> = chunks.iter().flat_map(|c| d.push(c)).collect();
    // Good bytes after the overflow are not read.
    events.extend(d.push(hi(kind).as_bytes()));
    events.extend(d.finish());
    events
}

fn text(s: &str) -> StreamEvent {
    StreamEvent::Text { text: s.into() }
}

/// `events` are `want` then one `bad_response` whose message includes `phrase`.
fn assert_ends_over(events: &[StreamEvent], want: &[StreamEvent], phrase: &str, what: &str) {
    let (last, before) = events.split_last().expect(what);
    assert_eq!(before, want, "{what}");
    let StreamEvent::Error { code, message, .. } = last else {
        panic!("{what}: ends with {last:?}")
    };
    assert_eq!(*code, ErrorCode::BadResponse, "{what}");
    assert!(message.contains(phrase), "{what}: {message}");
}

fn at_every_split(
    kind: ProviderKind,
    limits: Limits,
    bytes: &[u8],
    want: &[StreamEvent],
    phrase: &str,
) {
    for cut in 0..=bytes.len() {
        let (a, b) = bytes.split_at(cut);
        let what = format!("{kind:?} cut at {cut}");
        assert_ends_over(&decode(kind, limits, &[a, b]), want, phrase, &what);
    }
}

#[test]
fn a_line_over_its_cap_ends_the_answer_after_what_came_before() {
    for kind in ProviderKind::ALL {
        // A line that ends too late, and one that never ends: refused as soon as it outgrows
        // the cap.
        let long = format!("{}data: {}\n\n", hi(kind), "x".repeat(250));
        let endless = format!("{}{}", hi(kind), "x".repeat(250));
        for bytes in [long, endless] {
            let want = [text("Hi")];
            at_every_split(
                kind,
                SMALL,
                bytes.as_bytes(),
                &want,
                "line longer than 200 bytes",
            );
        }
    }
}

#[test]
fn data_lines_without_a_blank_line_end_the_answer_at_the_event_cap() {
    let kinds = [
        ProviderKind::OpenAi,
        ProviderKind::Anthropic,
        ProviderKind::Gemini,
    ];
    for kind in kinds {
        let line = format!("data: {}\n", "y".repeat(150));
        let bytes = format!("{}{}", hi(kind), line.repeat(3));
        at_every_split(
            kind,
            SMALL,
            bytes.as_bytes(),
            &[text("Hi")],
            "event larger than 300 bytes",
        );
    }
}

#[test]
fn an_answer_over_its_cap_keeps_the_text_within_it() {
    let limits = Limits { answer: 5, ..SMALL };
    for kind in ProviderKind::ALL {
        let bytes = hi(kind).repeat(3);
        let want = [text("Hi"), text("Hi")];
        at_every_split(
            kind,
            limits,
            bytes.as_bytes(),
            &want,
            "answer grew past 5 bytes",
        );
    }
}

#[test]
fn the_real_caps_hold_a_line_of_4_mb_and_an_event_of_8_mb() {
    assert_eq!((MAX_LINE, MAX_EVENT), (4 << 20, 8 << 20));
    for kind in ProviderKind::ALL {
        let mut d = StreamDecoder::new(kind);
        let mut events = d.push(hi(kind).as_bytes());
        let chunk = vec![b'x'; 64 << 10];
        for _ in 0..=(MAX_LINE / chunk.len()) {
            events.extend(d.push(&chunk));
        }
        events.extend(d.finish());
        assert_ends_over(
            &events,
            &[text("Hi")],
            "line longer than 4 MB",
            &format!("{kind:?}"),
        );
    }
    let mut d = StreamDecoder::new(ProviderKind::OpenAi);
    let line = format!("data: {}\n", "y".repeat(3 << 20));
    let events: Vec<_> = (0..3).flat_map(|_| d.push(line.as_bytes())).collect();
    assert_ends_over(&events, &[], "event larger than 8 MB", "8 MB event");
}
