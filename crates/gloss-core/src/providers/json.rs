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
