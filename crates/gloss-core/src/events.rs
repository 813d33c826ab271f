//! The normalised events every provider stream decodes into. Their serde shape is the wire
//! shape the worker forwards to the panel (`{ type: 'text', text }`, ...), so it is written
//! once, here.

use serde::{Deserialize, Serialize};

pub use crate::spec::ToolCall;

/// One thing that happened in a provider's response stream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum StreamEvent {
    /// A piece of the answer's text, in order.
    Text { text: String },
    /// A piece of the model's visible reasoning ("thinking"), shown collapsed.
    Reasoning { text: String },
    /// The end of a block of reasoning the provider signed: the signature goes back with the
    /// block when the turn is sent again (Anthropic's `signature_delta`).
    ReasoningSignature { signature: String },
    /// Reasoning the provider sent only encrypted: no text, opaque data to send back.
    RedactedReasoning { data: String },
    /// A complete tool call, its arguments parsed. Sent once the whole call has arrived.
    ToolCall(ToolCall),
    /// The model that answered, as the response names it (which may not be the one asked for:
    /// llama.cpp serves whatever it loaded, OpenAI names the dated snapshot). Sent at most once,
    /// as soon as the body names it, never empty; absent when the response names none.
    Model { name: String },
    /// Token counts, as reported by the provider (sent once, usually near the end).
    Usage {
        input_tokens: u64,
        output_tokens: u64,
    },
    /// The provider finished the answer. Always the last event of a good stream.
    Done { reason: FinishReason },
    /// The request failed; `message` is written for the user and says what to do next.
    /// Always the last event of a failed stream.
    Error {
        code: ErrorCode,
        message: String,
        /// The same message in parts, for saying it in the user's language.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        l10n: Option<Localized>,
    },
}

/// An error message as a key of the extension's `_locales` catalogue and its parts. The English
/// `message` is exactly: the key's text with `args` for `$1`…, then " (HTTP status)" when there
/// is a status, then a full stop, then " Provider said: " and `detail` when there is one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Localized {
    pub key: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

impl StreamEvent {
    /// Whether this event ends the stream (nothing may follow it).
    pub fn is_terminal(&self) -> bool {
        matches!(self, Self::Done { .. } | Self::Error { .. })
    }
}

/// Why the model stopped, normalised across providers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FinishReason {
    /// The model finished its answer.
    Stop,
    /// The answer hit the output token limit.
    Length,
    /// The provider's safety filter stopped the answer.
    ContentFilter,
    /// The model stopped to call tools: run them and send their results.
    #[serde(rename = "toolCalls")]
    ToolCalls,
    /// Anything else (provider-specific reasons).
    Other,
}

/// The catalogue of failures; see [`crate::errors`] for the messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// 401/403: bad or missing API key.
    Auth,
    /// 404: unknown model or wrong base URL.
    NotFound,
    /// 429: too many requests or quota used up.
    RateLimit,
    /// 5xx: the provider failed or is overloaded.
    Server,
    /// The conversation is longer than the model's context window.
    ContextLength,
    /// The provider refused the request or answer on safety grounds.
    ContentFilter,
    /// The model cannot take images, and the question carried some.
    NoVision,
    /// The model (or the server) cannot use tools, and the request offered some.
    NoTools,
    /// The request was refused as malformed (400/422) for another reason.
    BadRequest,
    /// The server could not be reached at all.
    Network,
    /// The server stopped sending data.
    Timeout,
    /// The stream ended before the provider said it was finished.
    Truncated,
    /// The response was not in the expected format.
    BadResponse,
}
