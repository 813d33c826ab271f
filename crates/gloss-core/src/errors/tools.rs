//! The failures of a tool call as the model streamed it: arguments that are not a JSON object,
//! a call the provider itself could not read, a call cut off by the stream's end, a call to a
//! tool that was not offered. Each ends the answer: nothing of a call that cannot be read may
//! run.

use super::{clip, error, non_empty, say};
use crate::events::{ErrorCode, StreamEvent};

/// The call's arguments are not a JSON object; `detail` says why.
pub fn tool_call_unreadable(name: &str, detail: &str) -> StreamEvent {
    let (name, detail) = (clip(name), clip(detail));
    let text = format!(
        "The model called the tool {name}, but its arguments could not be read ({detail}), so nothing ran. Regenerate to try again"
    );
    error(
        ErrorCode::BadResponse,
        &text,
        None,
        say("errToolArguments", [name, detail]),
    )
}

/// The stream ended in the middle of a call to `name`.
pub fn tool_call_cut(name: &str) -> StreamEvent {
    let name = clip(name);
    let text = format!(
        "The answer was cut off while the model was calling the tool {name}, so nothing ran. Regenerate to try again"
    );
    error(
        ErrorCode::Truncated,
        &text,
        None,
        say("errToolCallCut", [name]),
    )
}

/// The model called `name`, which was not among the tools offered.
pub fn unknown_tool(name: &str) -> StreamEvent {
    let name = clip(name);
    let text = format!(
        "The model called a tool it was not offered ({name}), so nothing ran. Regenerate, or ask without tools"
    );
    error(
        ErrorCode::BadResponse,
        &text,
        None,
        say("errUnknownTool", [name]),
    )
}

/// The model tried to call a tool, but the provider could not read the call it wrote (Gemini's
/// `MALFORMED_FUNCTION_CALL`, which names no tool); `detail` is the provider's words, if any.
pub fn tool_call_malformed(detail: &str) -> StreamEvent {
    error(
        ErrorCode::BadResponse,
        "The model tried to call a tool, but its call could not be read, so nothing ran. Regenerate to try again",
        non_empty(detail),
        say("errToolCallMalformed", []),
    )
}

/// The model tried to call a tool where the request offered none (Gemini's
/// `UNEXPECTED_TOOL_CALL`); `detail` is the provider's words, if any.
pub fn tool_call_unexpected(detail: &str) -> StreamEvent {
    error(
        ErrorCode::BadResponse,
        "The model tried to call a tool, but none was offered, so nothing ran. Regenerate to try again",
        non_empty(detail),
        say("errToolCallUnexpected", []),
    )
}
