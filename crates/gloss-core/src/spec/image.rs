//! The checks on an image before it is sent, and its size in pixels for the context budget.
//! Every provider refuses a whole request over one bad image (a type it does not take, base64
//! that does not decode, bytes that are not the declared type: Anthropic answers "Image does not
//! match the provided media type"), so the spec is refused here instead, with the reason named.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;

use super::content::Image;

/// The types every protocol Gloss speaks accepts (OpenAI, Anthropic and Gemini document these
/// four; Ollama decodes them with Go's image packages).
pub const MEDIA_TYPES: [&str; 4] = ["image/png", "image/jpeg", "image/webp", "image/gif"];

/// Largest image, in base64 characters. Anthropic's 5 MB per image is the tightest of the four
/// protocols (OpenAI takes 20 MB, Gemini 20 MB per request); Gloss downscales images to a long
/// side of 1,568 px, which re-encoded stays far below it.
pub const MAX_IMAGE_BASE64: usize = 5 << 20;

/// Why an image cannot be sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageProblem {
    /// The media type is not one of [`MEDIA_TYPES`].
    Type,
    /// Larger than [`MAX_IMAGE_BASE64`].
    TooLarge,
    /// Not base64, or its bytes are not an image of the declared type.
    Data,
}

/// Checks an image's type, size and bytes.
pub fn check(image: &Image) -> Result<(), ImageProblem> {
    if !MEDIA_TYPES.contains(&image.media_type.as_str()) {
        return Err(ImageProblem::Type);
    }
    if image.data.len() > MAX_IMAGE_BASE64 {
        return Err(ImageProblem::TooLarge);
    }
    let bytes = STANDARD
        .decode(image.data.as_bytes())
        .map_err(|_| ImageProblem::Data)?;
    if sniff(&bytes) != Some(image.media_type.as_str()) {
        return Err(ImageProblem::Data);
    }
    Ok(())
}

/// The type the bytes' signature says, if one of [`MEDIA_TYPES`].
fn sniff(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

/// Width and height in pixels, read from the header; `None` when the data does not say (not
/// base64, or a header this does not read).
pub fn dimensions(image: &Image) -> Option<(u32, u32)> {
    let bytes = STANDARD.decode(image.data.as_bytes()).ok()?;
    match sniff(&bytes)? {
        "image/png" => png(&bytes),
        "image/gif" => gif(&bytes),
        "image/webp" => webp(&bytes),
        _ => jpeg(&bytes),
    }
}

fn be16(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from(u16::from_be_bytes(
        b.get(at..at + 2)?.try_into().ok()?,
    )))
}

fn le16(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from(u16::from_le_bytes(
        b.get(at..at + 2)?.try_into().ok()?,
    )))
}

fn le24(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at + 3)?;
    Some(u32::from(s[0]) | u32::from(s[1]) << 8 | u32::from(s[2]) << 16)
}

/// The IHDR chunk, first after the signature: width and height as big-endian u32.
fn png(b: &[u8]) -> Option<(u32, u32)> {
    let w = u32::from_be_bytes(b.get(16..20)?.try_into().ok()?);
    let h = u32::from_be_bytes(b.get(20..24)?.try_into().ok()?);
    Some((w, h))
}

/// The logical screen descriptor after the signature: little-endian u16s.
fn gif(b: &[u8]) -> Option<(u32, u32)> {
    Some((le16(b, 6)?, le16(b, 8)?))
}

/// The first chunk: lossy `VP8 `, lossless `VP8L` or extended `VP8X` (Google's WebP container
/// specification gives each layout).
fn webp(b: &[u8]) -> Option<(u32, u32)> {
    match b.get(12..16)? {
        b"VP8 " => Some((le16(b, 26)? & 0x3FFF, le16(b, 28)? & 0x3FFF)),
        b"VP8L" => {
            let bits = u32::from_le_bytes(b.get(21..25)?.try_into().ok()?);
            Some(((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1))
        }
        b"VP8X" => Some((le24(b, 24)? + 1, le24(b, 27)? + 1)),
        _ => None,
    }
}

/// The first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC), walking the segments
/// before it by their lengths.
fn jpeg(b: &[u8]) -> Option<(u32, u32)> {
    let mut at = 2;
    loop {
        if *b.get(at)? != 0xFF {
            return None;
        }
        let marker = *b.get(at + 1)?;
        if matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC) {
            return Some((be16(b, at + 7)?, be16(b, at + 5)?));
        }
        at += 2 + usize::try_from(be16(b, at + 2)?).ok()?;
    }
}

#[cfg(test)]
#[path = "image_tests.rs"]
mod tests;
