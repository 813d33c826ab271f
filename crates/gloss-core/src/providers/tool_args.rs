//! What the protocols share about tool calls in a stream: reading a call's arguments (a JSON
//! object, sent whole or in fragments) and making an id for a call that came without one.

use serde_json::{Map, Value};

use crate::errors;
use crate::events::StreamEvent;
use crate::spec::ToolCall;

/// The prefix of ids Gloss made for calls that came without one. Requests leave such ids out:
/// the provider never issued them.
pub(super) const MADE_ID: &str = "gloss-call-";

/// A call's arguments from their JSON text: an object; empty text is no arguments (`{}`).
/// Anything else is the error event naming the tool.
pub(super) fn parse_arguments(name: &str, text: &str) -> Result<Value, StreamEvent> {
    if text.trim().is_empty() {
        return Ok(Value::Object(Map::new()));
    }
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => Ok(Value::Object(map)),
        Ok(other) => Err(errors::tool_call_unreadable(
            name,
            &format!("a JSON {} where an object belongs", kind(&other)),
        )),
        Err(e) => Err(errors::tool_call_unreadable(name, &e.to_string())),
    }
}

/// Arguments a protocol sends as a JSON value already (Gemini, Ollama): an object, or none.
pub(super) fn object_arguments(name: &str, value: Option<&Value>) -> Result<Value, StreamEvent> {
    match value {
        None | Some(Value::Null) => Ok(Value::Object(Map::new())),
        Some(Value::Object(map)) => Ok(Value::Object(map.clone())),
        // Some servers send the object as JSON text, as OpenAI does.
        Some(Value::String(text)) => parse_arguments(name, text),
        Some(other) => Err(errors::tool_call_unreadable(
            name,
            &format!("a JSON {} where an object belongs", kind(other)),
        )),
    }
}

/// An id for the `n`th call of an answer that came without one (Gemini, Ollama).
pub(super) fn made_id(n: usize) -> String {
    format!("{MADE_ID}{n}")
}

/// Whether `call`'s id was made by Gloss rather than issued by the provider.
pub(super) fn has_made_id(call: &ToolCall) -> bool {
    call.id.starts_with(MADE_ID)
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn arguments_are_an_object_or_a_clear_error() {
        assert_eq!(parse_arguments("f", " ").unwrap(), json!({}));
        assert_eq!(parse_arguments("f", r#"{"a":1}"#).unwrap(), json!({"a":1}));
        for bad in [r#"{"a":"#, "[1]", "42", "nope"] {
            let Err(StreamEvent::Error { message, .. }) = parse_arguments("get_weather", bad)
            else {
                panic!("{bad} was read");
            };
            assert!(message.contains("get_weather"), "{message}");
        }
        assert_eq!(object_arguments("f", None).unwrap(), json!({}));
        assert_eq!(
            object_arguments("f", Some(&json!("{\"a\":2}"))).unwrap(),
            json!({"a":2})
        );
        assert!(object_arguments("f", Some(&json!([1]))).is_err());
    }
}
