//! Anthropic's Messages API with `stream: true`.
//! Reference: <https://docs.anthropic.com/en/api/messages-streaming>.
//!
//! This file is what Gloss sends (the chat request with its tools, the model list request);
//! `turns.rs` writes the conversation as Anthropic's content blocks, and `stream.rs` reads the
//! streamed answer.

mod stream;
mod turns;

use serde_json::{json, Value};

use super::decode::{Decode, SseStream};
use super::http::{get, join, json_headers, key, post, HttpRequest};
use super::{Limits, ModelInfo, Protocol};
use crate::spec::{ChatSpec, Role, ToolSpec};

const VERSION: &str = "2023-06-01";
/// Anthropic requires `max_tokens`; this is the answer budget when the user set none.
const DEFAULT_MAX_TOKENS: u32 = 4096;

pub(super) struct Anthropic;

impl Protocol for Anthropic {
    fn build_request(&self, spec: &ChatSpec) -> HttpRequest {
        let system: Vec<String> = spec
            .messages
            .iter()
            .filter(|m| m.role == Role::System)
            .map(|m| m.content.text())
            .collect();
        let mut body = json!({
            "model": spec.model.trim(),
            "max_tokens": spec.max_tokens.unwrap_or(DEFAULT_MAX_TOKENS),
            "stream": true,
        });
        // Assigned, not written inside `json!`, which copies every value it is given anew.
        body["messages"] = Value::Array(turns::turns(spec));
        if !system.is_empty() {
            body["system"] = json!(system.join("\n\n"));
        }
        if let Some(t) = spec.temperature {
            body["temperature"] = json!(t);
        }
        if !spec.tools.is_empty() {
            body["tools"] = spec.tools.iter().map(tool).collect();
        }
        post(
            join(&spec.base_url, "/messages"),
            headers(key(spec.api_key.as_deref()), "text/event-stream"),
            &body,
        )
    }

    fn decoder(&self, limits: Limits) -> Box<dyn Decode> {
        SseStream::<stream::AnthropicDecoder>::boxed(limits)
    }

    fn models_request(&self, base_url: &str, api_key: Option<&str>) -> HttpRequest {
        get(
            join(base_url, "/models?limit=1000"),
            headers(api_key, "application/json"),
        )
    }

    /// `{"data":[{"type":"model","id":"claude-…","display_name":"Claude …"}],"has_more":false}`
    fn parse_models(&self, body: &Value) -> Option<Vec<ModelInfo>> {
        let data = body.get("data")?.as_array()?;
        Some(
            data.iter()
                .filter_map(|m| {
                    let id = m.get("id")?.as_str()?.to_owned();
                    let name = m
                        .get("display_name")
                        .and_then(Value::as_str)
                        .map(str::to_owned);
                    Some(ModelInfo {
                        id,
                        name,
                        vision: None,
                    })
                })
                .collect(),
        )
    }
}

fn headers(api_key: Option<&str>, accept: &str) -> std::collections::BTreeMap<String, String> {
    let mut headers = json_headers(accept);
    headers.insert("anthropic-version".to_owned(), VERSION.to_owned());
    // Anthropic refuses requests that carry a browser Origin unless the caller says it means
    // to: the key is the user's own, kept in the extension, so it does.
    headers.insert(
        "anthropic-dangerous-direct-browser-access".to_owned(),
        "true".to_owned(),
    );
    if let Some(key) = api_key {
        headers.insert("x-api-key".to_owned(), key.to_owned());
    }
    headers
}

/// A tool as Anthropic declares one: its parameters' JSON Schema goes as it is in
/// `input_schema` (<https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use>);
/// the description is optional there, so an empty one is left out.
fn tool(tool: &ToolSpec) -> Value {
    let mut out = json!({ "name": tool.name });
    out["input_schema"] = tool.parameters.clone();
    if !tool.description.is_empty() {
        out["description"] = json!(tool.description);
    }
    out
}

#[cfg(test)]
mod tests;
