//! Values across the boundary go as JSON text: `JSON.stringify` / `serde_json` in, `serde_json`
//! / `JSON.parse` out. JavaScript sees the same plain objects and numbers the TypeScript types
//! promise; the WASM carries one serde format instead of two (serde-wasm-bindgen's walk of JS
//! objects, field by field, was instantiated for every type beside `serde_json`'s and cost ~5 KB
//! gzipped), and a patch or an event list crosses in one call instead of one per field.
//! JSON has no NaN or Infinity: no output carries a float, and such an input number reads as
//! `null` (a temperature left unset).

use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Reads a JS value as `T`; `what` names it in the `Error` thrown when it is not one.
#[allow(
    clippy::needless_pass_by_value,
    reason = "callers hand over the JsValue wasm-bindgen gave them by value"
)]
pub fn from_js<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    // `undefined` and functions have no JSON text: `stringify` returns `undefined` for them.
    let json = js_sys::JSON::stringify(&value)
        .ok()
        .and_then(|json| json.as_string())
        .ok_or_else(|| JsError::new(&format!("invalid {what}: not a JSON value")))?;
    serde_json::from_str(&json).map_err(|e| JsError::new(&format!("invalid {what}: {e}")))
}

/// Plain objects (not `Map`s) and plain numbers, as the TypeScript types promise.
pub fn to_js<T: Serialize>(value: &T) -> JsValue {
    serde_json::to_string(value)
        .ok()
        .and_then(|json| js_sys::JSON::parse(&json).ok())
        .unwrap_or(JsValue::NULL)
}

/// A request for `fetch`, its body handed over as a string: through `to_js` the body (the whole
/// conversation) would be escaped into JSON text and parsed back, for every request a chat makes.
pub fn request_to_js(request: &gloss_core::providers::HttpRequest) -> JsValue {
    #[derive(Serialize)]
    struct Head<'a> {
        url: &'a str,
        method: &'a str,
        headers: &'a std::collections::BTreeMap<String, String>,
    }
    let head = to_js(&Head {
        url: &request.url,
        method: &request.method,
        headers: &request.headers,
    });
    // Setting a field of the plain object `to_js` made cannot fail.
    let _ = js_sys::Reflect::set(&head, &"body".into(), &JsValue::from_str(&request.body));
    head
}
