//! The XML formats' edges; the fixtures (tests/fixtures/youtube/track.srv3 and
//! track-classic.xml) are read whole through `transcript_text` in `transcript_tests.rs`, and
//! cut short at every character here: a body cut off in transit is an error, never a panic.

use super::*;

const SRV3: &str = include_str!("../../tests/fixtures/youtube/track.srv3");
const CLASSIC: &str = include_str!("../../tests/fixtures/youtube/track-classic.xml");

fn lines(xml: &str) -> Vec<(u64, String)> {
    xml_captions(xml).unwrap()
}

#[test]
fn srv3_times_are_milliseconds_and_classic_times_seconds() {
    assert_eq!(
        lines(r#"<timedtext format="3"><body><p t="61999" d="1">a</p></body></timedtext>"#),
        [(61, "a".to_owned())]
    );
    assert_eq!(
        lines(r#"<transcript><text start="61.999" dur="1">a</text></transcript>"#),
        [(61, "a".to_owned())]
    );
}

#[test]
fn documents_without_cues_have_no_lines() {
    assert_eq!(lines("<transcript/>"), []);
    assert_eq!(
        lines("<?xml version=\"1.0\"?>\n<transcript>\n</transcript>\n"),
        []
    );
    assert_eq!(
        lines(r#"<timedtext format="3"><body><p t="0"> </p></body></timedtext>"#),
        []
    );
}

#[test]
fn entities_left_by_a_second_escaping_are_decoded_once_more() {
    assert_eq!(
        decode_again("It&#39;s &quot;x&quot; &amp; &#x263A;"),
        "It's \"x\" & \u{263a}"
    );
    assert_eq!(
        decode_again("AT&T; R&D & &bogus; &#0; &"),
        "AT&T; R&D & &bogus; &#0; &"
    );
    // Once more only: a third escaping stays (nobody sends one).
    assert_eq!(decode_again("&amp;amp;"), "&amp;");
}

#[test]
fn formatting_tags_go_and_other_angle_brackets_stay() {
    assert_eq!(
        strip_formatting(r##"<i>a</i> <FONT color="#fff">b</FONT> <b/>c"##),
        "a b c"
    );
    assert_eq!(
        strip_formatting("1 < 2 <3 <script>x</script> <iframe>"),
        "1 < 2 <3 <script>x</script> <iframe>"
    );
}

#[test]
fn malformed_or_unknown_documents_are_errors_naming_the_problem() {
    for (xml, says) in [
        (
            "<transcript><text start=\"0\">a</p></transcript>",
            "not well-formed XML at byte",
        ),
        (
            "<transcript><text start=\"0\">a</text>",
            "ends before it closes",
        ),
        ("<?xml version=\"1.0\"?>", "no root element"),
        (
            "<html><body>Sorry</body></html>",
            "<html> is neither srv3's <timedtext>",
        ),
        (
            "<transcript><text>a</text></transcript>",
            "caption 0 has text but no \"start\"",
        ),
        (
            "<timedtext><body><p t=\"x\">a</p></body></timedtext>",
            "caption 0's \"t\" is not a time",
        ),
        (
            "<transcript><text start=\"0\">a &nbsp; b</text></transcript>",
            "&nbsp;",
        ),
        (
            "<transcript><text start=\"0\">a & b</text></transcript>",
            "not well-formed",
        ),
    ] {
        let err = xml_captions(xml).unwrap_err();
        assert!(err.contains(says), "{xml}: {err}");
    }
}

#[test]
fn a_document_cut_anywhere_is_an_error_or_fewer_lines_never_a_panic() {
    for doc in [SRV3, CLASSIC] {
        let whole = xml_captions(doc).unwrap();
        for (at, _) in doc.char_indices() {
            if let Ok(lines) = xml_captions(&doc[..at]) {
                assert!(lines.len() <= whole.len(), "{}", &doc[..at]);
            }
        }
    }
}
