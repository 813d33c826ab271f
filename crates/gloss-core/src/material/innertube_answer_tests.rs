//! The player endpoint's answers (tests/fixtures/youtube/, each one's source in its README.md):
//! the tracks an ANDROID client gets, and each way the endpoint says no.

use serde_json::json;

use super::*;
use crate::material::{caption_gated, pick_track};

const ANDROID: &str = include_str!("../../tests/fixtures/youtube/player-android.json");
const LOGIN: &str = include_str!("../../tests/fixtures/youtube/player-login-required.json");
const UNAVAILABLE: &str = include_str!("../../tests/fixtures/youtube/player-unavailable.json");
const NO_CAPTIONS: &str = include_str!("../../tests/fixtures/youtube/player-no-captions.json");
const OTHER: &str = include_str!("../../tests/fixtures/youtube/player-other-video.json");
const PRECONDITION: &str =
    include_str!("../../tests/fixtures/youtube/player-400-precondition.json");
#[test]
fn the_android_answer_gives_classic_xml_tracks() {
    let video = player_captions(200, ANDROID, "abcdefghijk").unwrap();
    assert_eq!(
        (video.video_id.as_str(), video.title.as_str()),
        ("abcdefghijk", "Sharpening a chisel")
    );
    let tracks: Vec<_> = video
        .tracks
        .iter()
        .map(|t| (t.language.as_str(), t.name.as_str(), t.auto))
        .collect();
    assert_eq!(
        tracks,
        [
            ("en", "English (auto-generated)", true),
            ("de", "German", false)
        ]
    );
    let url = &video.tracks[1].url;
    assert!(
        url.starts_with("https://www.youtube.com/api/timedtext?v=abcdefghijk&ei="),
        "{url}"
    );
    assert!(url.ends_with("&key=yt8&lang=de"), "{url}");
    assert!(video
        .tracks
        .iter()
        .all(|t| !t.url.contains("fmt=") && !caption_gated(&t.url)));
    assert_eq!(pick_track(&video.tracks, "de-DE"), Some(&video.tracks[1]));
}

#[test]
fn an_ok_video_without_captions_has_no_tracks() {
    assert_eq!(
        player_captions(200, NO_CAPTIONS, "abcdefghijk")
            .unwrap()
            .tracks,
        []
    );
}

#[test]
fn each_failure_is_the_problem_to_act_on() {
    let refused = |status, reason: &str| PlayerProblem::Refused {
        status,
        reason: reason.into(),
    };
    for (status, body, problem) in [
        (
            400,
            PRECONDITION,
            refused(400, "FAILED_PRECONDITION: Precondition check failed."),
        ),
        (429, "<html>Too many requests</html>", refused(429, "")),
        (
            403,
            r#"{"error":{"message":"The caller does not have permission"}}"#,
            refused(403, "The caller does not have permission"),
        ),
        (
            200,
            LOGIN,
            PlayerProblem::Login {
                reason: "Sign in to confirm you’re not a bot".into(),
            },
        ),
        (
            200,
            UNAVAILABLE,
            PlayerProblem::Unplayable {
                status: "ERROR".into(),
                reason: "Video unavailable".into(),
            },
        ),
        (
            200,
            r#"{"playabilityStatus":{"status":"LIVE_STREAM_OFFLINE","messages":["Starts soon"]}}"#,
            PlayerProblem::Unplayable {
                status: "LIVE_STREAM_OFFLINE".into(),
                reason: "Starts soon".into(),
            },
        ),
        (
            200,
            OTHER,
            PlayerProblem::OtherVideo {
                id: "zyxwvutsrqp".into(),
            },
        ),
    ] {
        assert_eq!(
            player_captions(status, body, "abcdefghijk"),
            Err(problem),
            "{body}"
        );
    }
}

#[test]
fn a_changed_answer_is_a_shape_problem_naming_what_is_missing() {
    for (body, says) in [
        ("", "not JSON"),
        ("{}", "no \"playabilityStatus.status\""),
        (
            r#"{"playabilityStatus":{"status":"OK"}}"#,
            "no \"videoDetails\"",
        ),
        (
            r#"{"playabilityStatus":{"status":"OK"},"videoDetails":{"videoId":"v","title":"T"},"captions":{}}"#,
            "captionTracks",
        ),
    ] {
        match player_captions(200, body, "v") {
            Err(PlayerProblem::Shape { detail }) => {
                assert!(detail.contains(says), "{body}: {detail}");
            }
            other => panic!("{body}: {other:?}"),
        }
    }
}

#[test]
fn problems_cross_the_boundary_tagged_by_kind() {
    let problem = |status, body| {
        serde_json::to_value(player_captions(status, body, "abcdefghijk").unwrap_err()).unwrap()
    };
    let reason = "FAILED_PRECONDITION: Precondition check failed.";
    assert_eq!(
        problem(400, PRECONDITION),
        json!({"kind": "refused", "status": 400, "reason": reason})
    );
    assert_eq!(
        problem(200, OTHER),
        json!({"kind": "otherVideo", "id": "zyxwvutsrqp"})
    );
    assert_eq!(problem(200, UNAVAILABLE)["kind"], "unplayable");
    assert_eq!(problem(200, LOGIN)["kind"], "login");
    assert_eq!(problem(200, "{}")["kind"], "shape");
}
