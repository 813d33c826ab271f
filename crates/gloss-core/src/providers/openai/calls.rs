//! Tool calls as Chat Completions streams them: `choices[0].delta.tool_calls` holds pieces of
//! calls keyed by `index`; a call's first piece has its `id`, `type` and `function.name`, and
//! `function.arguments` arrives as fragments of JSON text, the calls of a parallel batch
//! interleaved (<https://platform.openai.com/docs/guides/function-calling>, "Streaming").
//! The pieces are held until the answer finishes, then each call is read whole, in index order.
//!
//! Servers that copy the API vary, and each way is taken as it comes: a whole call in one piece
//! (llama.cpp, vLLM); `null` for the fields a piece does not carry; the arguments as an object
//! rather than text; no `index` (Ollama before 0.4.7, ollama/ollama#7881); every call of a batch
//! at index 0 (Ollama, ollama/ollama#15457; lmdeploy); ids empty or missing (vLLM
//! vllm-project/vllm#18412, LM Studio); an id that changes after a call's first piece (Poolside).

use serde_json::Value;

use crate::errors;
use crate::events::StreamEvent;
use crate::limits::Limit;
use crate::providers::json::JsonPath;
use crate::providers::tool_args::{made_id, parse_arguments};
use crate::spec::ToolCall;

/// The calls of one answer, as their pieces arrive.
#[derive(Debug)]
pub(super) struct Calls {
    /// The calls received and not yet read, in the order they opened.
    open: Vec<Pending>,
    /// Bytes of arguments held in `open`.
    held: usize,
    /// Most argument bytes held at once: a server that never ends a call is not held forever.
    max_held: usize,
    /// Calls read so far in this answer (the `n` of an id made for a call without one).
    read: usize,
}

#[derive(Debug)]
struct Pending {
    index: u64,
    id: String,
    name: String,
    arguments: String,
}

impl Calls {
    /// No calls yet; at most `max_held` bytes of arguments held at once.
    pub(super) fn new(max_held: usize) -> Self {
        Self {
            open: Vec::new(),
            held: 0,
            max_held,
            read: 0,
        }
    }

    /// Takes a chunk's `delta.tool_calls`; the error event that ends the answer when the
    /// arguments held outgrow their cap.
    pub(super) fn take(&mut self, pieces: &Value) -> Result<(), StreamEvent> {
        let Some(pieces) = pieces.as_array() else {
            return Ok(());
        };
        // A piece that is not an object says nothing of any call.
        for (position, piece) in pieces.iter().enumerate().filter(|(_, p)| p.is_object()) {
            self.take_piece(position, piece);
        }
        if self.held > self.max_held {
            return Err(errors::too_large(Limit::Answer, self.max_held));
        }
        Ok(())
    }

    fn take_piece(&mut self, position: usize, piece: &Value) {
        // Without an index, a piece's place in the list is the best guess.
        let index = piece.u64_at("/index").unwrap_or(position as u64);
        let id = piece.str_or_empty("/id");
        let name = piece.str_or_empty("/function/name");
        let slot = match self.open.iter().rposition(|call| call.index == index) {
            Some(slot) if !self.open[slot].is_ended_by(id, name) => slot,
            _ => {
                self.open.push(Pending {
                    index,
                    id: String::new(),
                    name: String::new(),
                    arguments: String::new(),
                });
                self.open.len() - 1
            }
        };
        let call = &mut self.open[slot];
        // The first id and name are the call's: some servers repeat them, or change the id.
        if call.id.is_empty() {
            id.clone_into(&mut call.id);
        }
        if call.name.is_empty() {
            name.clone_into(&mut call.name);
        }
        let before = call.arguments.len();
        match piece.pointer("/function/arguments") {
            Some(Value::String(fragment)) => call.arguments.push_str(fragment),
            Some(object @ Value::Object(_)) => call.arguments.push_str(&object.to_string()),
            _ => {}
        }
        self.held += call.arguments.len() - before;
    }

    /// The calls received, each read whole, in index order (calls at one index in the order
    /// they opened): their events, or up to the first that cannot be read and the error that
    /// says why, which ends the answer. `cut` says the answer stopped at its token limit, so a
    /// call that cannot be read was cut off rather than malformed.
    pub(super) fn finish(&mut self, cut: bool) -> Vec<StreamEvent> {
        let mut open = std::mem::take(&mut self.open);
        self.held = 0;
        open.sort_by_key(|call| call.index);
        let mut out = Vec::new();
        for call in open {
            match self.read_call(call, cut) {
                Ok(call) => out.push(StreamEvent::ToolCall(call)),
                Err(error) => {
                    out.push(error);
                    break;
                }
            }
        }
        out
    }

    fn read_call(&mut self, call: Pending, cut: bool) -> Result<ToolCall, StreamEvent> {
        if call.name.is_empty() {
            return Err(errors::bad_response(
                "a tool call came without the name of its tool",
            ));
        }
        let arguments = parse_arguments(&call.name, &call.arguments).map_err(|error| {
            if cut {
                errors::tool_call_cut(&call.name)
            } else {
                error
            }
        })?;
        let id = if call.id.is_empty() {
            made_id(self.read)
        } else {
            call.id
        };
        self.read += 1;
        Ok(ToolCall {
            id,
            name: call.name,
            arguments,
            signature: None,
        })
    }

    /// The tool being called when the stream ended, if a call was still arriving (the last to
    /// open that has a name).
    pub(super) fn in_progress(&self) -> Option<&str> {
        self.open
            .iter()
            .rev()
            .map(|call| call.name.as_str())
            .find(|name| !name.is_empty())
    }
}

impl Pending {
    /// Whether a piece with this `id` and `name` at this call's index starts another call: it
    /// names a tool and has an id, other than this call's, which has both. A changed id alone is
    /// not enough (Poolside changes it after the first piece); a repeated name with the same id
    /// or none is this call again.
    fn is_ended_by(&self, id: &str, name: &str) -> bool {
        !id.is_empty()
            && !name.is_empty()
            && !self.name.is_empty()
            && !self.id.is_empty()
            && self.id != id
    }
}

#[cfg(test)]
#[path = "calls_tests.rs"]
mod tests;
