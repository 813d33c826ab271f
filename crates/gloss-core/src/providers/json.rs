//! Reading the providers' JSON. Their events are loosely shaped (fields come and go between
//! versions and between servers that copy a protocol), so a missing or mistyped field reads as
//! absent, never as a failure; only text that is not JSON at all ends a stream.

use serde_json::Value;

use crate::errors;
use crate::events::StreamEvent;

/// One event's JSON, or the `bad_response` error to end the stream with; `what` names the
/// framing unit ("event", "line") in that error.
pub(super) fn parse_json(data: &str, what: &str) -> Result<Value, StreamEvent> {
    serde_json::from_str(data)
        .map_err(|e| errors::bad_response(&format!("a stream {what} is not JSON ({e})")))
}

/// Typed reads at a JSON pointer (`"/message/usage/output_tokens"`, `"/choices/0"`; `""` is the
/// value itself): `None` where the path is missing or holds another type.
pub(super) trait JsonPath {
    fn str_at(&self, pointer: &str) -> Option<&str>;
    fn u64_at(&self, pointer: &str) -> Option<u64>;
    fn bool_at(&self, pointer: &str) -> Option<bool>;

    /// The string at `pointer`, or `""`: for text that is only shown or matched.
    fn str_or_empty(&self, pointer: &str) -> &str {
        self.str_at(pointer).unwrap_or("")
    }

    /// The non-empty string at `pointer`, owned: a piece of streamed text worth an event.
    fn text_at(&self, pointer: &str) -> Option<String> {
        self.str_at(pointer)
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
    }

    /// The count at `pointer`, or 0: a provider may leave a count out.
    fn u64_or_zero(&self, pointer: &str) -> u64 {
        self.u64_at(pointer).unwrap_or(0)
    }
}

impl JsonPath for Value {
    fn str_at(&self, pointer: &str) -> Option<&str> {
        self.pointer(pointer).and_then(Value::as_str)
    }

    fn u64_at(&self, pointer: &str) -> Option<u64> {
        self.pointer(pointer).and_then(Value::as_u64)
    }

    fn bool_at(&self, pointer: &str) -> Option<bool> {
        self.pointer(pointer).and_then(Value::as_bool)
    }
}
