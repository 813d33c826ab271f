//! Gloss's pure core: everything that can be decided without touching the network, the DOM or
//! storage. The extension's service worker owns I/O and calls in here through `gloss-wasm`:
//!
//! - [`markdown`] renders a finished answer to safe HTML.
//! - [`spec`] is what the worker asks for (provider, endpoint, model, conversation) and the
//!   checks on the settings a user types.
//! - [`providers`] builds a provider's HTTP request as a value and decodes its response bytes
//!   into [`events::StreamEvent`]s, whatever way the network splits them.
//! - [`context`] sizes page material to a budget and fences it as untrusted in the prompt.
//! - [`material`] turns what the panel extracts from a PDF into text with its pages.
//! - [`errors`] is the one catalogue of failures and the words the user sees for them.
//! - [`limits`] caps how much of a response is held; the decoders stop at them and the
//!   catalogue names them, so both depend on it and neither on the other.
//! - [`web`] builds a web search engine's request and reads its results page or JSON.
//! - `percent` percent-encodes and decodes query values for `material` and `web`.

pub mod context;
pub mod errors;
pub mod events;
pub mod limits;
pub mod markdown;
pub mod material;
mod percent;
pub mod providers;
pub mod spec;
pub mod web;

pub use events::{ErrorCode, FinishReason, Localized, StreamEvent};
pub use markdown::{render_markdown, RenderPatch, StreamRenderer, TailCode, TailRows};
pub use providers::{
    build_request, http_error, model_details_request, model_sees, models_request, parse_models,
    HttpRequest, Limit, Limits, ModelInfo, StreamDecoder, MAX_ANSWER, MAX_EVENT, MAX_LINE,
};
pub use spec::{check_base_url, check_endpoint, ChatSpec, ProviderKind, SpecError};
