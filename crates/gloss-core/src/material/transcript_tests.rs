//! The fixtures (tests/fixtures/youtube/*.json3) follow YouTube's json3 timedtext documents:
//! an auto-generated track (a window event first, rolling lines with word segments and
//! `tOffsetMs`, `aAppend` line breaks between them) and a person's track (whole lines, one
//! with a line break inside and one with only a space).

use super::*;

const ASR: &str = include_str!("../../tests/fixtures/youtube/asr.json3");
const MANUAL: &str = include_str!("../../tests/fixtures/youtube/manual.json3");

#[test]
fn auto_generated_captions_become_one_timestamped_line_each() {
    assert_eq!(
        transcript_text(ASR).unwrap(),
        "[0:01] welcome back to the workshop\n\
         [0:03] today we sharpen a chisel\n\
         [12:34] [Music]\n\
         [1:02:05] thanks for watching\n"
    );
}

#[test]
fn line_breaks_inside_a_caption_and_empty_captions_are_whitespace() {
    assert_eq!(
        transcript_text(MANUAL).unwrap(),
        "[0:00] Guten Tag und willkommen.\n[0:02] Heute: ein Meißel & <Öl>\n"
    );
}

#[test]
fn a_track_without_any_text_is_empty() {
    assert_eq!(
        transcript_text(r#"{"events":[{"tStartMs":0,"dDurationMs":5}]}"#).unwrap(),
        ""
    );
}

#[test]
fn a_changed_shape_is_an_error_that_names_what_is_missing() {
    for (doc, says) in [
        (
            "<transcript><text start=\"0\">hi</text></transcript>",
            "not JSON",
        ),
        (r#"{"body":[]}"#, "no \"events\" list"),
        (
            r#"{"events":[{"segs":[{"utf8":"hi"}]}]}"#,
            "event 0 has text but no \"tStartMs\"",
        ),
        (
            r#"{"events":[{"tStartMs":1,"segs":"hi"}]}"#,
            "\"segs\" is not a list",
        ),
        (
            r#"{"events":[{"tStartMs":1,"segs":[{"text":"hi"}]}]}"#,
            "has no \"utf8\" text",
        ),
    ] {
        let err = transcript_text(doc).unwrap_err();
        assert!(err.contains(says), "{doc}: {err}");
    }
}

#[test]
fn timestamps_read_like_the_player() {
    assert_eq!(timestamp(0), "0:00");
    assert_eq!(timestamp(754), "12:34");
    assert_eq!(timestamp(3600), "1:00:00");
}

#[test]
fn a_transcript_is_fenced_as_untrusted_material_of_kind_transcript() {
    use crate::context::{build_messages, Attachment, AttachmentKind};
    let attachment = Attachment {
        kind: AttachmentKind::Transcript,
        title: "Sharpening a chisel".into(),
        url: "https://www.youtube.com/watch?v=abcdefghijk".into(),
        text: transcript_text(ASR).unwrap(),
        pages: None,
    };
    let user = build_messages("Summarize.", &[attachment], &[])[1]
        .content
        .text();
    assert!(
        user.contains(" kind=transcript title=\"Sharpening a chisel\""),
        "{user}"
    );
    assert!(
        user.contains("\n[0:01] welcome back to the workshop\n"),
        "{user}"
    );
}
