use serde_json::json;

use super::*;
use crate::events::ErrorCode;

/// The calls that `chunks` (each a `delta.tool_calls` list) make.
fn read(chunks: &[Value]) -> Vec<StreamEvent> {
    let mut calls = Calls::new(1 << 20);
    for chunk in chunks {
        calls.take(chunk).unwrap();
    }
    calls.finish(false)
}

fn call(id: &str, name: &str, arguments: Value) -> StreamEvent {
    StreamEvent::ToolCall(ToolCall {
        id: id.into(),
        name: name.into(),
        arguments,
        signature: None,
    })
}

fn code(event: &StreamEvent) -> Option<ErrorCode> {
    match event {
        StreamEvent::Error { code, .. } => Some(*code),
        _ => None,
    }
}

#[test]
fn no_arguments_are_an_empty_object() {
    let got = read(&[json!([{ "index": 0, "id": "c", "function": { "name": "now" } }])]);
    assert_eq!(got, [call("c", "now", json!({}))]);
    let got = read(&[json!([{ "index": 0, "id": "c",
        "function": { "name": "now", "arguments": "" } }])]);
    assert_eq!(got, [call("c", "now", json!({}))]);
}

#[test]
fn nulls_and_arguments_sent_as_an_object_are_read() {
    let got = read(&[
        json!([{ "index": 0, "id": "c", "type": "function",
                 "function": { "name": "f", "arguments": { "a": 1 } } }]),
        json!([{ "index": 0, "id": null, "type": null,
                 "function": { "name": null, "arguments": null } }]),
    ]);
    assert_eq!(got, [call("c", "f", json!({ "a": 1 }))]);
}

#[test]
fn a_batch_all_at_index_zero_is_told_apart_by_its_ids() {
    // Ollama's /v1 (ollama/ollama#15457): each call whole, every one at index 0.
    let got = read(&[
        json!([{ "index": 0, "id": "call_a", "function": { "name": "f", "arguments": "{\"x\":1}" } }]),
        json!([{ "index": 0, "id": "call_b", "function": { "name": "g", "arguments": "{\"x\":2}" } }]),
    ]);
    assert_eq!(
        got,
        [
            call("call_a", "f", json!({ "x": 1 })),
            call("call_b", "g", json!({ "x": 2 }))
        ]
    );
}

#[test]
fn a_changed_id_or_a_repeated_name_is_the_same_call() {
    let got = read(&[
        json!([{ "index": 0, "id": "first", "function": { "name": "f", "arguments": "{\"a\"" } }]),
        // Poolside: another id on the later pieces, no name.
        json!([{ "index": 0, "id": "second", "function": { "arguments": ":1" } }]),
        // The name again, with the call's own id.
        json!([{ "index": 0, "id": "first", "function": { "name": "f", "arguments": "}" } }]),
    ]);
    assert_eq!(got, [call("first", "f", json!({ "a": 1 }))]);
}

#[test]
fn calls_without_ids_get_made_ones_in_order_and_without_index_their_place() {
    let got = read(&[json!([
        { "function": { "name": "f", "arguments": "{}" } },
        { "id": "", "function": { "name": "g", "arguments": "{}" } },
    ])]);
    assert_eq!(
        got,
        [
            call("gloss-call-0", "f", json!({})),
            call("gloss-call-1", "g", json!({}))
        ]
    );
}

#[test]
fn a_call_without_a_name_is_a_clear_error() {
    let got = read(&[json!([{ "index": 0, "id": "c", "function": { "arguments": "{}" } }])]);
    let [StreamEvent::Error { code, message, .. }] = got.as_slice() else {
        panic!("{got:?}")
    };
    assert_eq!(*code, ErrorCode::BadResponse);
    assert!(message.contains("without the name"), "{message}");
}

#[test]
fn the_calls_before_an_unreadable_one_are_kept_and_none_after() {
    let got = read(&[json!([
        { "index": 2, "id": "c", "function": { "name": "h", "arguments": "{}" } },
        { "index": 0, "id": "a", "function": { "name": "f", "arguments": "{}" } },
        { "index": 1, "id": "b", "function": { "name": "g", "arguments": "{\"x\":" } },
    ])]);
    assert_eq!(got.len(), 2);
    assert_eq!(got[0], call("a", "f", json!({})));
    assert_eq!(code(&got[1]), Some(ErrorCode::BadResponse));
}

#[test]
fn arguments_cut_at_the_token_limit_say_the_call_was_cut() {
    let mut calls = Calls::new(1 << 20);
    let piece =
        json!([{ "index": 0, "id": "c", "function": { "name": "f", "arguments": "{\"a\":" } }]);
    calls.take(&piece).unwrap();
    assert_eq!(calls.in_progress(), Some("f"));
    let got = calls.finish(true);
    assert_eq!(code(&got[0]), Some(ErrorCode::Truncated));
    assert_eq!(calls.in_progress(), None);
}

#[test]
fn arguments_past_their_cap_end_the_answer() {
    let mut calls = Calls::new(8);
    let piece =
        |text: &str| json!([{ "index": 0, "function": { "name": "f", "arguments": text } }]);
    assert!(calls.take(&piece("{\"a\":")).is_ok());
    let Err(error) = calls.take(&piece("\"0123\"}")) else {
        panic!("held past the cap")
    };
    assert_eq!(code(&error), Some(ErrorCode::BadResponse));
}

#[test]
fn pieces_that_are_not_a_list_or_not_objects_are_ignored_without_panic() {
    for junk in [json!(null), json!("x"), json!([1, "a", null, []])] {
        let mut calls = Calls::new(64);
        assert!(calls.take(&junk).is_ok());
        assert!(calls.finish(false).is_empty());
    }
}
