//! The fixtures (tests/fixtures/youtube/*.json3) follow YouTube's json3 timedtext documents:
//! an auto-generated track (a window event first, rolling lines with word segments and
//! `tOffsetMs`, `aAppend` line breaks between them) and a person's track (whole lines, one
//! with a line break inside and one with only a space). track.srv3 and track-classic.xml are
//! the XML formats (see the README beside them).

use super::*;

const ASR: &str = include_str!("../../tests/fixtures/youtube/asr.json3");
const MANUAL: &str = include_str!("../../tests/fixtures/youtube/manual.json3");
const SRV3: &str = include_str!("../../tests/fixtures/youtube/track.srv3");
const CLASSIC: &str = include_str!("../../tests/fixtures/youtube/track-classic.xml");

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
        ("WEBVTT\n\n00:00.000 --> 00:01.000\nhi", "not JSON"),
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
fn an_srv3_track_reads_like_its_json3() {
    assert_eq!(
        transcript_text(SRV3).unwrap(),
        "[0:01] welcome back to the workshop\n\
         [0:03] today we're sharpening\n\
         [12:34] [Music]\n\
         [1:02:05] Danke & tschüss bis bald\n"
    );
}

#[test]
fn a_classic_track_is_decoded_twice_and_loses_its_formatting() {
    assert_eq!(
        transcript_text(CLASSIC).unwrap(),
        "[0:00] It's the \"flat\" side\n\
         [0:01] this is not a bevel\n\
         [12:34] AT&T <3 & grit\n\
         [1:02:05] thanks for watching\n"
    );
}

#[test]
fn the_first_character_tells_the_format_even_after_a_byte_order_mark() {
    let classic = "\u{feff}\n <transcript><text start=\"2\">hi</text></transcript>";
    assert_eq!(transcript_text(classic).unwrap(), "[0:02] hi\n");
    let err = transcript_text("<transcript><text start=\"0\">").unwrap_err();
    assert!(err.contains("ends before it closes"), "{err}");
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
