//! Context assembly: what a question about the page sends to the model, and how much of it.
//! `budget.rs` sizes page material to a token budget (so the panel can show what fits before
//! sending); `messages.rs` fences that material as untrusted and puts the messages together.

mod budget;
mod messages;

pub use budget::{estimate_tokens, fit, Fit};
pub use messages::{build_messages, Attachment, AttachmentKind, SYSTEM_INSTRUCTION};
