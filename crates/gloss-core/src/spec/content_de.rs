//! Reads [`Content`] and [`Part`] by hand. serde's `untagged` and internally tagged
//! (`tag = "type"`) derives buffer the input into serde's private `Content` tree and read it
//! again, code that cost the WASM ~13 KB; these visitors read the same JSON shapes in one pass,
//! with the same rules: content is a string or a list of parts; a part names its `type`; a text
//! part ignores fields it does not know (as the derive did), an image part refuses them (as
//! `Image`'s `deny_unknown_fields` did), as do tool-call and reasoning parts.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use serde_json::{Map, Value};

use super::content::{Content, Image, Part};
use super::tools::{Reasoning, ToolCall};

impl<'de> Deserialize<'de> for Content {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ContentVisitor)
    }
}

struct ContentVisitor;

impl<'de> Visitor<'de> for ContentVisitor {
    type Value = Content;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string or a list of parts")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Content, E> {
        Ok(Content::Text(text.to_owned()))
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<Content, E> {
        Ok(Content::Text(text))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Content, A::Error> {
        let mut parts = Vec::new();
        while let Some(part) = seq.next_element()? {
            parts.push(part);
        }
        Ok(Content::Parts(parts))
    }
}

impl<'de> Deserialize<'de> for Part {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(PartVisitor)
    }
}

/// The fields of any part, gathered in whatever order they come.
#[derive(Default)]
struct PartFields {
    kind: Option<String>,
    text: Option<String>,
    media_type: Option<String>,
    data: Option<String>,
    id: Option<String>,
    name: Option<String>,
    arguments: Option<Value>,
    signature: Option<String>,
    redacted: Option<String>,
    /// Every field given, for refusing those a part does not have (except in a text part).
    seen: Vec<String>,
}

struct PartVisitor;

impl<'de> Visitor<'de> for PartVisitor {
    type Value = Part;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a text, image, toolCall or reasoning part")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Part, A::Error> {
        let mut fields = PartFields::default();
        while let Some(key) = map.next_key::<String>()? {
            if fields.seen.contains(&key) {
                return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
            }
            let slot = match key.as_str() {
                "type" => &mut fields.kind,
                "text" => &mut fields.text,
                "mediaType" => &mut fields.media_type,
                "data" => &mut fields.data,
                "id" => &mut fields.id,
                "name" => &mut fields.name,
                "signature" => &mut fields.signature,
                "redacted" => &mut fields.redacted,
                "arguments" => {
                    fields.arguments = Some(map.next_value()?);
                    fields.seen.push(key);
                    continue;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                    fields.seen.push(key);
                    continue;
                }
            };
            *slot = map.next_value()?;
            fields.seen.push(key);
        }
        fields.into_part()
    }
}

/// The fields each kind of part has, besides `type`; a text part ignores others, the rest
/// refuse them.
const IMAGE: &[&str] = &["mediaType", "data"];
const TOOL_CALL: &[&str] = &["id", "name", "arguments", "signature"];
const REASONING: &[&str] = &["text", "signature", "redacted"];

impl PartFields {
    fn into_part<E: de::Error>(self) -> Result<Part, E> {
        let kind = self.kind.clone().ok_or_else(|| E::missing_field("type"))?;
        let only = |allowed: &'static [&'static str]| match self
            .seen
            .iter()
            .find(|f| *f != "type" && !allowed.contains(&f.as_str()))
        {
            Some(field) => Err(E::unknown_field(field, allowed)),
            None => Ok(()),
        };
        match kind.as_str() {
            "text" => Ok(Part::Text {
                text: self.text.ok_or_else(|| E::missing_field("text"))?,
            }),
            "image" => {
                only(IMAGE)?;
                Ok(Part::Image(Image {
                    media_type: self
                        .media_type
                        .ok_or_else(|| E::missing_field("mediaType"))?,
                    data: self.data.ok_or_else(|| E::missing_field("data"))?,
                }))
            }
            "toolCall" => {
                only(TOOL_CALL)?;
                Ok(Part::ToolCall(ToolCall {
                    id: self.id.ok_or_else(|| E::missing_field("id"))?,
                    name: self.name.ok_or_else(|| E::missing_field("name"))?,
                    arguments: self.arguments.unwrap_or_else(|| Value::Object(Map::new())),
                    signature: self.signature,
                }))
            }
            "reasoning" => {
                only(REASONING)?;
                Ok(Part::Reasoning(Reasoning {
                    text: self.text.unwrap_or_default(),
                    signature: self.signature,
                    redacted: self.redacted,
                }))
            }
            other => Err(E::unknown_variant(
                other,
                &["text", "image", "toolCall", "reasoning"],
            )),
        }
    }
}
