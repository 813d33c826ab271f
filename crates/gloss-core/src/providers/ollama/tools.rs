//! Tools in an `/api/chat` request: the tools offered (OpenAI's shape), the calls an assistant
//! turn made and the results that answer them.
//! Reference: <https://docs.ollama.com/capabilities/tool-calling> ("Calling a single tool",
//! "Parallel tool calling", "Tool calling with streaming") and the `Message` and `ToolCall` types
//! of Ollama's `api/types.go` (`tool_calls`, `tool_name`, `tool_call_id`, a call's `id`).

use serde_json::{json, Map, Value};

use crate::providers::tool_args::{has_made_id, MADE_ID};
use crate::spec::{Message, PartRef};

pub(super) use crate::providers::openai::tools::offered;

/// What an assistant turn that called tools adds to its message: `tool_calls`, each as the docs
/// send it back (`{"type":"function","function":{"index","name","arguments"}}`, the arguments an
/// object) with the `id` Ollama gave it; and the turn's reasoning as `thinking`, which the docs'
/// streaming loop returns with the calls so the model goes on from it.
pub(super) fn add_calls(m: &Message, out: &mut Map<String, Value>) {
    let calls: Vec<Value> = m
        .content
        .tool_calls()
        .enumerate()
        .map(|(index, call)| {
            let mut value = json!({
                "type": "function",
                "function": { "index": index, "name": call.name, "arguments": call.arguments },
            });
            // An id Gloss made was never Ollama's (older servers give none): it stays here.
            if !has_made_id(call) {
                value["id"] = json!(call.id);
            }
            value
        })
        .collect();
    if calls.is_empty() {
        return;
    }
    out.insert("tool_calls".to_owned(), Value::Array(calls));
    let thinking: Vec<&str> = m
        .content
        .all_parts()
        .into_iter()
        .filter_map(|part| match part {
            PartRef::Reasoning(r) if !r.text.is_empty() => Some(r.text.as_str()),
            _ => None,
        })
        .collect();
    if !thinking.is_empty() {
        out.insert("thinking".to_owned(), json!(thinking.join("\n\n")));
    }
}

/// A tool's result: its text, the tool's name in `tool_name` (what the docs send) and the call's
/// id in `tool_call_id` when Ollama gave it one. A failed call's result goes as it is: the API has
/// no error flag, and the text already says what failed.
pub(super) fn result(m: &Message) -> Value {
    let mut out = json!({
        "role": "tool",
        "content": m.content.text(),
        "tool_name": m.name.as_deref().unwrap_or_default(),
    });
    if let Some(id) = m
        .tool_call_id
        .as_deref()
        .filter(|id| !id.starts_with(MADE_ID))
    {
        out["tool_call_id"] = json!(id);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::providers::tool_args::made_id;
    use crate::spec::{Content, Part, Reasoning, Role, ToolCall};

    fn call(id: &str) -> Part {
        Part::ToolCall(ToolCall {
            id: id.into(),
            name: "f".into(),
            arguments: json!({ "a": 1 }),
            signature: None,
        })
    }

    #[test]
    fn made_ids_are_not_sent_back_and_issued_ones_are() {
        let turn = Message::new(
            Role::Assistant,
            Content::Parts(vec![call(&made_id(0)), call("call_x1")]),
        );
        let mut out = Map::new();
        add_calls(&turn, &mut out);
        let calls = &out["tool_calls"];
        assert_eq!(calls[0].get("id"), None);
        assert_eq!(calls[0]["function"]["arguments"], json!({ "a": 1 }));
        assert_eq!(calls[1]["id"], "call_x1");
        assert_eq!(calls[1]["function"]["index"], 1);
        let made = result(&Message::tool_result(&made_id(0), "f", "r"));
        assert_eq!(
            made,
            json!({ "role": "tool", "content": "r", "tool_name": "f" })
        );
        let issued = result(&Message::tool_result("call_x1", "f", "r"));
        assert_eq!(issued["tool_call_id"], "call_x1");
    }

    #[test]
    fn reasoning_goes_back_as_thinking_only_beside_calls() {
        let reasoning = |text: &str| {
            Part::Reasoning(Reasoning {
                text: text.into(),
                signature: None,
                redacted: None,
            })
        };
        let mut out = Map::new();
        let said = Message::new(Role::Assistant, Content::Parts(vec![reasoning("hm")]));
        add_calls(&said, &mut out);
        assert!(out.is_empty());
        let parts = vec![reasoning("a"), reasoning(""), call("c"), reasoning("b")];
        add_calls(
            &Message::new(Role::Assistant, Content::Parts(parts)),
            &mut out,
        );
        assert_eq!(out["thinking"], "a\n\nb");
    }
}
