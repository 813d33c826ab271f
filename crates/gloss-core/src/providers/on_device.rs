//! Models the browser runs rather than a server: Chrome's built-in model (its Prompt API) and
//! the model that runs inside Gloss. Nothing goes over HTTP, so there is no request to build and
//! no bytes to decode (the caller passes the text the model streams on as `text` events), but
//! the conversation still takes a shape of its own, made here:
//!
//! - one system message, first (the Prompt API takes a system prompt only at the start of a
//!   session's `initialPrompts`; chat templates put it there too);
//! - then user and assistant turns, each role's consecutive messages joined into one turn;
//! - the last turn the user's, which is what the model answers.
//!
//! A tool result (no tools are offered to these models, but a conversation may hold one from
//! an earlier provider) is read as the user's text; calls and reasoning are left out.

use serde::Serialize;

use crate::spec::{Image, Message, PartRef, Role, SpecError};

/// The roles such a model knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OnDeviceRole {
    System,
    User,
    Assistant,
}

/// One piece of a turn, in the Prompt API's shape (`{ type, value }`); an image keeps its
/// bytes as base64 for the caller to turn into the `Blob` the browser takes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum OnDevicePart {
    Text { value: String },
    Image(Image),
}

/// One turn of the conversation as an on-device model takes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OnDeviceMessage {
    pub role: OnDeviceRole,
    pub content: Vec<OnDevicePart>,
}

/// The conversation for an on-device model. `images`: whether it reads images; when it does
/// not and the conversation has one, nothing is sent and the error says why.
pub fn on_device_messages(
    messages: &[Message],
    images: bool,
) -> Result<Vec<OnDeviceMessage>, SpecError> {
    let mut system: Vec<String> = Vec::new();
    let mut turns: Vec<OnDeviceMessage> = Vec::new();
    for message in messages {
        let role = match message.role {
            Role::System => {
                system.extend(texts(message));
                continue;
            }
            Role::Assistant => OnDeviceRole::Assistant,
            Role::User | Role::Tool => OnDeviceRole::User,
        };
        let parts = parts(message, images)?;
        if parts.is_empty() {
            continue;
        }
        match turns.last_mut() {
            Some(last) if last.role == role => last.content.extend(parts),
            _ => turns.push(OnDeviceMessage {
                role,
                content: parts,
            }),
        }
    }
    if turns.last().map(|t| t.role) != Some(OnDeviceRole::User) {
        return Err(SpecError::new(
            "messages",
            "specNothingToSend",
            "There is nothing to send.",
        ));
    }
    let system = system.join("\n\n");
    if !system.is_empty() {
        let content = vec![OnDevicePart::Text { value: system }];
        turns.insert(
            0,
            OnDeviceMessage {
                role: OnDeviceRole::System,
                content,
            },
        );
    }
    Ok(turns)
}

/// The text a message holds, part by part.
fn texts(message: &Message) -> Vec<String> {
    message
        .content
        .parts()
        .into_iter()
        .filter_map(|p| match p {
            PartRef::Text(text) if !text.trim().is_empty() => Some(text.to_owned()),
            _ => None,
        })
        .collect()
}

fn parts(message: &Message, images: bool) -> Result<Vec<OnDevicePart>, SpecError> {
    let mut out = Vec::new();
    for part in message.content.parts() {
        match part {
            PartRef::Text(text) if text.trim().is_empty() => {}
            PartRef::Text(text) => out.push(OnDevicePart::Text {
                value: tool_text(message, text),
            }),
            PartRef::Image(_) if !images => return Err(text_only()),
            PartRef::Image(image) => out.push(OnDevicePart::Image(image.clone())),
            PartRef::ToolCall(_) | PartRef::Reasoning(_) => {}
        }
    }
    Ok(out)
}

/// A tool result says whose it is, since it reaches the model as the user's words.
fn tool_text(message: &Message, text: &str) -> String {
    match (&message.role, &message.name) {
        (Role::Tool, Some(name)) => format!("Result of the tool {name}:\n{text}"),
        _ => text.to_owned(),
    }
}

fn text_only() -> SpecError {
    SpecError::new(
        "messages",
        "specOnDeviceTextOnly",
        "This model reads text only. Remove the images, or ask a model that can see them.",
    )
}

#[cfg(test)]
#[path = "on_device_tests.rs"]
mod tests;
