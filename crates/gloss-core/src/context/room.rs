//! The room page material has in a question: the provider's context window less what must travel
//! with it. Worked out before sending, so the panel can say "62% fits" while the user still edits;
//! `fit` / `fit_all` then cut the material to this room.

use super::budget::estimate_tokens;
use super::images::tokens_for_size;
use crate::spec::ProviderKind;

/// Tokens kept for the answer and the conversation around the material.
pub const RESERVE_TOKENS: u32 = 1024;

/// The least room material is given before the typed question is counted, however small the
/// window or large the images: an excerpt of a few paragraphs, rather than nothing at all.
pub const MIN_ROOM: u32 = 256;

/// An image's size in pixels, all that pricing it needs (the composer's images, before sending).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageSize {
    pub width: u32,
    pub height: u32,
}

/// What travels with the material in one question.
#[derive(Debug, Clone, Copy)]
pub struct Question<'a> {
    /// The provider's protocol, whose rule prices the images.
    pub kind: ProviderKind,
    /// The model's context window, in tokens.
    pub context_tokens: u32,
    /// The question's images.
    pub images: &'a [ImageSize],
    /// The words typed so far.
    pub text: &'a str,
}

/// The tokens left for page material: the window less [`RESERVE_TOKENS`] and the images (each
/// priced by the provider's rule), at least [`MIN_ROOM`], then less the typed words.
pub fn material_room(question: &Question<'_>) -> u32 {
    let for_images = question
        .images
        .iter()
        .map(|i| tokens_for_size(question.kind, (i.width, i.height)))
        .fold(0, u32::saturating_add);
    let window = question
        .context_tokens
        .saturating_sub(RESERVE_TOKENS)
        .saturating_sub(for_images)
        .max(MIN_ROOM);
    window.saturating_sub(estimate_tokens(question.text))
}

#[cfg(test)]
mod tests {
    use super::*;

    const WINDOW: u32 = 32_000;

    fn room(kind: ProviderKind, images: &[ImageSize], text: &str) -> u32 {
        material_room(&Question {
            kind,
            context_tokens: WINDOW,
            images,
            text,
        })
    }

    const PHOTO: ImageSize = ImageSize {
        width: 1568,
        height: 1000,
    };

    #[test]
    fn the_window_less_the_reserve_when_nothing_travels_with_it() {
        assert_eq!(room(ProviderKind::OpenAi, &[], ""), WINDOW - RESERVE_TOKENS);
    }

    #[test]
    fn each_image_takes_its_price_under_the_providers_rule() {
        // Anthropic caps a 1568×1000 image at 1,600 tokens; OpenAI tiles it: 85 + 6 × 170.
        let bare = room(ProviderKind::Anthropic, &[], "");
        assert_eq!(room(ProviderKind::Anthropic, &[PHOTO], ""), bare - 1600);
        assert_eq!(
            room(ProviderKind::OpenAi, &[PHOTO, PHOTO], ""),
            bare - 2 * 1105
        );
    }

    #[test]
    fn images_larger_than_the_window_leave_the_least_room() {
        let huge = ImageSize {
            width: u32::MAX,
            height: u32::MAX,
        };
        assert_eq!(room(ProviderKind::Gemini, &[huge; 4], ""), MIN_ROOM);
        let tiny = Question {
            kind: ProviderKind::OpenAi,
            context_tokens: 100,
            images: &[],
            text: "",
        };
        assert_eq!(material_room(&tiny), MIN_ROOM);
    }

    #[test]
    fn the_typed_words_come_out_of_the_room_down_to_none() {
        let bare = room(ProviderKind::Ollama, &[], "");
        assert_eq!(room(ProviderKind::Ollama, &[], "abcdefgh"), bare - 2);
        assert_eq!(room(ProviderKind::Ollama, &[], &"word ".repeat(100_000)), 0);
    }
}
