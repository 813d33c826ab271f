//! Tools in the spec's vocabulary: what the model may call ([`ToolSpec`], in `ChatSpec.tools`),
//! a call it made ([`ToolCall`], a part of an assistant message and a decoder event), and the
//! reasoning a provider wants back beside a call ([`Reasoning`]: Anthropic's signed thinking).
//! A call's result is a message of its own (`role: tool`, see `Message`). Each protocol turns
//! these into its own wire format, both ways.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A tool the model may call: its name, what it does, and its parameters as a JSON Schema
/// object (`{"type":"object","properties":{…}}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ToolSpec {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub parameters: Value,
}

/// A call the model made: the id that ties it to its result, the tool's name, its arguments
/// (parsed: an object), and `signature`, opaque data the provider needs back exactly
/// (Gemini's `thoughtSignature`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    pub arguments: Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
}

/// A block of the model's reasoning that goes back with the turn it belongs to: Anthropic
/// refuses tool results after a thinking block that lost its `signature`, and sends some
/// thinking only encrypted (`redacted`, opaque data with no text).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Reasoning {
    #[serde(default)]
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redacted: Option<String>,
}

/// Whether `name` is a tool name every protocol takes: 1 to 64 of `a-z A-Z 0-9 _ -` (OpenAI's
/// and Anthropic's rule; Gemini's is wider; Ollama passes it to the model).
pub fn is_tool_name(name: &str) -> bool {
    (1..=64).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Checks the tools offered and the tool turns: names every protocol takes, each offered once;
/// every result names its call and tool. `field` is `tools` or `messages`.
pub(super) fn check(spec: &super::ChatSpec) -> Result<(), super::SpecError> {
    use super::{Role, SpecError};
    for (i, tool) in spec.tools.iter().enumerate() {
        if !is_tool_name(&tool.name) || spec.tools[..i].iter().any(|t| t.name == tool.name) {
            return Err(SpecError::new(
                "tools",
                "specToolName",
                "A tool's name must be 1 to 64 letters, digits, _ or -, and each tool offered once.",
            ));
        }
    }
    let orphan = spec
        .messages
        .iter()
        .any(|m| m.role == Role::Tool && (m.tool_call_id.is_none() || m.name.is_none()));
    if orphan {
        return Err(SpecError::new(
            "messages",
            "specToolResult",
            "A tool's result must name the call it answers and its tool.",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::{ChatSpec, Content, Part};
    use serde_json::json;

    fn spec(tools: &serde_json::Value, messages: &serde_json::Value) -> ChatSpec {
        serde_json::from_value(json!({ "provider": "openai", "baseUrl": "http://h/v1",
            "model": "m", "tools": tools, "messages": messages }))
        .unwrap()
    }

    #[test]
    fn tools_calls_and_results_read_in_the_spec_shape_and_write_back_the_same() {
        let messages = json!([
            { "role": "user", "content": "q" },
            { "role": "assistant", "content": [
                { "type": "reasoning", "text": "t", "signature": "s" },
                { "type": "toolCall", "id": "c1", "name": "f", "arguments": { "a": 1 },
                  "signature": "g" } ] },
            { "role": "tool", "toolCallId": "c1", "name": "f", "content": "r", "isError": true },
        ]);
        let tools =
            json!([{ "name": "f", "description": "d", "parameters": { "type": "object" } }]);
        let s = spec(&tools, &messages);
        assert_eq!(s.messages[1].content.tool_calls().count(), 1);
        assert_eq!(s.messages[1].content.parts(), vec![]);
        assert!(s.messages[2].is_error);
        assert_eq!(serde_json::to_value(&s.messages).unwrap(), messages);
        assert_eq!(serde_json::to_value(&s.tools).unwrap(), tools);
        assert!(super::check(&s).is_ok());
    }

    #[test]
    fn bad_names_twice_offered_tools_and_orphan_results_are_refused() {
        let tool = |name: &str| json!({ "name": name, "parameters": {} });
        let q = json!([{ "role": "user", "content": "q" }]);
        for tools in [
            json!([tool("")]),
            json!([tool("a b")]),
            json!([tool("f"), tool("f")]),
        ] {
            let err = super::check(&spec(&tools, &q)).unwrap_err();
            assert_eq!(
                (err.field.as_str(), err.key.as_str()),
                ("tools", "specToolName")
            );
        }
        let orphan = json!([{ "role": "tool", "name": "f", "content": "r" }]);
        let err = super::check(&spec(&json!([]), &orphan)).unwrap_err();
        assert_eq!(err.key, "specToolResult");
    }

    #[test]
    fn a_tool_call_part_refuses_fields_it_does_not_have() {
        let bad = json!([{ "type": "toolCall", "id": "c", "name": "f", "arguments": {}, "x": 1 }]);
        assert!(serde_json::from_value::<Content>(bad).is_err());
        let bare = json!([{ "type": "toolCall", "id": "c", "name": "f" }]);
        let Content::Parts(parts) = serde_json::from_value::<Content>(bare).unwrap() else {
            panic!()
        };
        assert!(matches!(&parts[0], Part::ToolCall(c) if c.arguments == json!({})));
    }
}
