//! Context assembly: what a question about the page sends to the model, and how much of it.
//! `budget.rs` sizes page material to a token budget (so the panel can show what fits before
//! sending); `images.rs` prices images in the same tokens; `room.rs` works out the room a
//! question leaves for material; `messages.rs` fences that material as untrusted and puts the
//! messages together.

mod budget;
mod images;
mod messages;
mod room;
mod tool_result;

pub use budget::{estimate_tokens, fit, fit_all, Fit};
pub use images::{content_tokens, image_tokens, tokens_for_size, MAX_SIDE, OLLAMA_IMAGE_TOKENS};
pub use messages::{build_messages, Attachment, AttachmentKind, SYSTEM_INSTRUCTION};
pub use room::{material_room, ImageSize, Question, MIN_ROOM, RESERVE_TOKENS};
pub use tool_result::{tool_result_text, TOOLS_INSTRUCTION};
