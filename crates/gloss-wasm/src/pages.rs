//! A PDF's pages chosen by number, at the boundary: the panel passes the text and the pages the
//! user typed, the core keeps those pages (`material::pdf_pages`) and names them as ranges.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};

#[derive(Serialize)]
struct Chosen {
    text: String,
    /// The pages kept, as a reader writes them ("3–5, 9").
    pages: String,
}

/// The pages of a PDF's text (`pdfText`'s, with page markers) whose numbers are in `pages`, and
/// those pages named ("3–5, 9").
#[wasm_bindgen(js_name = pdfPages, unchecked_return_type = "{ text: string; pages: string }")]
pub fn pdf_pages(
    text: &str,
    #[wasm_bindgen(unchecked_param_type = "number[]")] pages: JsValue,
) -> Result<JsValue, JsError> {
    use gloss_core::material::{page_numbers, page_ranges};
    let pages: Vec<u32> = from_js(pages, "pages")?;
    let text = gloss_core::material::pdf_pages(text, &pages);
    let pages = page_ranges(&page_numbers(&text));
    Ok(to_js(&Chosen { text, pages }))
}
