//! Images at the boundary: what they cost in the context window (the rules are the core's
//! `context/images.rs`), and which models can see them where the provider says.

use gloss_core::spec::Content;
use gloss_core::{providers, ProviderKind};
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js};

/// Estimated tokens of a message's content with a provider of `kind`: its text plus its images,
/// each priced by that provider's rule.
#[wasm_bindgen(js_name = contentTokens)]
pub fn content_tokens(
    #[wasm_bindgen(unchecked_param_type = "ProviderKind")] kind: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | ContentPart[]")] content: JsValue,
) -> Result<u32, JsError> {
    let kind: ProviderKind = from_js(kind, "provider kind")?;
    let content: Content = from_js(content, "message content")?;
    Ok(gloss_core::context::content_tokens(kind, &content))
}

/// Estimated tokens of one image of `width × height` pixels with a provider of `kind`, for
/// images the worker knows by their size only (the composer's, before they are sent).
#[wasm_bindgen(js_name = imageTokens)]
pub fn image_tokens(
    #[wasm_bindgen(unchecked_param_type = "ProviderKind")] kind: JsValue,
    width: u32,
    height: u32,
) -> Result<u32, JsError> {
    let kind: ProviderKind = from_js(kind, "provider kind")?;
    Ok(gloss_core::context::tokens_for_size(kind, (width, height)))
}

/// The request for one model's details where the provider's list does not say whether it sees
/// (Ollama's `/api/show`); `undefined` for other providers. Throws an `Error` for a bad base URL.
#[allow(
    clippy::needless_pass_by_value,
    reason = "wasm-bindgen can only receive an optional string as Option<String>"
)]
#[wasm_bindgen(js_name = modelDetailsRequest, unchecked_return_type = "HttpRequest | undefined")]
pub fn model_details_request(
    #[wasm_bindgen(unchecked_param_type = "ProviderKind")] kind: JsValue,
    base_url: &str,
    api_key: Option<String>,
    model: &str,
) -> Result<JsValue, JsError> {
    let kind: ProviderKind = from_js(kind, "provider kind")?;
    let request = providers::model_details_request(kind, base_url, api_key.as_deref(), model)
        .map_err(|e| JsError::new(&e.message))?;
    Ok(request.map_or(JsValue::UNDEFINED, |r| to_js(&r)))
}

/// Whether a model-details response says the model takes images; `undefined` if it does not say.
#[wasm_bindgen(js_name = modelSees)]
pub fn model_sees(
    #[wasm_bindgen(unchecked_param_type = "ProviderKind")] kind: JsValue,
    body: &str,
) -> Result<Option<bool>, JsError> {
    let kind: ProviderKind = from_js(kind, "provider kind")?;
    Ok(providers::model_sees(kind, body))
}

/// The core's limits on images, for the extension's copies of them (a unit test compares).
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ImageLimits {
    media_types: [&'static str; 4],
    max_base64: usize,
    max_side: u32,
}

#[wasm_bindgen(
    js_name = imageLimits,
    unchecked_return_type = "{ mediaTypes: ImageMediaType[]; maxBase64: number; maxSide: number }"
)]
pub fn image_limits() -> JsValue {
    to_js(&ImageLimits {
        media_types: gloss_core::spec::image::MEDIA_TYPES,
        max_base64: gloss_core::spec::image::MAX_IMAGE_BASE64,
        max_side: gloss_core::context::MAX_SIDE,
    })
}

/// llama.cpp's `/props` request (whether its model sees is there, not in its model list).
#[allow(
    clippy::needless_pass_by_value,
    reason = "wasm-bindgen can only receive an optional string as Option<String>"
)]
#[wasm_bindgen(js_name = serverPropsRequest, unchecked_return_type = "HttpRequest")]
pub fn server_props_request(base_url: &str, api_key: Option<String>) -> Result<JsValue, JsError> {
    let request = providers::server_props_request(base_url, api_key.as_deref())
        .map_err(|e| JsError::new(&e.message))?;
    Ok(to_js(&request))
}

/// Whether llama.cpp's `/props` says its model takes images; `undefined` if it does not say.
#[wasm_bindgen(js_name = propsSees)]
#[must_use]
pub fn props_sees(body: &str) -> Option<bool> {
    providers::props_sees(body)
}
