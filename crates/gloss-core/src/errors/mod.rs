//! The one catalogue of failures and what the user reads for each. Every message says what
//! happened and what to do next; the provider's own words are appended when it gave any, because
//! they are often the most precise hint ("model 'gpt-5o' does not exist").
//!
//! This file holds the catalogue: one constructor per kind of failure and the headline each code
//! shows. Digging those words out of an error body, and clipping them, is `detail.rs`'s job.

mod detail;
mod hints;
#[cfg(test)]
mod tests;
mod tools;

use crate::events::{ErrorCode, Localized, StreamEvent};
use crate::limits::Limit;
use detail::{
    clip, mentions_context_length, non_empty, provider_detail, refuses_images, refuses_tools,
};
pub(crate) use hints::{address_not_found, is_address_404};
pub use tools::{
    tool_call_cut, tool_call_malformed, tool_call_unexpected, tool_call_unreadable, unknown_tool,
};

/// Maps a non-2xx HTTP response to an error event.
///
/// `body` is the response text (possibly empty or HTML); `retry_after` is the raw `Retry-After`
/// header when the server sent one.
pub fn http_error(status: u16, body: &str, retry_after: Option<&str>) -> StreamEvent {
    http_error_as(code_of_status(status, body), status, body, retry_after)
}

/// Like [`http_error`], for a response the provider meant as `code` whatever its status usually
/// means (Gemini refuses a bad key with 400, not 401). The status shown is still the one
/// received, so the user sees what the server sent.
pub fn http_error_as(
    code: ErrorCode,
    status: u16,
    body: &str,
    retry_after: Option<&str>,
) -> StreamEvent {
    let detail = provider_detail(body);
    let secs = retry_after.and_then(|v| v.trim().parse::<u64>().ok());
    match (code, secs) {
        // The catalogue's sentence for the wait names HTTP 429 itself, so it fits no other status.
        (ErrorCode::RateLimit, Some(secs)) if status == 429 => error(
            code,
            &format!("The provider is rate limiting you (HTTP 429). Wait {secs} s, then retry"),
            detail.as_deref(),
            say("errRateLimitWait", [secs.to_string()]),
        ),
        _ => error(
            code,
            &format!("{} (HTTP {status})", headline(code)),
            detail.as_deref(),
            Say {
                status: Some(status),
                ..say(headline_key(code), [])
            },
        ),
    }
}

/// What a status means, with the body's word on a vague 400 or 422. A refusal of images wins
/// over its status: servers send it as 400, 404 (OpenRouter) or 500 (llama.cpp, Ollama).
fn code_of_status(status: u16, body: &str) -> ErrorCode {
    match status {
        400..=599 if status != 429 && refuses_images(body) => ErrorCode::NoVision,
        400..=599 if status != 429 && refuses_tools(body) => ErrorCode::NoTools,
        401 | 403 => ErrorCode::Auth,
        404 => ErrorCode::NotFound,
        408 | 504 => ErrorCode::Timeout,
        413 => ErrorCode::ContextLength,
        429 => ErrorCode::RateLimit,
        // llama.cpp's server answered an over-long prompt with 500 before it used 400.
        400 | 422 | 500 if mentions_context_length(body) => ErrorCode::ContextLength,
        400..=499 => ErrorCode::BadRequest,
        _ => ErrorCode::Server,
    }
}

/// Ollama answers 403 to requests whose `Origin` it does not allow, which by default includes
/// every browser extension.
pub fn ollama_origin_refused() -> StreamEvent {
    error(
        ErrorCode::Network,
        "Ollama refused the request from the browser extension (HTTP 403). Allow extensions by \
         starting Ollama with OLLAMA_ORIGINS set, for example: OLLAMA_ORIGINS=\"chrome-extension://*,moz-extension://*\" \
         ollama serve (on macOS: launchctl setenv OLLAMA_ORIGINS \"chrome-extension://*,moz-extension://*\", then \
         restart Ollama), then retry",
        None,
        say("errOllamaOrigin", []),
    )
}

/// A request that got no first byte, or no data for too long mid-stream.
pub fn timeout(seconds: u32, started: bool) -> StreamEvent {
    let (text, key) = if started {
        (format!("The provider stopped sending data for {seconds} s. Retry, or raise the timeout in Settings"), "errStalled")
    } else {
        (format!("The provider did not answer within {seconds} s. Check that it is running, or raise the timeout in Settings"), "errNoAnswer")
    };
    error(
        ErrorCode::Timeout,
        &text,
        None,
        say(key, [seconds.to_string()]),
    )
}

/// The server could not be reached (DNS, refused connection, TLS, CORS refusal); `offline` is
/// the browser's word that there is no network at all. The browser's own reason ("Failed to
/// fetch") says nothing more, so it is not quoted; what Gloss knows is which server, whether it
/// is on this machine or network, and whether the browser is offline.
pub fn network_error(url: &str, offline: bool) -> StreamEvent {
    let origin = origin_of(url);
    let (text, key) = if hints::is_local(origin) {
        (format!("Could not reach {origin}. Check that the server is running and the base URL in Settings is right"), "errUnreachable")
    } else if offline {
        (format!("You are offline, so Gloss could not reach {origin}. Retry when you are back online"), "errOffline")
    } else {
        (format!("Could not reach {origin}. Check your internet connection; a firewall, VPN or proxy may also be blocking it"), "errUnreachableCloud")
    };
    error(
        ErrorCode::Network,
        &text,
        None,
        say(key, [origin.to_string()]),
    )
}

/// Scheme, host and port of `url`: the server that could not be reached, not the endpoint.
fn origin_of(url: &str) -> &str {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    let end = url[after_scheme..]
        .find('/')
        .map_or(url.len(), |i| after_scheme + i);
    &url[..end]
}

/// An error the provider reported with a machine-readable type inside an otherwise good stream.
pub fn provider_error(kind: &str, message: &str) -> StreamEvent {
    let kind = kind.to_ascii_lowercase();
    let code = if refuses_images(message) {
        ErrorCode::NoVision
    } else if refuses_tools(message) {
        ErrorCode::NoTools
    } else if kind.contains("context_length") || mentions_context_length(message) {
        ErrorCode::ContextLength
    } else if kind.contains("rate_limit") || kind.contains("quota") {
        ErrorCode::RateLimit
    } else if kind.contains("auth") || kind.contains("api_key") || kind.contains("permission") {
        ErrorCode::Auth
    } else if kind.contains("content_filter") || kind.contains("safety") {
        ErrorCode::ContentFilter
    } else if kind.contains("not_found") {
        ErrorCode::NotFound
    } else if kind.contains("invalid_request") {
        ErrorCode::BadRequest
    } else {
        ErrorCode::Server
    };
    error(
        code,
        headline(code),
        non_empty(message),
        say(headline_key(code), []),
    )
}

/// The stream ended before the provider's end marker.
pub fn truncated() -> StreamEvent {
    error(
        ErrorCode::Truncated,
        headline(ErrorCode::Truncated),
        None,
        say(headline_key(ErrorCode::Truncated), []),
    )
}

/// The response could not be understood; `detail` says where.
pub fn bad_response(detail: &str) -> StreamEvent {
    let detail = clip(detail);
    let text = format!("{} ({detail})", headline(ErrorCode::BadResponse));
    error(
        ErrorCode::BadResponse,
        &text,
        None,
        say("errBadResponseDetail", [detail]),
    )
}

/// The response went over one of the caps in `providers/limits.rs` (`max` bytes); what arrived
/// before it is kept, and the decoder reads no further.
pub fn too_large(limit: Limit, max: usize) -> StreamEvent {
    let size = size_of(max);
    let (text, key) = match limit {
        Limit::Line => (format!("The provider sent a line longer than {size}, so Gloss stopped reading. What arrived before it is kept. Check that the base URL points at a chat API, then retry"), "errLineTooLong"),
        Limit::Event => (format!("The provider sent an event larger than {size}, so Gloss stopped reading. What arrived before it is kept. Check that the base URL points at a chat API, then retry"), "errEventTooLarge"),
        Limit::Answer => (format!("The answer grew past {size}, so Gloss stopped reading it. What arrived is kept. Ask for a shorter answer"), "errAnswerTooLong"),
    };
    error(ErrorCode::BadResponse, &text, None, say(key, [size]))
}

/// A cap in the unit that says it best ("4 MB", "64 KB", "100 bytes").
fn size_of(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// What went wrong and what to do, for each code.
pub fn headline(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::Auth => "The provider refused the API key. Check the key in Settings",
        ErrorCode::NotFound => "Not found. Check the base URL and the model name in Settings",
        ErrorCode::RateLimit => "The provider is rate limiting you. Wait a moment, then retry",
        ErrorCode::Server => "The provider had a server error or is overloaded. Retry in a moment",
        ErrorCode::ContextLength => {
            "The question with its quote and the conversation is too long for this model. Shorten \
             it, send only what fits of the quote, start a new chat, or choose a model (or start \
             the local server) with a larger context"
        }
        ErrorCode::ContentFilter => "The provider's content filter stopped this answer",
        ErrorCode::NoVision => {
            "This model can't see images. Choose a vision model, or remove the images and ask again"
        }
        ErrorCode::NoTools => {
            "This model can't use tools. Answer without tools, or choose a model that can use them"
        }
        ErrorCode::BadRequest => "The provider refused the request. Check the model and settings",
        ErrorCode::Network => "Could not reach the provider. Check that it is running",
        ErrorCode::Timeout => "The provider stopped responding. Retry in a moment",
        ErrorCode::Truncated => "The connection ended before the answer was finished. Retry to ask again",
        ErrorCode::BadResponse => {
            "The provider sent a response Gloss could not read. Check that the base URL points at an OpenAI-compatible API"
        }
    }
}

/// The message key (in `_locales`) of each code's headline.
pub fn headline_key(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::Auth => "errAuth",
        ErrorCode::NotFound => "errNotFound",
        ErrorCode::RateLimit => "errRateLimit",
        ErrorCode::Server => "errServer",
        ErrorCode::ContextLength => "errContextLength",
        ErrorCode::ContentFilter => "errContentFilter",
        ErrorCode::NoVision => "errNoVision",
        ErrorCode::NoTools => "errNoTools",
        ErrorCode::BadRequest => "errBadRequest",
        ErrorCode::Network => "errNetwork",
        ErrorCode::Timeout => "errTimeout",
        ErrorCode::Truncated => "errTruncated",
        ErrorCode::BadResponse => "errBadResponse",
    }
}

/// How an error is said in other languages (see [`Localized`]), less its detail.
struct Say {
    key: &'static str,
    args: Vec<String>,
    status: Option<u16>,
}

fn say<const N: usize>(key: &'static str, args: [String; N]) -> Say {
    Say {
        key,
        args: args.into(),
        status: None,
    }
}

fn error(code: ErrorCode, text: &str, detail: Option<&str>, say: Say) -> StreamEvent {
    let detail = detail.map(clip);
    let mut message = text.trim_end_matches('.').to_owned();
    message.push('.');
    if let Some(detail) = &detail {
        message.push_str(" Provider said: ");
        message.push_str(detail);
    }
    let l10n = Localized {
        key: say.key.to_owned(),
        args: say.args,
        status: say.status,
        detail,
    };
    StreamEvent::Error {
        code,
        message,
        l10n: Some(l10n),
    }
}
