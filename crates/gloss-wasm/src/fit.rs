//! Sizing material at the boundary: the room a question leaves for it (the core's
//! `context::material_room`), and how much of one text, or of several sharing that room, fits
//! (`context::fit` and `fit_all`), with UTF-16 lengths added for JavaScript strings.

use gloss_core::context::{ImageSize, Question};
use gloss_core::ProviderKind;
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

/// The tokens a question leaves for page material (see the core's `material_room`): a window of
/// `contextTokens` less the reserve, the images priced by `kind`'s rule, and the typed words.
/// `imageSides` holds each image's width and height in turn; a slice of numbers crosses without
/// the JSON round trip, whose decoder for one more type cost ~0.9 KB gzipped.
#[wasm_bindgen(js_name = materialRoom)]
pub fn material_room(
    #[wasm_bindgen(unchecked_param_type = "ProviderKind")] kind: JsValue,
    context_tokens: u32,
    image_sides: &[u32],
    question: &str,
) -> Result<u32, JsError> {
    let kind: ProviderKind = from_js(kind, "provider kind")?;
    let images: Vec<ImageSize> = image_sides
        .chunks_exact(2)
        .map(|s| ImageSize {
            width: s[0],
            height: s[1],
        })
        .collect();
    Ok(gloss_core::context::material_room(&Question {
        kind,
        context_tokens,
        images: &images,
        text: question,
    }))
}
