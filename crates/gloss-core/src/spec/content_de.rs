//! Reads [`Content`] and [`Part`] by hand. serde's `untagged` and internally tagged
//! (`tag = "type"`) derives buffer the input into serde's private `Content` tree and read it
//! again, code that cost the WASM ~13 KB; these visitors read the same JSON shapes in one pass,
//! with the same rules: content is a string or a list of parts; a part names its `type`; a text
//! part ignores fields it does not know (as the derive did), an image part refuses them (as
//! `Image`'s `deny_unknown_fields` did).

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::content::{Content, Image, Part};

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
    /// The first field no part has, refused in an image.
    unknown: Option<String>,
}

struct PartVisitor;

impl<'de> Visitor<'de> for PartVisitor {
    type Value = Part;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a text or image part")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Part, A::Error> {
        let mut fields = PartFields::default();
        while let Some(key) = map.next_key::<String>()? {
            let slot = match key.as_str() {
                "type" => &mut fields.kind,
                "text" => &mut fields.text,
                "mediaType" => &mut fields.media_type,
                "data" => &mut fields.data,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                    fields.unknown.get_or_insert(key);
                    continue;
                }
            };
            if slot.is_some() {
                return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
            }
            *slot = Some(map.next_value()?);
        }
        fields.into_part()
    }
}

impl PartFields {
    fn into_part<E: de::Error>(self) -> Result<Part, E> {
        let kind = self.kind.ok_or_else(|| E::missing_field("type"))?;
        match kind.as_str() {
            "text" => Ok(Part::Text {
                text: self.text.ok_or_else(|| E::missing_field("text"))?,
            }),
            "image" => {
                let extra = self
                    .unknown
                    .as_deref()
                    .or(self.text.as_ref().map(|_| "text"));
                if let Some(field) = extra {
                    return Err(E::unknown_field(field, &["mediaType", "data"]));
                }
                Ok(Part::Image(Image {
                    media_type: self
                        .media_type
                        .ok_or_else(|| E::missing_field("mediaType"))?,
                    data: self.data.ok_or_else(|| E::missing_field("data"))?,
                }))
            }
            other => Err(E::unknown_variant(other, &["text", "image"])),
        }
    }
}
