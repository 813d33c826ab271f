//! The Anthropic protocol's edge cases: the request's turns and blocks, the stream's calls, and
//! a tool-use answer that goes back to the model as it came.

use serde_json::{json, Value};

use super::super::{build_request, test_spec};
use super::*;
use crate::events::{FinishReason, StreamEvent};
use crate::providers::assistant_message;
use crate::spec::{Message, ProviderKind};
use crate::StreamDecoder;

#[test]
fn system_goes_top_level_and_turns_alternate() {
    let mut spec = test_spec(
        ProviderKind::Anthropic,
        "https://api.anthropic.com/v1",
        Some("test-key"),
        &[
            (Role::System, "Be brief."),
            (Role::User, "a"),
            (Role::User, "b"),
        ],
    );
    spec.model = "claude-sonnet-4-5".into();
    let req = build_request(&spec).unwrap();
    assert_eq!(req.url, "https://api.anthropic.com/v1/messages");
    assert_eq!(req.headers["x-api-key"], "test-key");
    assert_eq!(req.headers["anthropic-version"], VERSION);
    assert!(!req.headers.contains_key("authorization"));
    let body: Value = serde_json::from_str(&req.body).unwrap();
    assert_eq!(body["system"], "Be brief.");
    assert_eq!(body["max_tokens"], DEFAULT_MAX_TOKENS);
    assert_eq!(
        body["messages"],
        json!([{ "role": "user", "content": "a\n\nb" }])
    );
}

#[test]
fn names_the_model_from_message_start() {
    let mut d = StreamDecoder::new(ProviderKind::Anthropic);
    let got = d.push(
        b"event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"model\":\"claude-sonnet-4-5-20250929\",\"usage\":{\"input_tokens\":3}}}\n\n",
    );
    assert_eq!(
        got,
        [StreamEvent::Model {
            name: "claude-sonnet-4-5-20250929".into()
        }]
    );
    let unnamed = StreamDecoder::new(ProviderKind::Anthropic)
        .push(b"data: {\"type\":\"message_start\",\"message\":{\"model\":null}}\n\n");
    assert!(unnamed.is_empty());
}

/// SSE events from `(type, data)` pairs, as Anthropic frames them.
fn sse(events: &[Value]) -> Vec<u8> {
    let mut out = Vec::new();
    for e in events {
        out.extend(format!("event: {}\ndata: {e}\n\n", e["type"].as_str().unwrap()).bytes());
    }
    out
}

fn decode(events: &[Value]) -> Vec<StreamEvent> {
    let mut d = StreamDecoder::new(ProviderKind::Anthropic);
    let mut got = d.push(&sse(events));
    got.extend(d.finish());
    got
}

fn start(index: u64, block: &Value) -> Value {
    json!({ "type": "content_block_start", "index": index, "content_block": block })
}

fn delta(index: u64, delta: &Value) -> Value {
    json!({ "type": "content_block_delta", "index": index, "delta": delta })
}

fn stop(index: u64) -> Value {
    json!({ "type": "content_block_stop", "index": index })
}

fn input(index: u64, partial_json: &str) -> Value {
    delta(
        index,
        &json!({ "type": "input_json_delta", "partial_json": partial_json }),
    )
}

fn tool_use(id: &str, name: &str) -> Value {
    json!({ "type": "tool_use", "id": id, "name": name, "input": {} })
}

fn the_end(reason: &str) -> [Value; 2] {
    [
        json!({ "type": "message_delta", "delta": { "stop_reason": reason } }),
        json!({ "type": "message_stop" }),
    ]
}

#[test]
fn a_tool_use_answer_goes_back_with_the_same_blocks_and_its_signature() {
    let mut events = vec![
        json!({ "type": "message_start", "message": { "model": "claude-sonnet-4-5" } }),
        start(0, &json!({ "type": "thinking", "thinking": "" })),
        delta(
            0,
            &json!({ "type": "thinking_delta", "thinking": "Need the weather." }),
        ),
        delta(
            0,
            &json!({ "type": "signature_delta", "signature": "sig-1" }),
        ),
        stop(0),
        start(1, &json!({ "type": "redacted_thinking", "data": "enc-1" })),
        stop(1),
        start(2, &json!({ "type": "text", "text": "" })),
        delta(2, &json!({ "type": "text_delta", "text": "Checking." })),
        stop(2),
        start(3, &tool_use("toolu_1", "get_weather")),
        input(3, "{\"city\": "),
        input(3, "\"Paris\"}"),
        stop(3),
    ];
    events.extend(the_end("tool_use"));
    let got = decode(&events);
    assert_eq!(
        got.last(),
        Some(&StreamEvent::Done {
            reason: FinishReason::ToolCalls
        })
    );
    let mut spec = test_spec(
        ProviderKind::Anthropic,
        "https://api.anthropic.com/v1",
        None,
        &[(Role::User, "Weather in Paris?")],
    );
    spec.messages.push(assistant_message(&got));
    spec.messages
        .push(Message::tool_result("toolu_1", "get_weather", "18 °C"));
    let body: Value = serde_json::from_str(&build_request(&spec).unwrap().body).unwrap();
    assert_eq!(
        body["messages"][1],
        json!({ "role": "assistant", "content": [
            { "type": "thinking", "thinking": "Need the weather.", "signature": "sig-1" },
            { "type": "redacted_thinking", "data": "enc-1" },
            { "type": "text", "text": "Checking." },
            { "type": "tool_use", "id": "toolu_1", "name": "get_weather",
              "input": { "city": "Paris" } },
        ] })
    );
    assert_eq!(
        body["messages"][2],
        json!({ "role": "user", "content": [
            { "type": "tool_result", "tool_use_id": "toolu_1", "content": "18 °C" },
        ] })
    );
}

#[test]
fn results_come_first_in_their_user_turn_and_unsigned_reasoning_stays_home() {
    let spec: crate::ChatSpec = serde_json::from_value(json!({
        "provider": "anthropic", "baseUrl": "https://api.anthropic.com/v1", "model": "m",
        "messages": [
            { "role": "user", "content": "q" },
            { "role": "assistant", "content": [
                { "type": "reasoning", "text": "unsigned" },
                { "type": "text", "text": "" },
                { "type": "toolCall", "id": "t1", "name": "f", "arguments": {} } ] },
            { "role": "user", "content": "and hurry" },
            { "role": "tool", "toolCallId": "t1", "name": "f", "isError": true,
              "content": [{ "type": "text", "text": "no" },
                          { "type": "image", "mediaType": "image/png", "data": "iVBORw0KGgo=" }] },
            { "role": "assistant", "content": [
                { "type": "reasoning", "text": "unsigned" }, { "type": "text", "text": "Done." } ] },
        ]
    }))
    .unwrap();
    let body: Value = serde_json::from_str(&build_request(&spec).unwrap().body).unwrap();
    assert_eq!(
        body["messages"][1]["content"],
        json!([{ "type": "tool_use", "id": "t1", "name": "f", "input": {} }])
    );
    assert_eq!(
        body["messages"][2]["content"],
        json!([
            { "type": "tool_result", "tool_use_id": "t1", "is_error": true, "content": [
                { "type": "text", "text": "no" },
                { "type": "image", "source": {
                    "type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo=" } } ] },
            { "type": "text", "text": "and hurry" },
        ])
    );
    assert_eq!(
        body["messages"][3],
        json!({ "role": "assistant", "content": "Done." })
    );
    assert!(body.get("tools").is_none());
}

#[test]
fn calls_are_told_apart_by_index_and_an_empty_input_is_no_arguments() {
    let mut events = vec![
        start(0, &tool_use("a", "f")),
        start(1, &tool_use("b", "g")),
        input(1, "{\"x\""),
        input(0, ""),
        input(7, "{\"stray\":1}"),
        input(1, ":2}"),
        stop(1),
        stop(0),
    ];
    events.extend(the_end("tool_use"));
    let calls: Vec<(String, Value)> = decode(&events)
        .into_iter()
        .filter_map(|e| match e {
            StreamEvent::ToolCall(c) => Some((c.id, c.arguments)),
            _ => None,
        })
        .collect();
    assert_eq!(
        calls,
        [("b".into(), json!({ "x": 2 })), ("a".into(), json!({}))]
    );
}

#[test]
fn a_message_stop_inside_a_call_is_a_cut_call() {
    let got = decode(&[
        start(0, &tool_use("a", "get_time")),
        input(0, "{"),
        json!({ "type": "message_stop" }),
    ]);
    let [StreamEvent::Error { code, message, .. }] = got.as_slice() else {
        panic!("{got:?}")
    };
    assert_eq!(*code, crate::ErrorCode::Truncated);
    assert!(message.contains("get_time"), "{message}");
}
