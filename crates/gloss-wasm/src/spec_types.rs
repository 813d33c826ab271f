//! The TypeScript shape of a message in a `ChatSpec`, beside the other boundary types in
//! `lib.rs`: the core's `spec::Content` (a string, or text and image parts) as JavaScript sees it.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const MESSAGE_TYPES: &str = r#"
export type Role = 'system' | 'user' | 'assistant' | 'tool';
/** The image types every protocol takes; `buildRequest` refuses others with `specImageType`. */
export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
/** A piece of a message: text, or an image as standard base64 (no `data:` prefix). */
export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image'; mediaType: ImageMediaType; data: string }
  | ({ type: 'toolCall' } & ToolCall)
  | { type: 'reasoning'; text?: string; signature?: string; redacted?: string };
/**
 * A message: its content is text, or parts in the order the model reads them (an assistant's
 * may hold its tool calls and signed reasoning). A `tool` message is the result of the call
 * `toolCallId` to the tool `name`; `isError` marks a failure.
 */
export interface ChatMessage {
  role: Role;
  content: string | ContentPart[];
  toolCallId?: string;
  name?: string;
  isError?: boolean;
}
"#;
