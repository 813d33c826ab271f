//! Gemini's tool calls both ways: calls read from the stream, and a tool-use answer that goes
//! back to the model as it came, signature in place and made-up ids left out.

use serde_json::{json, Value};

use super::super::{build_request, test_spec, StreamDecoder};
use crate::events::{FinishReason, StreamEvent};
use crate::providers::assistant_message;
use crate::spec::{Message, ProviderKind, Role, ToolCall};

fn decode(chunks: &[Value]) -> Vec<StreamEvent> {
    let mut d = StreamDecoder::new(ProviderKind::Gemini);
    let mut got: Vec<StreamEvent> = chunks
        .iter()
        .flat_map(|c| d.push(format!("data: {c}\r\n\r\n").as_bytes()))
        .collect();
    got.extend(d.finish());
    got
}

fn chunk(parts: &Value, finish: Option<&str>) -> Value {
    json!({ "candidates": [{ "content": { "role": "model", "parts": parts },
        "finishReason": finish, "index": 0 }] })
}

fn calls(events: &[StreamEvent]) -> Vec<&ToolCall> {
    events
        .iter()
        .filter_map(|e| match e {
            StreamEvent::ToolCall(c) => Some(c),
            _ => None,
        })
        .collect()
}

#[test]
fn parallel_calls_go_back_with_their_signature_and_without_made_ids() {
    let got = decode(&[chunk(
        &json!([
            { "text": "Checking." },
            { "functionCall": { "name": "get_weather", "args": { "city": "Paris" } },
              "thoughtSignature": "c2ln" },
            { "functionCall": { "name": "get_time", "args": { "zone": "Europe/Paris" } } },
        ]),
        Some("STOP"),
    )]);
    let ids: Vec<&str> = calls(&got).iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["gloss-call-1", "gloss-call-2"]);
    assert_eq!(
        got.last(),
        Some(&StreamEvent::Done {
            reason: FinishReason::ToolCalls
        })
    );
    let mut spec = test_spec(
        ProviderKind::Gemini,
        "https://generativelanguage.googleapis.com/v1beta",
        None,
        &[(Role::User, "Weather and time in Paris?")],
    );
    spec.messages.push(assistant_message(&got));
    spec.messages
        .push(Message::tool_result(ids[0], "get_weather", "18 °C"));
    let mut failed = Message::tool_result(ids[1], "get_time", "Unknown zone");
    failed.is_error = true;
    spec.messages.push(failed);
    let body: Value = serde_json::from_str(&build_request(&spec).unwrap().body).unwrap();
    assert_eq!(
        body["contents"][1],
        json!({ "role": "model", "parts": [
            { "text": "Checking." },
            { "functionCall": { "name": "get_weather", "args": { "city": "Paris" } },
              "thoughtSignature": "c2ln" },
            { "functionCall": { "name": "get_time", "args": { "zone": "Europe/Paris" } } },
        ] })
    );
    assert_eq!(
        body["contents"][2],
        json!({ "role": "user", "parts": [
            { "functionResponse": { "name": "get_weather", "response": { "output": "18 °C" } } },
            { "functionResponse": { "name": "get_time",
                                    "response": { "error": "Unknown zone" } } },
        ] })
    );
    assert_eq!(body["contents"].as_array().map(Vec::len), Some(3));
}

#[test]
fn arguments_that_are_no_object_end_the_answer_naming_the_tool() {
    let got = decode(&[chunk(
        &json!([{ "functionCall": { "name": "get_weather", "args": [1] } }]),
        Some("STOP"),
    )]);
    let [StreamEvent::Error { message, .. }] = got.as_slice() else {
        panic!("{got:?}")
    };
    assert!(message.contains("get_weather"), "{message}");
}

#[test]
fn a_call_where_none_was_offered_is_a_clear_error() {
    let got = decode(&[json!({ "candidates": [{ "finishReason": "UNEXPECTED_TOOL_CALL" }] })]);
    let [StreamEvent::Error {
        l10n: Some(l10n), ..
    }] = got.as_slice()
    else {
        panic!("{got:?}")
    };
    assert_eq!(l10n.key, "errToolCallUnexpected");
}

#[test]
fn reasoning_is_not_sent_and_a_turn_of_it_alone_still_has_a_part() {
    let spec: crate::ChatSpec = serde_json::from_value(json!({
        "provider": "gemini", "baseUrl": "https://generativelanguage.googleapis.com/v1beta",
        "model": "m", "messages": [
            { "role": "user", "content": "q" },
            { "role": "assistant", "content": [{ "type": "reasoning", "text": "hm" }] },
            { "role": "user", "content": "again" },
        ]
    }))
    .unwrap();
    let body: Value = serde_json::from_str(&build_request(&spec).unwrap().body).unwrap();
    assert_eq!(
        body["contents"][1],
        json!({ "role": "model", "parts": [{ "text": "" }] })
    );
    assert!(body.get("tools").is_none());
}
