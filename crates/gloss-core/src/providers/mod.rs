//! Provider protocols: one file (or folder) per provider behind the `Protocol` trait. Each
//! builds its streaming chat request as a value ([`HttpRequest`], with the helpers in `http.rs`)
//! and decodes its response bytes into [`StreamEvent`]s (`decode.rs`, over the `sse` or `ndjson`
//! framing, reading the JSON through `json.rs`, within the caps in [`crate::limits`]); the caller
//! owns the transport (fetch, abort, timeouts).
//! This file is the dispatch from a [`ProviderKind`] to its protocol and the public entry points.

mod anthropic;
mod base_url;
mod decode;
mod gemini;
pub(crate) mod http;
mod json;
mod llamacpp;
pub use llamacpp::{props_sees, server_props_request};
pub mod ndjson;
mod ollama;
pub mod on_device;
mod openai;
pub mod sse;
mod tool_args;
mod turn;
pub use turn::{assistant_message, AssistantTurn};

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

pub use crate::limits::{Limit, Limits, MAX_ANSWER, MAX_EVENT, MAX_LINE};
use decode::Decode;
pub use decode::StreamDecoder;
pub use http::HttpRequest;

use crate::errors;
use crate::events::StreamEvent;
use crate::spec::{self, ChatSpec, ProviderKind, SpecError};
#[cfg(test)]
use crate::spec::{Message, Role};

/// A model a provider offers, from its model list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelInfo {
    /// The id to put in requests.
    pub id: String,
    /// A friendlier name, when the provider gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Whether the model takes images, when the provider says (Ollama's `/api/show`, read
    /// model by model with [`model_details_request`] and [`model_sees`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vision: Option<bool>,
}

/// One provider's wire protocol.
trait Protocol: Sync {
    /// The streaming chat request (the spec is already validated).
    fn build_request(&self, spec: &ChatSpec) -> HttpRequest;
    fn decoder(&self, limits: Limits) -> Box<dyn Decode>;
    /// The request that lists the provider's models.
    fn models_request(&self, base_url: &str, api_key: Option<&str>) -> HttpRequest;
    /// The models in a model-list response body; None if it is not the expected shape.
    fn parse_models(&self, body: &serde_json::Value) -> Option<Vec<ModelInfo>>;
    /// The request for one model's details, for providers whose list does not say what a
    /// model can do.
    fn model_details_request(
        &self,
        _base_url: &str,
        _api_key: Option<&str>,
        _model: &str,
    ) -> Option<HttpRequest> {
        None
    }
    /// Whether a model-details response says the model takes images; None if it does not say.
    fn model_sees(&self, _details: &serde_json::Value) -> Option<bool> {
        None
    }
    /// Maps a non-2xx response; providers override it for their own special cases.
    fn http_error(&self, status: u16, body: &str, retry_after: Option<&str>) -> StreamEvent {
        errors::http_error(status, body, retry_after)
    }
}

fn protocol(kind: ProviderKind) -> &'static dyn Protocol {
    match kind {
        ProviderKind::OpenAi => &openai::OpenAi,
        ProviderKind::Anthropic => &anthropic::Anthropic,
        ProviderKind::Gemini => &gemini::Gemini,
        ProviderKind::Ollama => &ollama::Ollama,
    }
}

/// Checks `spec` and builds the provider's streaming chat request, to the API root recovered
/// from the base URL as the user pasted it (see `base_url.rs`).
pub fn build_request(spec: &ChatSpec) -> Result<HttpRequest, SpecError> {
    let root = base_url::api_root(spec.provider, &spec.base_url);
    let spec = if root == spec.base_url {
        Cow::Borrowed(spec)
    } else {
        Cow::Owned(ChatSpec {
            base_url: root,
            ..spec.clone()
        })
    };
    spec::validate(&spec)?;
    Ok(protocol(spec.provider).build_request(&spec))
}

/// The URL a chat with these settings will call, for the settings form to show; or what is
/// wrong with them.
pub fn chat_url(kind: ProviderKind, base_url: &str, model: &str) -> Result<String, SpecError> {
    let probe = ChatSpec {
        provider: kind,
        base_url: base_url.to_owned(),
        api_key: None,
        model: model.to_owned(),
        messages: vec![spec::Message::new(spec::Role::User, "")],
        temperature: None,
        max_tokens: None,
        tools: Vec::new(),
    };
    build_request(&probe).map(|request| request.url)
}

/// The request that lists a provider's models.
pub fn models_request(
    kind: ProviderKind,
    base_url: &str,
    api_key: Option<&str>,
) -> Result<HttpRequest, SpecError> {
    let root = base_url::api_root(kind, base_url);
    spec::check_base_url(&root)?;
    Ok(protocol(kind).models_request(&root, http::key(api_key)))
}

/// The models in a model-list response, or the error event to show.
pub fn parse_models(kind: ProviderKind, body: &str) -> Result<Vec<ModelInfo>, StreamEvent> {
    let value: serde_json::Value = serde_json::from_str(body)
        .map_err(|e| errors::bad_response(&format!("the model list is not JSON ({e})")))?;
    let models = protocol(kind)
        .parse_models(&value)
        .ok_or_else(|| errors::bad_response("the model list is not in the expected format"))?;
    // By id, the first of equal ids kept: an unstable sort with the position as tie-break
    // orders them as a stable sort would, without a stable sort's larger code in the WASM.
    let mut keyed: Vec<(usize, ModelInfo)> = models.into_iter().enumerate().collect();
    keyed.sort_unstable_by(|(i, a), (j, b)| a.id.cmp(&b.id).then(i.cmp(j)));
    let mut models: Vec<ModelInfo> = keyed.into_iter().map(|(_, m)| m).collect();
    models.dedup_by(|a, b| a.id == b.id);
    Ok(models)
}

/// The request for one model's details when the provider's list does not say whether the
/// model takes images (Ollama); `None` for providers that have no such request.
pub fn model_details_request(
    kind: ProviderKind,
    base_url: &str,
    api_key: Option<&str>,
    model: &str,
) -> Result<Option<HttpRequest>, SpecError> {
    spec::check_base_url(base_url)?;
    Ok(protocol(kind).model_details_request(base_url, http::key(api_key), model.trim()))
}

/// Whether a model-details response says the model takes images; `None` when it does not say
/// (not JSON, or a server too old to list capabilities).
pub fn model_sees(kind: ProviderKind, body: &str) -> Option<bool> {
    let value: serde_json::Value = serde_json::from_str(body).ok()?;
    protocol(kind).model_sees(&value)
}

/// The error event for a non-2xx response from a provider of this kind.
pub fn http_error(
    kind: ProviderKind,
    status: u16,
    body: &str,
    retry_after: Option<&str>,
) -> StreamEvent {
    if errors::is_address_404(status, body) {
        let (root, adds) = base_url::expected(kind);
        return errors::address_not_found(body, root, adds);
    }
    protocol(kind).http_error(status, body, retry_after)
}

/// Builds specs for the providers' tests.
#[cfg(test)]
pub(crate) fn test_spec(
    kind: ProviderKind,
    base_url: &str,
    key: Option<&str>,
    messages: &[(Role, &str)],
) -> ChatSpec {
    ChatSpec {
        provider: kind,
        base_url: base_url.into(),
        api_key: key.map(Into::into),
        model: "test-model".into(),
        messages: messages
            .iter()
            .map(|&(role, content)| Message::new(role, content))
            .collect(),
        temperature: None,
        max_tokens: None,
        tools: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(base_url: &str) -> ChatSpec {
        test_spec(ProviderKind::OpenAi, base_url, None, &[(Role::User, "hi")])
    }

    #[test]
    fn rejects_bad_base_urls_with_the_field_named() {
        for bad in [
            "",
            "api.openai.com",
            "ftp://x",
            "https://",
            "http:// x",
            "https://x/v1?a=b",
        ] {
            let err = build_request(&spec(bad)).unwrap_err();
            assert_eq!(err.field, "baseUrl", "{bad:?}");
        }
    }

    #[test]
    fn rejects_empty_model() {
        let mut s = spec("https://x");
        s.model = " ".into();
        assert_eq!(build_request(&s).unwrap_err().field, "model");
    }
}
