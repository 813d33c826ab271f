//! What images cost in the context window, for the worker's budget (the rules are the core's
//! `context/images.rs`).

use gloss_core::spec::Content;
use gloss_core::ProviderKind;
use wasm_bindgen::prelude::*;

use crate::from_js;

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
