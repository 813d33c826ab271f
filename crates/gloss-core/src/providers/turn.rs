//! The assistant's turn as a message, from the events its answer streamed: what goes back to the
//! model with the results of the calls it made. Text and reasoning pieces are joined; a signature
//! closes the reasoning block it signs; calls keep their order among the text.

use crate::events::StreamEvent;
use crate::spec::{Content, Message, Part, Reasoning, Role};

/// The assistant message the `events` of one answer make. A turn of text alone is a text
/// message, as every turn was before tools.
pub fn assistant_message(events: &[StreamEvent]) -> Message {
    let mut turn = AssistantTurn::default();
    for e in events {
        turn.push(e);
    }
    turn.message()
}

/// An assistant turn gathered event by event, as a decoder hands them on.
#[derive(Debug, Default)]
pub struct AssistantTurn {
    parts: Vec<Part>,
}

impl AssistantTurn {
    pub fn push(&mut self, event: &StreamEvent) {
        let parts = &mut self.parts;
        match event {
            StreamEvent::Text { text } => match parts.last_mut() {
                Some(Part::Text { text: held }) => held.push_str(text),
                _ => parts.push(Part::Text { text: text.clone() }),
            },
            StreamEvent::Reasoning { text } => match open_reasoning(parts) {
                Some(held) => held.text.push_str(text),
                None => parts.push(reasoning(text, None, None)),
            },
            StreamEvent::ReasoningSignature { signature } => match open_reasoning(parts) {
                Some(held) => held.signature = Some(signature.clone()),
                None => parts.push(reasoning("", Some(signature), None)),
            },
            StreamEvent::RedactedReasoning { data } => {
                parts.push(reasoning("", None, Some(data)));
            }
            StreamEvent::ToolCall(call) => parts.push(Part::ToolCall(call.clone())),
            _ => {}
        }
    }

    /// The message so far.
    pub fn message(&self) -> Message {
        let content = match self.parts.as_slice() {
            [] => Content::Text(String::new()),
            [Part::Text { text }] => Content::Text(text.clone()),
            parts => Content::Parts(parts.to_vec()),
        };
        Message::new(Role::Assistant, content)
    }
}

/// The last part, when it is reasoning still open (neither signed nor redacted).
fn open_reasoning(parts: &mut [Part]) -> Option<&mut Reasoning> {
    match parts.last_mut() {
        Some(Part::Reasoning(r)) if r.signature.is_none() && r.redacted.is_none() => Some(r),
        _ => None,
    }
}

fn reasoning(text: &str, signature: Option<&String>, redacted: Option<&String>) -> Part {
    Part::Reasoning(Reasoning {
        text: text.to_owned(),
        signature: signature.cloned(),
        redacted: redacted.cloned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::ToolCall;
    use serde_json::json;

    fn text(t: &str) -> StreamEvent {
        StreamEvent::Text { text: t.into() }
    }

    #[test]
    fn text_alone_is_a_text_message() {
        let m = assistant_message(&[text("Hel"), text("lo")]);
        assert_eq!(m, Message::new(Role::Assistant, "Hello"));
    }

    #[test]
    fn signed_reasoning_text_and_calls_keep_their_order() {
        let call = ToolCall {
            id: "c1".into(),
            name: "get_weather".into(),
            arguments: json!({"city": "Paris"}),
            signature: None,
        };
        let events = [
            StreamEvent::Reasoning {
                text: "I need ".into(),
            },
            StreamEvent::Reasoning { text: "it.".into() },
            StreamEvent::ReasoningSignature {
                signature: "sig".into(),
            },
            StreamEvent::RedactedReasoning { data: "enc".into() },
            text("Checking."),
            StreamEvent::ToolCall(call.clone()),
            StreamEvent::Done {
                reason: crate::FinishReason::ToolCalls,
            },
        ];
        let json = serde_json::to_value(assistant_message(&events)).unwrap();
        assert_eq!(
            json,
            json!({ "role": "assistant", "content": [
                { "type": "reasoning", "text": "I need it.", "signature": "sig" },
                { "type": "reasoning", "text": "", "redacted": "enc" },
                { "type": "text", "text": "Checking." },
                { "type": "toolCall", "id": "c1", "name": "get_weather",
                  "arguments": { "city": "Paris" } },
            ] })
        );
    }
}
