//! The TypeScript shape of a message in a `ChatSpec`, beside the other boundary types in
//! `lib.rs`: the core's `spec::Content` (a string, or text and image parts) as JavaScript sees it.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const MESSAGE_TYPES: &str = r#"
export type Role = 'system' | 'user' | 'assistant';
/** The image types every protocol takes; `buildRequest` refuses others with `specImageType`. */
export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
/** A piece of a message: text, or an image as standard base64 (no `data:` prefix). */
export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image'; mediaType: ImageMediaType; data: string };
/** A message: its content is text, or text and images in the order the model reads them. */
export interface ChatMessage { role: Role; content: string | ContentPart[] }
"#;
