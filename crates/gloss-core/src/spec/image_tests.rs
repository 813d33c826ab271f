//! The image checks against real files: `tests/fixtures/images/` holds 40×30 red images that
//! `ImageMagick` 6.9 wrote in each format (`convert -size 40x30 xc:red red-40x30.png`, and so on;
//! the three WebP files are its lossy `VP8 `, lossless `VP8L` and, with alpha, extended `VP8X`
//! layouts).

use base64::engine::general_purpose::STANDARD;
use base64::Engine;

use super::*;

macro_rules! fixture {
    ($name:literal) => {
        include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/images/",
            $name
        ))
        .as_slice()
    };
}

fn image(media_type: &str, bytes: &[u8]) -> Image {
    Image {
        media_type: media_type.into(),
        data: STANDARD.encode(bytes),
    }
}

fn all() -> [(&'static str, &'static [u8]); 6] {
    [
        ("image/png", fixture!("red-40x30.png")),
        ("image/jpeg", fixture!("red-40x30.jpg")),
        ("image/gif", fixture!("red-40x30.gif")),
        ("image/webp", fixture!("red-40x30-lossy.webp")),
        ("image/webp", fixture!("red-40x30-lossless.webp")),
        ("image/webp", fixture!("red-40x30-alpha.webp")),
    ]
}

#[test]
fn each_format_passes_and_gives_its_size() {
    for (media_type, bytes) in all() {
        let img = image(media_type, bytes);
        assert_eq!(check(&img), Ok(()), "{media_type}");
        assert_eq!(dimensions(&img), Some((40, 30)), "{media_type}");
    }
}

#[test]
fn a_type_outside_the_four_is_refused() {
    for media_type in [
        "image/svg+xml",
        "image/bmp",
        "IMAGE/PNG",
        "application/pdf",
        "",
    ] {
        let img = image(media_type, fixture!("red-40x30.png"));
        assert_eq!(check(&img), Err(ImageProblem::Type), "{media_type}");
    }
}

#[test]
fn bytes_of_another_type_are_refused() {
    let img = image("image/jpeg", fixture!("red-40x30.png"));
    assert_eq!(check(&img), Err(ImageProblem::Data));
    let text = image("image/png", b"not an image at all");
    assert_eq!(check(&text), Err(ImageProblem::Data));
}

#[test]
fn data_that_is_not_base64_is_refused() {
    let good = STANDARD.encode(fixture!("red-40x30.png"));
    for data in [
        format!("data:image/png;base64,{good}"),
        format!("{}!{}", &good[..8], &good[8..]),
        good.trim_end_matches('=').to_owned(),
        format!("{good} "),
        String::new(),
    ] {
        let img = Image {
            media_type: "image/png".into(),
            data,
        };
        assert_eq!(check(&img), Err(ImageProblem::Data));
    }
}

#[test]
fn an_image_over_the_cap_is_refused_before_decoding() {
    let img = Image {
        media_type: "image/png".into(),
        data: "A".repeat(MAX_IMAGE_BASE64 + 4),
    };
    assert_eq!(check(&img), Err(ImageProblem::TooLarge));
}

#[test]
fn a_cut_header_gives_no_size() {
    for (media_type, bytes) in all() {
        let img = image(media_type, &bytes[..8]);
        assert_eq!(dimensions(&img), None, "{media_type}");
    }
}
