//! tests/fixtures/youtube/watch.html is a watch page cut down to what matters: the
//! `window["ytInitialPlayerResponse"] = null` line real pages carry, then the assignment with
//! the player data in YouTube's shape (`\u0026` in URLs, `name.simpleText` and the older
//! `name.runs`, an `asr` track first), a title with `};` in it, and the script that follows.

use super::*;

const WATCH: &str = include_str!("../../tests/fixtures/youtube/watch.html");

fn t(language: &str, auto: bool) -> CaptionTrack {
    CaptionTrack {
        url: format!("https://www.youtube.com/api/timedtext?lang={language}&fmt=json3"),
        language: language.into(),
        name: language.into(),
        auto,
    }
}

#[test]
fn a_watch_page_gives_its_video_and_tracks() {
    let video = video_captions(WATCH).unwrap();
    assert_eq!(video.video_id, "abcdefghijk");
    assert_eq!(video.title, "Sharpening a chisel; the \"};\" way");
    let names: Vec<_> = video
        .tracks
        .iter()
        .map(|t| (t.name.as_str(), t.auto))
        .collect();
    assert_eq!(
        names,
        [
            ("English (auto-generated)", true),
            ("German", false),
            ("English", false)
        ]
    );
    assert_eq!(
        video.tracks[1].url,
        "https://www.youtube.com/api/timedtext?v=abcdefghijk&ei=Xy&hl=en&expire=1763920000&key=yt8&lang=de&fmt=json3"
    );
    assert!(video.tracks[0].url.ends_with("&kind=asr&lang=en&fmt=json3"));
}

#[test]
fn a_video_without_captions_has_no_tracks() {
    let html = r#"<script>var ytInitialPlayerResponse = {"videoDetails":{"videoId":"x","title":"T"}};</script>"#;
    assert_eq!(video_captions(html).unwrap().tracks, []);
}

#[test]
fn a_changed_page_is_an_error_that_names_what_is_missing() {
    for (html, says) in [
        ("<html>window.ytplayer = {}</html>", "no ytInitialPlayerResponse"),
        ("var ytInitialPlayerResponse = {\"videoDetails\":{\"title\":\"T\"}};", "videoDetails.videoId"),
        (
            "var ytInitialPlayerResponse = {\"captions\":{},\"videoDetails\":{\"videoId\":\"x\",\"title\":\"T\"}};",
            "captionTracks",
        ),
        (
            "var ytInitialPlayerResponse = {\"captions\":{\"playerCaptionsTracklistRenderer\":{\"captionTracks\":[{}]}},\"videoDetails\":{\"videoId\":\"x\",\"title\":\"T\"}};",
            "caption track 0",
        ),
    ] {
        let err = video_captions(html).unwrap_err();
        assert!(err.contains(says), "{html}: {err}");
    }
}

#[test]
fn the_users_language_comes_first_a_persons_track_before_a_recognised_one() {
    let tracks = [t("en", true), t("de", false), t("en", false)];
    assert_eq!(pick_track(&tracks, "de-DE"), Some(&tracks[1]));
    assert_eq!(pick_track(&tracks, "en-US"), Some(&tracks[2]));
    let only_auto = [t("fr", false), t("de", true)];
    assert_eq!(pick_track(&only_auto, "de"), Some(&only_auto[1]));
}

#[test]
fn else_the_original_then_the_recognised_track() {
    // The recognised track says what is spoken (Spanish): the person's Spanish track is the original.
    let tracks = [t("en", false), t("es", true), t("es", false)];
    assert_eq!(pick_track(&tracks, "ja"), Some(&tracks[2]));
    let people = [t("fr", false), t("it", false)];
    assert_eq!(pick_track(&people, "ja"), Some(&people[0]));
    let auto = [t("es", true)];
    assert_eq!(pick_track(&auto, "ja"), Some(&auto[0]));
    assert_eq!(pick_track(&[], "ja"), None);
}
