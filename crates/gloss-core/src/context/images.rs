//! What an image costs in the context window, so a question with images leaves the right room
//! for page material. Each provider's documented rule where it has one, from the image's size in
//! pixels (read from its header):
//! - Anthropic: `width × height / 750` tokens, after scaling the long side down to 1,568 px; at
//!   most about 1,600 (<https://docs.anthropic.com/en/docs/build-with-claude/vision#evaluate-image-size>).
//! - OpenAI (GPT-4o family, `detail` auto/high): fit within 2,048 × 2,048, scale the short side
//!   down to 768, then 85 tokens plus 170 per 512-px tile
//!   (<https://platform.openai.com/docs/guides/images-vision#calculating-costs>).
//! - Gemini: 258 tokens when both sides are at most 384 px, else 258 per 768 × 768 tile
//!   (<https://ai.google.dev/gemini-api/docs/tokens#multimodal-tokens>).
//! - Ollama: the count is the model's own (Gemma 3 spends 256 tokens, `llava` 1.5 576, `llava`
//!   1.6 up to 2,880), so a stated estimate of [`OLLAMA_IMAGE_TOKENS`] whatever the size.
//!
//! An image whose size cannot be read is priced as the largest Gloss sends, 1,568 px square.

use crate::spec::{image, Content, Image, ProviderKind};

use super::budget::estimate_tokens;

/// The estimate for one image with Ollama, whose models each count their own way.
pub const OLLAMA_IMAGE_TOKENS: u32 = 1024;

/// The long side Gloss scales images down to, and the size assumed when a header is unreadable.
pub const MAX_SIDE: u32 = 1568;

/// Estimated tokens of a message's content with provider `kind`: its text, plus its images.
pub fn content_tokens(kind: ProviderKind, content: &Content) -> u32 {
    content
        .images()
        .map(|i| image_tokens(kind, i))
        .fold(estimate_tokens(&content.text()), u32::saturating_add)
}

/// Estimated tokens of one image with provider `kind`.
pub fn image_tokens(kind: ProviderKind, image: &Image) -> u32 {
    tokens_for_size(
        kind,
        image::dimensions(image).unwrap_or((MAX_SIDE, MAX_SIDE)),
    )
}

/// Estimated tokens of an image of `width × height` pixels with provider `kind`.
pub fn tokens_for_size(kind: ProviderKind, (width, height): (u32, u32)) -> u32 {
    let (w, h) = (f64::from(width.max(1)), f64::from(height.max(1)));
    match kind {
        ProviderKind::Anthropic => {
            let (w, h) = shrink(w, h, f64::from(MAX_SIDE) / w.max(h));
            ceil(w * h / 750.0).min(1600)
        }
        ProviderKind::OpenAi => {
            let (w, h) = shrink(w, h, 2048.0 / w.max(h));
            let (w, h) = shrink(w, h, 768.0 / w.min(h));
            85 + 170 * ceil(w / 512.0) * ceil(h / 512.0)
        }
        ProviderKind::Gemini if w <= 384.0 && h <= 384.0 => 258,
        // Not scaled down first, so a header's claim of billions of pixels must not overflow.
        ProviderKind::Gemini => ceil(w / 768.0)
            .saturating_mul(ceil(h / 768.0))
            .saturating_mul(258),
        ProviderKind::Ollama => OLLAMA_IMAGE_TOKENS,
    }
}

/// `w × h` scaled by `factor` when that makes it smaller; never enlarged.
fn shrink(w: f64, h: f64, factor: f64) -> (f64, f64) {
    if factor < 1.0 {
        (w * factor, h * factor)
    } else {
        (w, h)
    }
}

#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "pixel counts and tile counts of real images are small and positive"
)]
fn ceil(x: f64) -> u32 {
    x.ceil() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use ProviderKind::{Anthropic, Gemini, Ollama, OpenAi};

    #[test]
    fn anthropic_counts_pixels_over_750_within_its_cap() {
        // The docs' table: 1000×1000 ≈ 1,334 tokens; 200×200 ≈ 54.
        assert_eq!(tokens_for_size(Anthropic, (1000, 1000)), 1334);
        assert_eq!(tokens_for_size(Anthropic, (200, 200)), 54);
        // 4000×3000 is first scaled to 1568×1176, then capped at ~1,600.
        assert_eq!(tokens_for_size(Anthropic, (4000, 3000)), 1600);
    }

    #[test]
    fn openai_counts_tiles_after_scaling() {
        // The docs' examples: 1024×1024 → 768×768, 4 tiles, 765 tokens; 2048×4096 → 768×1536,
        // 6 tiles, 1,105 tokens.
        assert_eq!(tokens_for_size(OpenAi, (1024, 1024)), 765);
        assert_eq!(tokens_for_size(OpenAi, (2048, 4096)), 1105);
        assert_eq!(tokens_for_size(OpenAi, (300, 200)), 255);
    }

    #[test]
    fn gemini_counts_one_block_for_small_images_else_tiles() {
        assert_eq!(tokens_for_size(Gemini, (384, 300)), 258);
        assert_eq!(tokens_for_size(Gemini, (1000, 700)), 258 * 2);
        assert_eq!(tokens_for_size(Gemini, (1568, 1568)), 258 * 9);
        // A header can claim any size (an imported history's image): the count saturates.
        assert_eq!(tokens_for_size(Gemini, (u32::MAX, u32::MAX)), u32::MAX);
        assert_eq!(tokens_for_size(Gemini, (3_200_000, 3_200_000)), u32::MAX);
    }

    #[test]
    fn ollama_is_a_stated_estimate_whatever_the_size() {
        assert_eq!(tokens_for_size(Ollama, (10, 10)), OLLAMA_IMAGE_TOKENS);
        assert_eq!(tokens_for_size(Ollama, (1568, 900)), OLLAMA_IMAGE_TOKENS);
    }

    #[test]
    fn a_message_costs_its_text_and_its_images() {
        let image = Image {
            media_type: "image/png".into(),
            data: "not base64, so its size is unknown".into(),
        };
        let content = Content::Parts(vec![
            crate::spec::Part::Text {
                text: "abcdefgh".into(),
            },
            crate::spec::Part::Image(image),
        ]);
        // Unknown size: priced as 1568×1568, capped at 1,600 for Anthropic.
        assert_eq!(content_tokens(Anthropic, &content), 2 + 1600);
        assert_eq!(content_tokens(Anthropic, &"abcdefgh".into()), 2);
    }
}
