//! llama.cpp's server, beyond the OpenAI API it speaks: its own `/props` says whether the model
//! it loaded takes images (a projector loaded beside it), which its `/v1/models` list does not
//! say in a field of OpenAI's. Checked when the user adds an image, so a text-only model is
//! named before the question goes rather than after it fails.

use serde_json::Value;

use super::http::{get, join, json_headers, key, HttpRequest};
use crate::spec::{self, SpecError};

/// `GET {server}/props`: the server's root is the base URL without its `/v1`.
pub fn server_props_request(
    base_url: &str,
    api_key: Option<&str>,
) -> Result<HttpRequest, SpecError> {
    spec::check_base_url(base_url)?;
    let trimmed = base_url.trim().trim_end_matches('/');
    let root = trimmed.strip_suffix("/v1").unwrap_or(trimmed);
    let mut headers = json_headers("application/json");
    if let Some(key) = key(api_key) {
        headers.insert("authorization".to_owned(), format!("Bearer {key}"));
    }
    Ok(get(join(root, "/props"), headers))
}

/// `{"modalities":{"vision":false,"audio":false},…}` as llama.cpp's `/props` answers (2025 and
/// later); `None` when it does not say (an older server, or not JSON).
pub fn props_sees(body: &str) -> Option<bool> {
    let value: Value = serde_json::from_str(body).ok()?;
    value.get("modalities")?.get("vision")?.as_bool()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn props_are_asked_at_the_server_root_with_the_key() {
        let request = server_props_request("http://127.0.0.1:8080/v1/", Some(" k ")).unwrap();
        assert_eq!(request.url, "http://127.0.0.1:8080/props");
        assert_eq!(request.method, "GET");
        assert_eq!(
            request.headers.get("authorization").map(String::as_str),
            Some("Bearer k")
        );
        let bare = server_props_request("http://localhost:8080", None).unwrap();
        assert_eq!(bare.url, "http://localhost:8080/props");
        assert!(!bare.headers.contains_key("authorization"));
        assert!(server_props_request("not a url", None).is_err());
    }

    #[test]
    fn vision_is_read_from_the_modalities() {
        // Trimmed from llama.cpp's `/props` serving SmolLM2-135M (no projector), and with one.
        let text_only =
            r#"{"total_slots":1,"modalities":{"vision":false,"video":false,"audio":false}}"#;
        assert_eq!(props_sees(text_only), Some(false));
        assert_eq!(
            props_sees(r#"{"modalities":{"vision":true,"audio":false}}"#),
            Some(true)
        );
        assert_eq!(props_sees(r#"{"total_slots":1}"#), None);
        assert_eq!(props_sees("<html>"), None);
    }
}
