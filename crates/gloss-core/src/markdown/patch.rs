//! What the streaming renderer sends the panel after each chunk: frozen blocks, the tail, and
//! the fast paths' increments for an open code block or an open table or list.

use serde::{Deserialize, Serialize};

pub use super::code_tail::TailCode;
pub use super::rows_tail::TailRows;

/// What changed since the last call. The consumer appends `frozen` blocks (never touching them
/// again) and replaces its tail with `tail`; with `reset` it first drops every block it holds.
///
/// `tail_code` (optional; absent keeps the meaning above): the tail is an open fenced code
/// block. If `tail` is non-empty it replaces the tail first (its `<code>` element is then
/// empty); then `tail_code.append` is appended to that `<code>` element's text and its
/// unfinished last line is set to `tail_code.live`. If `tail` is empty the tail is kept.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RenderPatch {
    pub frozen: Vec<String>,
    pub tail: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reset: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tail_code: Option<TailCode>,
    /// `tail_rows` (optional, like `tail_code`): the tail is an open table or list. If `tail`
    /// is non-empty it replaces the tail first (its `<tbody>`, or its top `<ul>`/`<ol>`, is
    /// then empty); then `tail_rows.append` is appended to that container and its elements from
    /// the previous `tail_rows.live` are replaced by `live`'s. If `tail` is empty it is kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tail_rows: Option<TailRows>,
}
