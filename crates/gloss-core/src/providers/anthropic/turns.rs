//! The conversation as Anthropic's `messages`. System text goes to the top-level field (see
//! `mod.rs`); the rest become user and assistant turns that alternate, as the API wants, so
//! consecutive turns of one side are merged. A tool's result is said by the user
//! (`tool_result`), and in a user turn every result comes before anything else: the API refuses
//! text ahead of them (<https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#handling-tool-use-and-tool-result-content-blocks>).
//! A turn of text alone stays a plain string, as every turn was before images and tools.

use serde_json::{json, Value};

use crate::spec::{join_text, ChatSpec, Content, Message, PartRef, Reasoning, Role};

/// User and assistant turns, in order, consecutive ones of a side merged.
pub(super) fn turns(spec: &ChatSpec) -> Vec<Value> {
    let mut out: Vec<Turn<'_>> = Vec::new();
    for message in spec.messages.iter().filter(|m| m.role != Role::System) {
        let side = match message.role {
            Role::Assistant => Role::Assistant,
            _ => Role::User,
        };
        match out.last_mut() {
            Some(turn) if turn.side == side => turn.add(message),
            _ => {
                let mut turn = Turn::new(side);
                turn.add(message);
                out.push(turn);
            }
        }
    }
    out.iter()
        .map(|turn| {
            let mut out = json!({ "role": turn.side });
            out["content"] = turn.content();
            out
        })
        .collect()
}

/// One side's turn being gathered: its tool results apart, so they can go first.
struct Turn<'a> {
    side: Role,
    results: Vec<&'a Message>,
    parts: Vec<PartRef<'a>>,
}

impl<'a> Turn<'a> {
    fn new(side: Role) -> Self {
        Self {
            side,
            results: Vec::new(),
            parts: Vec::new(),
        }
    }

    /// Calls and reasoning are the assistant's; in a user's message they have no place.
    fn add(&mut self, message: &'a Message) {
        match message.role {
            Role::Tool => self.results.push(message),
            Role::Assistant => self.parts.extend(message.content.all_parts()),
            _ => self.parts.extend(message.content.parts()),
        }
    }

    /// The turn's text as one string (merged turns joined by a blank line) when that is all it
    /// holds; else its content blocks, the results first.
    fn content(&self) -> Value {
        let parts: Vec<PartRef<'_>> = self.parts.iter().copied().filter(is_sent).collect();
        if self.results.is_empty() && parts.iter().all(|p| matches!(p, PartRef::Text(_))) {
            return json!(join_text(&parts));
        }
        let results = self.results.iter().map(|m| tool_result(m));
        let blocks: Vec<Value> = results.chain(parts.into_iter().filter_map(block)).collect();
        json!(blocks)
    }
}

/// Whether a part goes back: reasoning only when Anthropic can check it came from the model
/// (signed, or redacted), as it refuses thinking blocks without a valid signature
/// (<https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking#preserving-thinking-blocks>).
fn is_sent(part: &PartRef<'_>) -> bool {
    match part {
        PartRef::Reasoning(r) => r.signature.is_some() || r.redacted.is_some(),
        _ => true,
    }
}

/// A part as a content block: `text`, `image` (base64 source), `tool_use`, `thinking` with its
/// signature, or `redacted_thinking` with its data. Empty text has no block: the API refuses
/// empty text blocks.
fn block(part: PartRef<'_>) -> Option<Value> {
    Some(match part {
        PartRef::Text("") => return None,
        PartRef::Text(text) => json!({ "type": "text", "text": text }),
        PartRef::Image(image) => json!({ "type": "image", "source": {
            "type": "base64", "media_type": image.media_type, "data": image.data,
        } }),
        PartRef::ToolCall(call) => json!({
            "type": "tool_use", "id": call.id, "name": call.name, "input": call.arguments,
        }),
        PartRef::Reasoning(reasoning) => return reasoning_block(reasoning),
    })
}

fn reasoning_block(reasoning: &Reasoning) -> Option<Value> {
    if let Some(data) = &reasoning.redacted {
        return Some(json!({ "type": "redacted_thinking", "data": data }));
    }
    let signature = reasoning.signature.as_ref()?;
    Some(json!({ "type": "thinking", "thinking": reasoning.text, "signature": signature }))
}

/// A tool's result: its text, or text and image blocks when it shows images; `is_error` only
/// when it reports a failure.
fn tool_result(message: &Message) -> Value {
    let mut out = json!({
        "type": "tool_result",
        "tool_use_id": message.tool_call_id,
        "content": result_content(&message.content),
    });
    if message.is_error {
        out["is_error"] = json!(true);
    }
    out
}

fn result_content(content: &Content) -> Value {
    if !content.has_images() {
        return json!(content.text());
    }
    let blocks: Vec<Value> = content.parts().into_iter().filter_map(block).collect();
    json!(blocks)
}
