//! The provider's own words on a failure, made fit to quote: the human message dug out of an
//! error body (JSON of several shapes, plain text, or an HTML page that says nothing useful),
//! trimmed and clipped, and whether it says the conversation is too long, since a vague 400
//! often does.

/// Longest provider detail we quote: error bodies can be whole HTML pages.
const MAX_DETAIL: usize = 300;

/// Pulls the human message out of the usual error body shapes:
/// `{"error":{"message":..}}`, `{"error":".."}`, `{"message":..}`, `{"detail":..}`, or plain
/// text.
pub(super) fn provider_detail(body: &str) -> Option<String> {
    let body = body.trim();
    if body.is_empty() {
        return None;
    }
    let Ok(value) = serde_json::from_str::<serde_json::Value>(body) else {
        // HTML error pages say nothing useful in their first bytes; plain text does.
        return (!body.starts_with('<')).then(|| body.to_owned());
    };
    let found = value
        .pointer("/error/message")
        .or_else(|| value.get("error"))
        .or_else(|| value.get("message"))
        .or_else(|| value.get("detail"));
    match found {
        Some(serde_json::Value::String(s)) => non_empty(s).map(str::to_owned),
        _ => None,
    }
}

/// Whether `text` says the prompt is over the model's context window, in the words providers use.
/// The real bodies these come from (golden copies in `tests/fixtures/*/http_*_context_*`):
/// - OpenAI: `"code":"context_length_exceeded"`, "This model's maximum context length is 4097
///   tokens…" (mckaywrigley/chatbot-ui#102); LM Studio says "…loaded with context length of only
///   32768 tokens" (lmstudio-ai/lmstudio-bug-tracker#546).
/// - llama.cpp's server: `"type":"exceed_context_size_error"`, "request (4390 tokens) exceeds the
///   available context size (4096 tokens), try increasing it" with HTTP 400, and older builds "the
///   request exceeds the available context size. try increasing the context size or enable
///   context shift" with HTTP 500 (ggml-org/llama.cpp#15780, #19774); llama-cpp-python:
///   "Requested tokens (2285) exceed context window of 2048".
/// - Ollama: "the input length exceeds the context length" (ollama/ollama#14186; its /api/chat
///   truncates to `num_ctx` unless told not to, ollama/ollama#4967).
/// - Anthropic: "prompt is too long: 208656 tokens > 200000 maximum", and "input length and
///   `max_tokens` exceed context limit: 199759 + 8192 > 200000" (continuedev/continue#6080).
/// - Gemini: "The input token count (1200293) exceeds the maximum number of tokens allowed
///   (1048576)." with `INVALID_ARGUMENT` (google-gemini/gemini-cli#6678).
pub(super) fn mentions_context_length(text: &str) -> bool {
    let t = text.to_ascii_lowercase();
    [
        "context_length",
        "context length",
        "context_size",
        "context size",
        "context window",
        "context limit",
        "too many tokens",
        "prompt is too long",
        "input token count",
    ]
    .iter()
    .any(|p| t.contains(p))
}

/// Whether `text` says the model cannot take images, in the words servers use for it:
/// - OpenAI, 400 `invalid_request_error`: `Invalid content type. image_url is only supported by
///   certain models.` (roboflow/awesome-openai-vision-api-experiments#11);
/// - OpenRouter, 404: `No endpoints found that support image input`;
/// - llama.cpp without a projector, 500 `server_error`: `image input is not supported - hint: if
///   this is unexpected, you may need to provide the mmproj` (ggml-org/llama.cpp#15377; older
///   builds: `image input is not supported by this server`, #13566);
/// - Gemini, 400 `INVALID_ARGUMENT`: `Image input modality is not enabled for
///   models/gemini-1.5-flash` (googleapis/go-genai#48, google/generative-ai-docs#513);
/// - Ollama, 500 or in the stream: `Failed to create new sequence: failed to process inputs:
///   this model is missing data required for image input` (valentinfrlch/ha-llmvision#691);
/// - Anthropic-compatible gateways such as Bedrock: `This model doesn't support the image
///   content block that you provided.` (boto/boto3#4581); text-only models behind gateways:
///   `This model does not support image input`.
pub(super) fn refuses_images(text: &str) -> bool {
    let t = text.to_ascii_lowercase();
    [
        "image_url is only supported by certain models",
        "support image input",
        "image input is not supported",
        "image input modality is not enabled",
        "missing data required for image input",
        "support the image content block",
    ]
    .iter()
    .any(|p| t.contains(p))
}

/// Whether a provider's message says the model or server cannot use tools, as servers word it:
/// - Ollama: `registry.ollama.ai/library/gemma3:4b does not support tools`;
/// - llama.cpp started without `--jinja`: `tools param requires --jinja flag`;
/// - vLLM without a tool parser: `"auto" tool choice requires --enable-auto-tool-choice and
///   --tool-call-parser to be set`;
/// - OpenRouter: `No endpoints found that support tool use`;
/// - Gemini models without it: `Function calling is not enabled for models/…`;
/// - others: `tool calling is not supported`, `does not support function calling`.
pub(super) fn refuses_tools(text: &str) -> bool {
    let t = text.to_ascii_lowercase();
    [
        "does not support tools",
        "tools param requires",
        "tool choice requires",
        "support tool use",
        "function calling is not enabled",
        "tool calling is not supported",
        "does not support function calling",
        "tools are not supported",
        "tool use is not supported",
    ]
    .iter()
    .any(|p| t.contains(p))
}

/// `s` trimmed, or `None` when nothing is left.
pub(super) fn non_empty(s: &str) -> Option<&str> {
    let s = s.trim();
    (!s.is_empty()).then_some(s)
}

/// At most [`MAX_DETAIL`] characters of `s`, with `…` when some were cut.
pub(super) fn clip(s: &str) -> String {
    match s.char_indices().nth(MAX_DETAIL) {
        Some((cut, _)) => format!("{}…", &s[..cut]),
        None => s.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_usual_body_shape() {
        let cases = [
            (
                r#"{"error":{"message":"no such model"}}"#,
                Some("no such model"),
            ),
            (r#"{"error":"bad key"}"#, Some("bad key")),
            (r#"{"message":"slow down"}"#, Some("slow down")),
            (r#"{"detail":"Not Found"}"#, Some("Not Found")),
            ("  plain words \n", Some("plain words")),
            ("<!doctype html><p>502</p>", None),
            (r#"{"error":{"code":500}}"#, None),
            (r#"{"error":"  "}"#, None),
            ("", None),
        ];
        for (body, want) in cases {
            assert_eq!(provider_detail(body).as_deref(), want, "{body}");
        }
    }

    #[test]
    fn clips_on_characters_not_bytes() {
        assert_eq!(clip("short"), "short");
        let long = "é".repeat(MAX_DETAIL + 1);
        assert_eq!(clip(&long), format!("{}…", "é".repeat(MAX_DETAIL)));
    }

    #[test]
    fn context_length_is_recognised_in_any_case() {
        assert!(mentions_context_length("Prompt is too long: 210000 tokens"));
        assert!(!mentions_context_length("invalid model"));
    }
}
