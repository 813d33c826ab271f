//! What a message says: plain text (most messages), or parts of text and images for a question
//! that shows the model something. The JSON shape is the spec's (`"content": "…"` or
//! `"content": [{ "type": "text", "text" }, { "type": "image", "mediaType", "data" }]`); each
//! protocol turns the parts into its own wire format, and `image.rs` checks the images.

use serde::{Deserialize, Serialize};

use super::tools::{Reasoning, ToolCall};

/// A message's content: a string, or an ordered list of parts. Read by hand (`content_de.rs`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Content {
    /// Text only, as every message was before images.
    Text(String),
    /// Text and images in the order the model should read them.
    Parts(Vec<Part>),
}

/// One piece of a message. Read by hand (`content_de.rs`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Part {
    Text {
        text: String,
    },
    Image(Image),
    /// A call the model made (assistant messages only).
    #[serde(rename = "toolCall")]
    ToolCall(ToolCall),
    /// Reasoning the provider wants back with the turn (assistant messages only).
    Reasoning(Reasoning),
}

/// An image, inline: its media type (`image/png`, `image/jpeg`, `image/webp` or `image/gif`)
/// and its bytes as standard base64 (no `data:` prefix).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Image {
    pub media_type: String,
    pub data: String,
}

impl Image {
    /// The image as a `data:` URL, the form OpenAI-compatible servers take.
    pub fn data_url(&self) -> String {
        format!("data:{};base64,{}", self.media_type, self.data)
    }
}

/// A part seen through either form of [`Content`], so protocols handle one shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartRef<'a> {
    Text(&'a str),
    Image(&'a Image),
    ToolCall(&'a ToolCall),
    Reasoning(&'a Reasoning),
}

impl Content {
    /// The text and image parts in order (what a person wrote or was shown); a text message is
    /// one text part. Tool calls and reasoning are left out: see [`Content::all_parts`].
    pub fn parts(&self) -> Vec<PartRef<'_>> {
        self.all_parts()
            .into_iter()
            .filter(|p| matches!(p, PartRef::Text(_) | PartRef::Image(_)))
            .collect()
    }

    /// Every part in order, tool calls and reasoning included.
    pub fn all_parts(&self) -> Vec<PartRef<'_>> {
        match self {
            Content::Text(text) => vec![PartRef::Text(text)],
            Content::Parts(parts) => parts
                .iter()
                .map(|p| match p {
                    Part::Text { text } => PartRef::Text(text),
                    Part::Image(image) => PartRef::Image(image),
                    Part::ToolCall(call) => PartRef::ToolCall(call),
                    Part::Reasoning(reasoning) => PartRef::Reasoning(reasoning),
                })
                .collect(),
        }
    }

    /// The tool calls, in order.
    pub fn tool_calls(&self) -> impl Iterator<Item = &ToolCall> {
        self.as_parts().iter().filter_map(|p| match p {
            Part::ToolCall(call) => Some(call),
            _ => None,
        })
    }

    /// The parts as a slice (a text message has none).
    fn as_parts(&self) -> &[Part] {
        match self {
            Content::Text(_) => &[],
            Content::Parts(parts) => parts,
        }
    }

    /// The images, in order.
    pub fn images(&self) -> impl Iterator<Item = &Image> {
        self.as_parts().iter().filter_map(|p| match p {
            Part::Image(image) => Some(image),
            _ => None,
        })
    }

    /// Whether any part is an image.
    pub fn has_images(&self) -> bool {
        self.images().next().is_some()
    }

    /// The text parts joined by blank lines: all a text-only protocol field can hold.
    pub fn text(&self) -> String {
        match self {
            Content::Text(text) => text.clone(),
            Content::Parts(_) => join_text(&self.parts()),
        }
    }
}

/// The text among `parts`, joined by blank lines (images are skipped).
pub(crate) fn join_text(parts: &[PartRef<'_>]) -> String {
    let texts: Vec<&str> = parts
        .iter()
        .filter_map(|p| match p {
            PartRef::Text(t) => Some(*t),
            _ => None,
        })
        .collect();
    texts.join("\n\n")
}

impl From<String> for Content {
    fn from(text: String) -> Self {
        Content::Text(text)
    }
}

impl From<&str> for Content {
    fn from(text: &str) -> Self {
        Content::Text(text.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_string_or_parts_and_writes_them_back_the_same() {
        let text: Content = serde_json::from_str(r#""hi""#).unwrap();
        assert_eq!(text, Content::Text("hi".into()));
        let json = r#"[{"type":"text","text":"what is this?"},{"type":"image","mediaType":"image/png","data":"iVBO"}]"#;
        let parts: Content = serde_json::from_str(json).unwrap();
        assert_eq!(parts.text(), "what is this?");
        assert_eq!(parts.images().count(), 1);
        assert_eq!(serde_json::to_string(&parts).unwrap(), json);
    }

    #[test]
    fn unknown_part_types_and_fields_are_refused() {
        for bad in [
            r#"[{"type":"audio","data":"x"}]"#,
            r#"[{"type":"image","mediaType":"image/png","data":"x","url":"http://x"}]"#,
            r#"[{"type":"image","data":"x"}]"#,
            r#"[{"type":"image","mediaType":"image/png","data":"x","text":"y"}]"#,
            r#"[{"text":"no type"}]"#,
            r#"[{"type":"text"}]"#,
            r#"[{"type":"text","text":"a","text":"b"}]"#,
            r#"{"type":"text","text":"not a list"}"#,
            "42",
        ] {
            assert!(serde_json::from_str::<Content>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_text_part_ignores_fields_it_does_not_know_in_any_order() {
        let json = r#"[{"text":"hi","cache":true,"type":"text"}]"#;
        let parts: Content = serde_json::from_str(json).unwrap();
        assert_eq!(parts.parts(), vec![PartRef::Text("hi")]);
    }

    #[test]
    fn a_data_url_names_the_type() {
        let image = Image {
            media_type: "image/webp".into(),
            data: "UklG".into(),
        };
        assert_eq!(image.data_url(), "data:image/webp;base64,UklG");
    }
}
