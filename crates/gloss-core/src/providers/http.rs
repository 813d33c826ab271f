//! Requests as values. The core does no I/O, so a provider's request is plain data (url, method,
//! headers, body) that the worker hands to `fetch`; the helpers are the pieces every provider
//! builds its requests from, so URLs, keys and JSON headers are treated alike everywhere.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// An HTTP request as plain data, for the worker to hand to `fetch`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HttpRequest {
    pub url: String,
    pub method: String,
    pub headers: BTreeMap<String, String>,
    pub body: String,
}

/// `base` without trailing slashes, then `path`.
pub(super) fn join(base: &str, path: &str) -> String {
    format!("{}{}", base.trim().trim_end_matches('/'), path)
}

/// The key, trimmed, if there is one.
pub(super) fn key(spec_key: Option<&str>) -> Option<&str> {
    spec_key.map(str::trim).filter(|k| !k.is_empty())
}

/// Headers every JSON request carries.
pub(super) fn json_headers(accept: &str) -> BTreeMap<String, String> {
    BTreeMap::from([
        ("accept".to_owned(), accept.to_owned()),
        ("content-type".to_owned(), "application/json".to_owned()),
    ])
}

/// The sampling settings the user set, under the provider's names, as one JSON object; `None`
/// when none is set, so the provider's defaults apply.
pub(super) fn sampling(
    (temperature_name, temperature): (&str, Option<f64>),
    (max_tokens_name, max_tokens): (&str, Option<u32>),
) -> Option<serde_json::Value> {
    let mut fields = serde_json::Map::new();
    if let Some(t) = temperature {
        fields.insert(temperature_name.to_owned(), serde_json::json!(t));
    }
    if let Some(n) = max_tokens {
        fields.insert(max_tokens_name.to_owned(), serde_json::json!(n));
    }
    (!fields.is_empty()).then_some(serde_json::Value::Object(fields))
}

/// A POST request with a JSON body.
pub(crate) fn post(
    url: String,
    headers: BTreeMap<String, String>,
    body: &serde_json::Value,
) -> HttpRequest {
    HttpRequest {
        url,
        method: "POST".to_owned(),
        headers,
        body: body.to_string(),
    }
}

/// A GET request with the given headers.
pub(crate) fn get(url: String, headers: BTreeMap<String, String>) -> HttpRequest {
    HttpRequest {
        url,
        method: "GET".to_owned(),
        headers,
        body: String::new(),
    }
}
