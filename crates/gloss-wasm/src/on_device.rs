//! The boundary of the core's on-device conversation (`providers::on_device`): the messages a
//! model the browser runs takes (Chrome's Prompt API, the model inside Gloss).

use gloss_core::providers::on_device;
use gloss_core::spec::Message;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js};

#[wasm_bindgen(typescript_custom_section)]
const ON_DEVICE_TYPES: &str = r#"
/** A turn as the Prompt API takes it; an image part's bytes are base64, for a `Blob`. */
export interface OnDeviceMessage {
  role: 'system' | 'user' | 'assistant';
  content: ({ type: 'text'; value: string } | { type: 'image'; mediaType: ImageMediaType; data: string })[];
}
"#;

/// The conversation for an on-device model: one system turn first, alternating turns, the
/// user's last. Throws the `SpecError` (a plain object) when it cannot be sent: nothing to
/// answer, or images to a model that reads text only (`images` false).
#[wasm_bindgen(js_name = onDeviceMessages, unchecked_return_type = "OnDeviceMessage[]")]
pub fn on_device_messages(
    #[wasm_bindgen(unchecked_param_type = "ChatMessage[]")] messages: JsValue,
    images: bool,
) -> Result<JsValue, JsValue> {
    let messages: Vec<Message> = from_js(messages, "messages")?;
    on_device::on_device_messages(&messages, images)
        .map(|out| to_js(&out))
        .map_err(|problem| to_js(&problem))
}
