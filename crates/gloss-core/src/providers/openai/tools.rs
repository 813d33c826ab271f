//! Tools in a Chat Completions request: the tools offered, the calls an assistant turn made and
//! the results that answer them.
//! Reference: <https://platform.openai.com/docs/guides/function-calling> and
//! <https://platform.openai.com/docs/api-reference/chat/create> (`tools`, the assistant
//! message's `tool_calls`, the `tool` message).

use serde_json::{json, Value};

use crate::spec::{Message, ToolCall, ToolSpec};

/// `tools`: each tool as a `function` with its name, description (left out when empty) and
/// JSON Schema `parameters`. Ollama takes the same shape (see `ollama/tools.rs`).
pub(in crate::providers) fn offered(tools: &[ToolSpec]) -> Value {
    let tools: Vec<Value> = tools
        .iter()
        .map(|tool| {
            // Moved in, not through `json!`, which copies every value it is given (`to_value`).
            let mut function = json!({ "name": tool.name });
            function["parameters"] = tool.parameters.clone();
            if !tool.description.is_empty() {
                function["description"] = json!(tool.description);
            }
            let mut offered = json!({ "type": "function" });
            offered["function"] = function;
            offered
        })
        .collect();
    Value::Array(tools)
}

/// An assistant turn that called tools: its text, or `null` when it said nothing, and the calls
/// with their arguments as JSON text, as the API takes them. Reasoning is not sent back.
///
/// An id Gloss made for a call that came without one (vLLM, LM Studio) is sent as it is, unlike
/// in the other protocols: here `id` and `tool_call_id` are required, and a server checks only
/// that each result names a call of the turn before it, which the made id does.
pub(super) fn assistant_with_calls(m: &Message) -> Value {
    // Chat Completions has no field for reasoning, and DeepSeek's API asks that the
    // `reasoning_content` it streams not come back.
    let text = m.content.text();
    let content = if text.is_empty() {
        Value::Null
    } else {
        json!(text)
    };
    let calls: Vec<Value> = m.content.tool_calls().map(call).collect();
    let mut out = json!({ "role": "assistant", "content": content });
    out["tool_calls"] = Value::Array(calls);
    out
}

fn call(call: &ToolCall) -> Value {
    json!({
        "id": call.id,
        "type": "function",
        "function": { "name": call.name, "arguments": call.arguments.to_string() },
    })
}

/// A tool's result: its text, answering the call `tool_call_id` names. A failed call's result
/// goes as it is: the API has no error flag, and the text already says what failed.
pub(super) fn result(m: &Message) -> Value {
    json!({
        "role": "tool",
        "tool_call_id": m.tool_call_id.as_deref().unwrap_or_default(),
        "content": m.content.text(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{Content, Part, Role};

    fn call_part(id: &str, arguments: Value) -> Part {
        Part::ToolCall(ToolCall {
            id: id.into(),
            name: "f".into(),
            arguments,
            signature: None,
        })
    }

    #[test]
    fn a_turn_of_calls_alone_has_null_content_and_arguments_as_json_text() {
        let turn = Message::new(
            Role::Assistant,
            Content::Parts(vec![
                call_part("c1", json!({})),
                call_part("c2", json!({"a": [1]})),
            ]),
        );
        let got = assistant_with_calls(&turn);
        assert_eq!(got["content"], Value::Null);
        assert_eq!(got["tool_calls"][0]["function"]["arguments"], "{}");
        assert_eq!(
            got["tool_calls"][1]["function"]["arguments"],
            r#"{"a":[1]}"#
        );
        assert_eq!(got["tool_calls"][1]["id"], "c2");
    }

    #[test]
    fn an_id_gloss_made_goes_back_as_it_is_since_the_api_requires_one() {
        let made = crate::providers::tool_args::made_id(0);
        let turn = Message::new(
            Role::Assistant,
            Content::Parts(vec![call_part(&made, json!({}))]),
        );
        assert_eq!(
            assistant_with_calls(&turn)["tool_calls"][0]["id"],
            made.as_str()
        );
        let result = Message::tool_result(&made, "f", "done");
        assert_eq!(
            super::result(&result),
            json!({ "role": "tool", "tool_call_id": made, "content": "done" })
        );
    }

    #[test]
    fn an_empty_description_is_left_out() {
        let tool = ToolSpec {
            name: "f".into(),
            description: String::new(),
            parameters: json!({ "type": "object" }),
        };
        assert_eq!(
            offered(&[tool]),
            json!([{ "type": "function",
                     "function": { "name": "f", "parameters": { "type": "object" } } }])
        );
    }
}
