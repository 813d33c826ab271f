//! The JavaScript boundary of gloss-core. It converts types and nothing else: every decision
//! lives in the core, where `cargo test` reaches it. Names and shapes here are a contract with
//! `extension/background/core.ts` and with outside checks; change them together.

use gloss_core::{errors, providers, ChatSpec, ProviderKind};
use serde::Serialize;
use wasm_bindgen::prelude::*;

mod convert;
mod fit;
mod images;
mod on_device;
mod pages;
mod spec_types;
mod tools;
mod web;
mod youtube;

use convert::{from_js, request_to_js, to_js};

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
export type ProviderKind = 'openai' | 'anthropic' | 'gemini' | 'ollama';
export interface ModelInfo { id: string; name?: string; vision?: boolean }
export interface ChatSpec {
  provider: ProviderKind;
  baseUrl: string;
  apiKey?: string;
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  /** The tools the model may call (names: 1–64 of a-z A-Z 0-9 _ -, each once). */
  tools?: ToolSpec[];
}
/** A tool the model may call; `parameters` is a JSON Schema object. */
export interface ToolSpec { name: string; description?: string; parameters: Record<string, unknown> }
/** A call the model made; `signature` is opaque data the provider needs back exactly. */
export interface ToolCall { id: string; name: string; arguments: Record<string, unknown>; signature?: string }
export interface SpecError { field: string; message: string; key: string }
export interface HttpRequest { url: string; method: string; headers: Record<string, string>; body: string }
export type FinishReason = 'stop' | 'length' | 'content_filter' | 'toolCalls' | 'other';
export type ErrorCode = 'auth' | 'not_found' | 'rate_limit' | 'server' | 'context_length'
  | 'content_filter' | 'no_vision' | 'no_tools' | 'bad_request' | 'network' | 'timeout' | 'truncated' | 'bad_response';
/**
 * What changed in a streamed answer: append `frozen` blocks (final, never touched again), replace
 * the tail with `tail`; with `reset`, drop every held block first. With `tailCode` the tail is an
 * open fenced code block: if `tail` is non-empty it replaces the tail first (its <code> is then
 * empty); then `append` is added to the <code>'s text and its unfinished last line set to `live`.
 * If `tail` is empty the tail is kept. Both fields of `tailCode` are plain text, not HTML.
 * With `tailRows` the tail is an open table or list, the same way: a non-empty `tail` replaces it
 * first (its <tbody>, or its top <ul>/<ol>, is then empty); `append` (HTML rows or items) is added
 * to that container, its elements from the previous `live` are replaced by `live`'s, and what
 * follows the container from the previous `after` by `after`'s (all three are safe HTML).
 */
export interface RenderPatch {
  frozen: string[];
  tail: string;
  reset?: boolean;
  tailCode?: { append: string; live: string };
  tailRows?: { append: string; live: string; after?: string };
}
export interface Attachment { kind: 'selection' | 'page' | 'pdf' | 'transcript'; title: string; url: string; text: string; pages?: number }
/** One PDF page's text runs as PDF.js's `getTextContent()` gives them (fields Gloss reads). */
export interface PdfTextItem { str: string; transform?: number[]; height?: number; hasEOL?: boolean }
/** A PDF's text with page markers; `pageStarts` are UTF-16 offsets of each page's marker. */
export interface PdfText { text: string; pageStarts: number[]; emptyPages: number }
export interface Fit { keptBytes: number; keptTokens: number; totalTokens: number; percent: number }
export type StreamEvent =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'reasoningSignature'; signature: string }
  | { type: 'redactedReasoning'; data: string }
  | ({ type: 'toolCall' } & ToolCall)
  | { type: 'model'; name: string }
  | { type: 'usage'; inputTokens: number; outputTokens: number }
  | { type: 'done'; reason: FinishReason }
  | { type: 'error'; code: ErrorCode; message: string; l10n?: Localized };
/** An error message in parts, to say it in the user's language (see the core's `Localized`). */
export interface Localized { key: string; args?: string[]; status?: number; detail?: string }
"#;

/// A PDF's text from PDF.js's text runs, page by page (`PdfTextItem[][]`), with page markers,
/// paragraphs rejoined and running headers dropped. Offsets are converted to UTF-16. Each page's
/// marker names it with `page_word`, the user's language's word for "page".
#[wasm_bindgen(js_name = pdfText, unchecked_return_type = "PdfText")]
pub fn pdf_text(
    #[wasm_bindgen(unchecked_param_type = "PdfTextItem[][]")] pages: JsValue,
    page_word: &str,
) -> Result<JsValue, JsError> {
    let items: Vec<Vec<gloss_core::material::TextItem>> = from_js(pages, "PDF text items")?;
    let pages: Vec<_> = items
        .into_iter()
        .map(|items| gloss_core::material::PdfPage { items })
        .collect();
    let mut out = gloss_core::material::pdf_text(&pages, page_word);
    // Offsets ascend: count each stretch once (a page at a time from the start was quadratic).
    let text = &out.text;
    let (mut from, mut utf16) = (0, 0);
    out.page_starts = out
        .page_starts
        .iter()
        .map(|&b| {
            utf16 += text[from..b].encode_utf16().count();
            from = b;
            utf16
        })
        .collect();
    Ok(to_js(&out))
}

/// The messages for a question with page material fenced as untrusted and its images as parts.
#[wasm_bindgen(js_name = buildMessages, unchecked_return_type = "ChatMessage[]")]
pub fn build_messages(
    question: &str,
    #[wasm_bindgen(unchecked_param_type = "Attachment[]")] attachments: JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ mediaType: ImageMediaType; data: string }[]")] images: JsValue,
) -> Result<JsValue, JsError> {
    let attachments: Vec<gloss_core::context::Attachment> = from_js(attachments, "attachments")?;
    let images: Vec<gloss_core::spec::Image> = from_js(images, "images")?;
    Ok(to_js(&gloss_core::context::build_messages(
        question,
        &attachments,
        &images,
    )))
}

/// The full, safe render of a finished message.
#[wasm_bindgen(js_name = renderMarkdown)]
pub fn render_markdown(src: &str) -> String {
    gloss_core::render_markdown(src)
}

/// Builds the streaming chat request for `spec`. Throws the `SpecError` (a plain object, not an
/// `Error`) naming the setting to fix, or an `Error` when `spec` is not a `ChatSpec` at all.
#[wasm_bindgen(js_name = buildRequest, unchecked_return_type = "HttpRequest")]
pub fn build_request(
    #[wasm_bindgen(unchecked_param_type = "ChatSpec")] spec: JsValue,
) -> Result<JsValue, JsValue> {
    let spec: ChatSpec = from_js(spec, "request spec")?;
    providers::build_request(&spec)
        .map(|request| request_to_js(&request))
        .map_err(|problem| to_js(&problem))
}

/// Checks the settings a user types: `undefined` when fine, else the `SpecError`.
#[wasm_bindgen(js_name = checkEndpoint, unchecked_return_type = "SpecError | undefined")]
pub fn check_endpoint(base_url: &str, model: &str) -> JsValue {
    match gloss_core::check_endpoint(base_url, model) {
        Ok(()) => JsValue::UNDEFINED,
        Err(e) => to_js(&e),
    }
}

/// The URL a chat with these settings will call (the base URL as pasted, brought to its API
/// root). Throws the `SpecError` naming the setting to fix.
#[wasm_bindgen(js_name = chatUrl)]
pub fn chat_url(
    #[wasm_bindgen(unchecked_param_type = "ProviderKind")] kind: JsValue,
    base_url: &str,
    model: &str,
) -> Result<String, JsValue> {
    let kind: ProviderKind = from_js(kind, "provider kind")?;
    providers::chat_url(kind, base_url, model).map_err(|problem| to_js(&problem))
}

/// The error event for a non-2xx response from a provider of `kind`.
#[allow(
    clippy::needless_pass_by_value,
    reason = "wasm-bindgen can only receive an optional string as Option<String>"
)]
#[wasm_bindgen(js_name = httpError, unchecked_return_type = "StreamEvent")]
pub fn http_error(
    #[wasm_bindgen(unchecked_param_type = "ProviderKind")] kind: JsValue,
    status: u16,
    body: &str,
    retry_after: Option<String>,
) -> Result<JsValue, JsError> {
    let kind: ProviderKind = from_js(kind, "provider kind")?;
    Ok(to_js(&providers::http_error(
        kind,
        status,
        body,
        retry_after.as_deref(),
    )))
}

/// The error event for a request that got no first byte (`started` false) or stalled.
#[wasm_bindgen(js_name = timeoutError, unchecked_return_type = "StreamEvent")]
pub fn timeout_error(seconds: u32, started: bool) -> JsValue {
    to_js(&errors::timeout(seconds, started))
}

/// The request that lists a provider's models. Throws an `Error` for a bad base URL.
#[allow(
    clippy::needless_pass_by_value,
    reason = "wasm-bindgen can only receive an optional string as Option<String>"
)]
#[wasm_bindgen(js_name = modelsRequest, unchecked_return_type = "HttpRequest")]
pub fn models_request(
    #[wasm_bindgen(unchecked_param_type = "ProviderKind")] kind: JsValue,
    base_url: &str,
    api_key: Option<String>,
) -> Result<JsValue, JsError> {
    let kind: ProviderKind = from_js(kind, "provider kind")?;
    let request = providers::models_request(kind, base_url, api_key.as_deref())
        .map_err(|e| JsError::new(&e.message))?;
    Ok(to_js(&request))
}

/// The models in a model-list response body, or the error event to show.
#[wasm_bindgen(js_name = parseModels, unchecked_return_type = "{ models: ModelInfo[] } | { error: StreamEvent }")]
pub fn parse_models(
    #[wasm_bindgen(unchecked_param_type = "ProviderKind")] kind: JsValue,
    body: &str,
) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    #[serde(rename_all = "lowercase")]
    enum Parsed {
        Models(Vec<gloss_core::ModelInfo>),
        Error(gloss_core::StreamEvent),
    }
    let kind: ProviderKind = from_js(kind, "provider kind")?;
    let parsed = match providers::parse_models(kind, body) {
        Ok(models) => Parsed::Models(models),
        Err(event) => Parsed::Error(event),
    };
    Ok(to_js(&parsed))
}

/// The error event for a request that never reached the server.
#[wasm_bindgen(js_name = networkError, unchecked_return_type = "StreamEvent")]
pub fn network_error(url: &str, offline: bool) -> JsValue {
    to_js(&errors::network_error(url, offline))
}

/// Renders an answer as it streams; see `RenderPatch` for what each call returns.
#[wasm_bindgen]
pub struct StreamRenderer(gloss_core::StreamRenderer);

#[wasm_bindgen]
impl StreamRenderer {
    #[wasm_bindgen(constructor)]
    #[allow(
        clippy::new_without_default,
        reason = "a JS class, constructed with `new`"
    )]
    pub fn new() -> StreamRenderer {
        Self(gloss_core::StreamRenderer::new())
    }

    #[wasm_bindgen(unchecked_return_type = "RenderPatch")]
    pub fn push(&mut self, chunk: &str) -> JsValue {
        to_js(&self.0.push(chunk))
    }

    #[wasm_bindgen(unchecked_return_type = "RenderPatch")]
    pub fn finish(&mut self) -> JsValue {
        to_js(&self.0.finish())
    }

    /// Everything shown so far, with `reset`, for a panel that joins mid-answer.
    #[wasm_bindgen(unchecked_return_type = "RenderPatch")]
    pub fn snapshot(&mut self) -> JsValue {
        to_js(&self.0.snapshot())
    }
}

/// Decodes one response body, fed in chunks split anywhere.
#[wasm_bindgen]
pub struct StreamDecoder(gloss_core::StreamDecoder);

#[wasm_bindgen]
impl StreamDecoder {
    /// A decoder for `kind`'s responses; with `tools` (the names offered), a call to any other
    /// ends the answer with an error before anything could run it.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "ProviderKind")] kind: JsValue,
        tools: Option<Vec<String>>,
    ) -> Result<StreamDecoder, JsError> {
        let kind: ProviderKind = from_js(kind, "provider kind")?;
        let decoder = gloss_core::StreamDecoder::new(kind);
        Ok(Self(match tools {
            Some(names) => decoder.offering(names),
            None => decoder,
        }))
    }

    #[wasm_bindgen(unchecked_return_type = "StreamEvent[]")]
    pub fn push(&mut self, bytes: &[u8]) -> JsValue {
        to_js(&self.0.push(bytes))
    }

    #[wasm_bindgen(unchecked_return_type = "StreamEvent[]")]
    pub fn finish(&mut self) -> JsValue {
        to_js(&self.0.finish())
    }

    /// The answer so far as the assistant message to send back with its tool calls' results.
    #[wasm_bindgen(unchecked_return_type = "ChatMessage")]
    pub fn message(&self) -> JsValue {
        to_js(&self.0.message())
    }
}
