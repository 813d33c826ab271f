//! Sizing material at the boundary: how much of one text, or of several sharing one window,
//! fits a token budget (the core's `context::fit` and `fit_all`), with UTF-16 lengths added for
//! JavaScript strings.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};

/// How much of `text` fits in `budget` tokens, cut at a clean boundary. `keptBytes` counts
/// UTF-8 bytes; `keptChars` is added for JavaScript strings.
#[wasm_bindgen(js_name = fitText, unchecked_return_type = "Fit & { keptChars: number }")]
pub fn fit_text(text: &str, budget: u32) -> JsValue {
    let fit = gloss_core::context::fit(text, budget);
    to_js(&fitted(text, fit))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Fitted {
    #[serde(flatten)]
    fit: gloss_core::context::Fit,
    kept_chars: usize,
}

fn fitted(text: &str, fit: gloss_core::context::Fit) -> Fitted {
    let kept_chars = text[..fit.kept_bytes].encode_utf16().count();
    Fitted { fit, kept_chars }
}

/// Several sources sharing `budget` tokens (see the core's `fit_all`), each as `fitText` gives it.
#[wasm_bindgen(js_name = fitTexts, unchecked_return_type = "(Fit & { keptChars: number })[]")]
pub fn fit_texts(
    #[wasm_bindgen(unchecked_param_type = "string[]")] texts: JsValue,
    budget: u32,
) -> Result<JsValue, JsError> {
    let texts: Vec<String> = from_js(texts, "texts")?;
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let fits = gloss_core::context::fit_all(&refs, budget);
    let out: Vec<Fitted> = texts.iter().zip(fits).map(|(t, f)| fitted(t, f)).collect();
    Ok(to_js(&out))
}
