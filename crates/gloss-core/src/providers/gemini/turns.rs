//! The conversation as Gemini's `contents`
//! (<https://ai.google.dev/gemini-api/docs/function-calling>): the assistant speaks as the
//! `model`, its calls as `functionCall` parts; the results of a model turn's calls go back
//! together in one `user` turn of `functionResponse` parts, as the guide sends the answers to
//! parallel calls.

use serde_json::{json, Value};

use crate::providers::tool_args::MADE_ID;
use crate::spec::{Message, PartRef, Role, ToolCall};

/// The turns (system text is apart), consecutive tool results gathered in one turn.
pub(super) fn contents(turns: &[&Message]) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    let mut results: Vec<Value> = Vec::new();
    for message in turns {
        if message.role == Role::Tool {
            results.push(function_response(message));
            continue;
        }
        if !results.is_empty() {
            out.push(user_results(std::mem::take(&mut results)));
        }
        out.push(content(message));
    }
    if !results.is_empty() {
        out.push(user_results(results));
    }
    out
}

/// One turn of the conversation. Calls and reasoning are the model's; in a user's message they
/// have no place.
fn content(message: &Message) -> Value {
    let (role, parts) = if message.role == Role::Assistant {
        ("model", message.content.all_parts())
    } else {
        ("user", message.content.parts())
    };
    let mut parts: Vec<Value> = parts.into_iter().filter_map(part).collect();
    if parts.is_empty() {
        // A turn that was only reasoning: Gemini refuses a turn without parts.
        parts.push(json!({ "text": "" }));
    }
    turn(role, parts)
}

/// Tool results go back as the user's turn.
fn user_results(results: Vec<Value>) -> Value {
    turn("user", results)
}

/// A turn of `parts`, moved in: `json!` copies every value it is given anew (`to_value`).
fn turn(role: &str, parts: Vec<Value>) -> Value {
    let mut out = json!({ "role": role });
    out["parts"] = Value::Array(parts);
    out
}

/// A part as Gemini's `Part`: `{ "text" }`, or an image as `{ "inlineData": { "mimeType",
/// "data" } }`, the REST API's JSON names (the API reference's `Blob`; it also accepts the
/// proto's `snake_case`, but this body already speaks camelCase: `systemInstruction`).
///
/// Reasoning is not sent: Gemini's thoughts are summaries, not input, and what carries the
/// model's thinking from step to step is the `thoughtSignature` on a call, which goes back
/// with it. A signature can also come on a text part; returning those is recommended but not
/// checked (<https://ai.google.dev/gemini-api/docs/thought-signatures>), and Gloss keeps none.
fn part(part: PartRef<'_>) -> Option<Value> {
    Some(match part {
        PartRef::Text(text) => json!({ "text": text }),
        PartRef::Image(image) => {
            json!({ "inlineData": { "mimeType": image.media_type, "data": image.data } })
        }
        PartRef::ToolCall(call) => function_call(call),
        PartRef::Reasoning(_) => return None,
    })
}

/// A call as the model made it. Its `thoughtSignature` goes back exactly, beside the call in
/// the same part, as Gemini 3 refuses a step's first call without it; an id Gloss made up is
/// left out, as Gemini never issued it.
fn function_call(call: &ToolCall) -> Value {
    let mut function = json!({ "name": call.name, "args": call.arguments });
    if !call.id.starts_with(MADE_ID) {
        function["id"] = json!(call.id);
    }
    let mut out = json!({ "functionCall": function });
    if let Some(signature) = &call.signature {
        out["thoughtSignature"] = json!(signature);
    }
    out
}

/// A tool's result. `response` is an object: the text under `output`, or under `error` when
/// the tool failed, the two keys `FunctionResponse.response` names for them
/// (<https://googleapis.github.io/js-genai/classes/types.FunctionResponse.html>). Images in a
/// result are not sent: a `functionResponse` takes them only as its own `parts`, on Gemini 3.
fn function_response(message: &Message) -> Value {
    let key = if message.is_error { "error" } else { "output" };
    let mut function = json!({
        "name": message.name,
        "response": { key: message.content.text() },
    });
    if let Some(id) = message.tool_call_id.as_deref() {
        if !id.starts_with(MADE_ID) {
            function["id"] = json!(id);
        }
    }
    json!({ "functionResponse": function })
}
