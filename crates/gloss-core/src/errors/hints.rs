//! Failures whose message depends on what Gloss knows about the request, not only on the
//! response: which part of the base URL to change after a 404. Kept apart from the catalogue's
//! one-line constructors because each carries its own wording per protocol.

use super::detail::provider_detail;
use super::{error, Say};
use crate::events::{ErrorCode, StreamEvent};

/// Whether a 404 is about the address rather than the model: the provider's words, when it
/// gave any, do not name a model (Ollama's "model \"x\" not found", OpenAI's "The model `x`
/// does not exist", Gemini's "models/x is not found").
pub(crate) fn is_address_404(status: u16, body: &str) -> bool {
    status == 404
        && !provider_detail(body).is_some_and(|d| d.to_ascii_lowercase().contains("model"))
}

/// Nothing at the address called: the base URL's path is wrong. `root` is the shape of a right
/// one for this protocol, `adds` the path Gloss puts after it.
pub(crate) fn address_not_found(body: &str, root: &str, adds: &str) -> StreamEvent {
    let detail = provider_detail(body);
    error(
        ErrorCode::NotFound,
        &format!(
            "Nothing was found at that address. The base URL should be the API root, like {root}; \
             Gloss adds {adds} itself. Change the path after the host in Settings (HTTP 404)"
        ),
        detail.as_deref(),
        Say {
            key: "errNotFoundUrl",
            args: vec![root.to_owned(), adds.to_owned()],
            status: Some(404),
        },
    )
}
