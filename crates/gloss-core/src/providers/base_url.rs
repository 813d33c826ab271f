//! Base URLs as people paste them. The core joins each endpoint's path onto an API root
//! (`https://api.openai.com/v1`, `https://api.anthropic.com/v1`, Gemini's `…/v1beta`, Ollama's
//! bare host), but people copy whatever their provider's docs show: a full endpoint
//! (`…/v1/chat/completions`, `…/models/x:streamGenerateContent?alt=sse`), a host without its
//! version path, Ollama's `/api`. Rather than answer those with a 404, the root is recovered
//! here, once, for both the chat request and the model list; the settings form shows the URL
//! that results, so nothing is guessed out of sight.

use crate::spec::ProviderKind;

/// The API root the endpoint paths are joined onto, from a base URL as pasted. Anything that is
/// not an `http(s)://host…` URL comes back trimmed and otherwise as it was, for the URL check to
/// name what is wrong with it.
pub(crate) fn api_root(kind: ProviderKind, base_url: &str) -> String {
    let url = base_url.trim();
    let Some(host_at) = url.find("://").map(|i| i + 3) else {
        return url.to_owned();
    };
    let path_at = url[host_at..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| host_at + i);
    let (origin, rest) = url.split_at(path_at);
    let (path, query) = rest.split_at(rest.find(['?', '#']).unwrap_or(rest.len()));
    let path = path.trim_end_matches('/');
    let root = match kind {
        ProviderKind::Gemini => path.find("/models").map(|i| &path[..i]),
        _ => suffixes(kind).iter().find_map(|s| strip_suffix_ci(path, s)),
    };
    // A pasted endpoint's query (`?alt=sse`, `?key=…`) belongs to that endpoint, not the root;
    // a query on a plain root is left for the URL check to refuse.
    let (path, query) = match root {
        Some(root) => (root.trim_end_matches('/'), ""),
        None => (path, query),
    };
    let path = if path.is_empty() {
        default_path(kind)
    } else {
        path
    };
    format!("{origin}{path}{query}")
}

/// The endpoint paths people paste for each protocol, longest first, so the first match is the
/// whole endpoint.
fn suffixes(kind: ProviderKind) -> &'static [&'static str] {
    match kind {
        ProviderKind::OpenAi => &["/chat/completions", "/completions", "/models"],
        ProviderKind::Anthropic => &["/messages", "/models"],
        // Ollama's native API hangs off the host; its OpenAI-compatible `/v1` is no root for it.
        ProviderKind::Ollama => &[
            "/v1/chat/completions",
            "/api/generate",
            "/api/chat",
            "/api/tags",
            "/api",
            "/v1",
        ],
        ProviderKind::Gemini => &[],
    }
}

/// The version path a bare host needs: the path every official client uses.
fn default_path(kind: ProviderKind) -> &'static str {
    match kind {
        ProviderKind::OpenAi | ProviderKind::Anthropic => "/v1",
        ProviderKind::Gemini => "/v1beta",
        ProviderKind::Ollama => "",
    }
}

/// What a right base URL looks like for `kind`, and the chat path Gloss joins onto it: what a
/// 404 tells the user to aim for.
pub(crate) fn expected(kind: ProviderKind) -> (&'static str, &'static str) {
    match kind {
        ProviderKind::OpenAi => ("https://api.openai.com/v1", "/chat/completions"),
        ProviderKind::Anthropic => ("https://api.anthropic.com/v1", "/messages"),
        ProviderKind::Gemini => (
            "https://generativelanguage.googleapis.com/v1beta",
            "/models/MODEL:streamGenerateContent",
        ),
        ProviderKind::Ollama => ("http://localhost:11434", "/api/chat"),
    }
}

/// `path` without `suffix` (in any case), when it ends with it.
fn strip_suffix_ci<'a>(path: &'a str, suffix: &str) -> Option<&'a str> {
    let cut = path.len().checked_sub(suffix.len())?;
    (path.is_char_boundary(cut) && path[cut..].eq_ignore_ascii_case(suffix)).then(|| &path[..cut])
}

#[cfg(test)]
mod tests {
    use super::super::{build_request, http_error, models_request, test_spec};
    use crate::events::{ErrorCode, StreamEvent};
    use crate::spec::{ProviderKind, Role};

    fn chat_url(kind: ProviderKind, pasted: &str) -> String {
        let spec = test_spec(kind, pasted, Some("k"), &[(Role::User, "hi")]);
        build_request(&spec).unwrap().url
    }

    /// Each row: what a user pastes, and the exact chat request URL it must give.
    fn check(kind: ProviderKind, table: &[(&str, &str)]) {
        for (pasted, want) in table {
            assert_eq!(&chat_url(kind, pasted), want, "{kind:?} {pasted:?}");
        }
    }

    #[test]
    fn openai_endpoints_and_bare_hosts() {
        let want = "https://api.openai.com/v1/chat/completions";
        check(
            ProviderKind::OpenAi,
            &[
                ("https://api.openai.com/v1", want),
                ("https://api.openai.com/v1/", want),
                ("  https://api.openai.com/v1/chat/completions ", want),
                ("https://api.openai.com/v1/chat/completions/", want),
                ("https://api.openai.com/v1/models", want),
                ("https://api.openai.com", want),
                ("https://api.openai.com/", want),
                (
                    "http://127.0.0.1:8080/v1/chat/completions",
                    "http://127.0.0.1:8080/v1/chat/completions",
                ),
                (
                    "https://openrouter.ai/api/v1/chat/completions",
                    "https://openrouter.ai/api/v1/chat/completions",
                ),
                (
                    "https://api.groq.com/openai/v1",
                    "https://api.groq.com/openai/v1/chat/completions",
                ),
            ],
        );
    }

    #[test]
    fn anthropic_without_v1_or_with_the_endpoint() {
        let want = "https://api.anthropic.com/v1/messages";
        check(
            ProviderKind::Anthropic,
            &[
                ("https://api.anthropic.com", want),
                ("https://api.anthropic.com/", want),
                ("https://api.anthropic.com/v1", want),
                ("https://api.anthropic.com/v1/messages", want),
                ("https://api.anthropic.com/v1/models", want),
            ],
        );
    }

    #[test]
    fn gemini_host_or_a_pasted_generate_content_url() {
        let want = "https://generativelanguage.googleapis.com/v1beta/models/test-model:streamGenerateContent?alt=sse";
        let host = "https://generativelanguage.googleapis.com";
        check(
            ProviderKind::Gemini,
            &[
                (host, want),
                (&format!("{host}/"), want),
                (&format!("{host}/v1beta"), want),
                (&format!("{host}/v1beta/models"), want),
                (
                    &format!("{host}/v1beta/models/gemini-2.0-flash:generateContent"),
                    want,
                ),
                (
                    &format!("{host}/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse"),
                    want,
                ),
                (
                    &format!("{host}/v1beta/models/gemini-2.0-flash:generateContent?key=AIza"),
                    want,
                ),
            ],
        );
    }

    #[test]
    fn ollama_with_api_or_its_endpoints() {
        let want = "http://localhost:11434/api/chat";
        check(
            ProviderKind::Ollama,
            &[
                ("http://localhost:11434", want),
                ("http://localhost:11434/", want),
                ("http://localhost:11434/api", want),
                ("http://localhost:11434/api/", want),
                ("http://localhost:11434/api/chat", want),
                ("http://localhost:11434/api/generate", want),
                ("http://localhost:11434/api/tags", want),
                ("http://localhost:11434/v1", want),
                ("http://localhost:11434/v1/chat/completions", want),
            ],
        );
    }

    #[test]
    fn the_model_list_uses_the_same_root() {
        let cases = [
            (
                ProviderKind::OpenAi,
                "https://api.openai.com/v1/chat/completions",
                "https://api.openai.com/v1/models",
            ),
            (
                ProviderKind::Anthropic,
                "https://api.anthropic.com",
                "https://api.anthropic.com/v1/models?limit=1000",
            ),
            (
                ProviderKind::Gemini,
                "https://generativelanguage.googleapis.com/v1beta/models/g:generateContent",
                "https://generativelanguage.googleapis.com/v1beta/models?pageSize=1000",
            ),
            (
                ProviderKind::Ollama,
                "http://localhost:11434/api",
                "http://localhost:11434/api/tags",
            ),
        ];
        for (kind, pasted, want) in cases {
            assert_eq!(models_request(kind, pasted, None).unwrap().url, want);
        }
    }

    #[test]
    fn a_404_says_which_part_of_the_url_to_change_unless_it_names_the_model() {
        let StreamEvent::Error { code, message, .. } =
            http_error(ProviderKind::OpenAi, 404, "<html>Cannot POST</html>", None)
        else {
            panic!("not an error")
        };
        assert_eq!(code, ErrorCode::NotFound);
        assert_eq!(
            message,
            "Nothing was found at that address. The base URL should be the API root, like \
             https://api.openai.com/v1; Gloss adds /chat/completions itself. Change the path after \
             the host in Settings (HTTP 404)."
        );
        // Ollama's answer for a model that is not pulled: the model, not the address.
        let body = r#"{"error":"model \"llama9\" not found, try pulling it first"}"#;
        let StreamEvent::Error { message, .. } = http_error(ProviderKind::Ollama, 404, body, None)
        else {
            panic!("not an error")
        };
        assert!(message.starts_with("Not found. Check the base URL and the model name"));
    }

    #[test]
    fn a_query_on_a_plain_root_is_still_refused() {
        let spec = test_spec(
            ProviderKind::OpenAi,
            "https://x/v1?a=b",
            None,
            &[(Role::User, "q")],
        );
        assert_eq!(build_request(&spec).unwrap_err().field, "baseUrl");
    }
}
