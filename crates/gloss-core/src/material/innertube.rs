//! A video's caption tracks from YouTube's innertube player endpoint: the request as a value,
//! and its answer read as tracks or as the problem to act on.
//!
//! Why not the watch page's tracks: the web player's caption URLs now carry `exp=xpe` and
//! answer 200 with an empty body unless the player's proof-of-origin token (`pot=`) is added
//! (yt-dlp PR #13234, `FreeTube` PR #7484, youtube-transcript-api issues #320 and #445). The
//! tools that still read captions ask `POST /youtubei/v1/player?key=…` as the ANDROID app,
//! whose caption URLs are not gated. The watch page gives the API key and the user's
//! language and region in its `ytcfg.set({…})` calls; the answer is a player response in the
//! page's own shape, so `youtube.rs` reads its tracks.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::caption_url::TrackFormat;
use super::youtube::read_player;
use super::VideoCaptions;
use crate::percent::encode;
use crate::providers::HttpRequest;

/// An innertube client to present as, named as the request body and headers name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct InnertubeClient {
    /// `context.client.clientName`.
    pub name: &'static str,
    /// Its numeric id, sent as `X-YouTube-Client-Name`.
    pub id: &'static str,
    /// `context.client.clientVersion`. YouTube refuses versions it deems too old with 400
    /// `FAILED_PRECONDITION` ("Precondition check failed."): then this is the line to change.
    pub version: &'static str,
}

/// The clients to ask for caption tracks, in the order to try them.
pub const CAPTION_CLIENTS: &[InnertubeClient] = &[
    // youtube-transcript-api v1.1+ `_settings.py` INNERTUBE_CONTEXT (ANDROID, 20.10.38); the
    // id is yt-dlp's `extractor/youtube/_base.py` INNERTUBE_CLIENTS["android"]
    // INNERTUBE_CONTEXT_CLIENT_NAME.
    InnertubeClient {
        name: "ANDROID",
        id: "3",
        version: "20.10.38",
    },
];

/// What the watch page's `ytcfg` says the player endpoint needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageInnertube {
    /// `INNERTUBE_API_KEY`, the endpoint's `key=`.
    pub api_key: String,
    /// The interface language (`INNERTUBE_CONTEXT.client.hl`): YouTube names tracks in it.
    pub hl: String,
    /// The region (`INNERTUBE_CONTEXT.client.gl`).
    pub gl: String,
    /// The visitor's id (`INNERTUBE_CONTEXT.client.visitorData`), when the page has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visitor_data: Option<String>,
}

/// Why the player endpoint gave no tracks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum PlayerProblem {
    /// Not a 2xx answer; `reason` is its JSON `error.status: error.message`, else empty. An
    /// outdated client version gets 400 `"FAILED_PRECONDITION: Precondition check failed."`.
    Refused { status: u16, reason: String },
    /// `LOGIN_REQUIRED`: a bot check ("Sign in to confirm you're not a bot") or an age limit.
    Login { reason: String },
    /// Any other status that is not `OK` (`ERROR` for "Video unavailable", `UNPLAYABLE`,
    /// `LIVE_STREAM_OFFLINE`…), with YouTube's reason.
    Unplayable { status: String, reason: String },
    /// The answer is about another video.
    OtherVideo { id: String },
    /// The answer is not in the shape known; `detail` names what is missing.
    Shape { detail: String },
}

const YTCFG: &str = "ytcfg.set(";

/// The API key, language and region from every `ytcfg.set({…})` call in a watch page, later
/// calls' keys over earlier ones' (as `ytcfg.set` itself merges them).
pub fn page_innertube(html: &str) -> Result<PageInnertube, String> {
    let mut config = Map::new();
    for (at, _) in html.match_indices(YTCFG) {
        let rest = html[at + YTCFG.len()..].trim_start();
        if !rest.starts_with('{') {
            continue; // `ytcfg.set("KEY", value)` sets one value the endpoint does not need.
        }
        let mut values = serde_json::Deserializer::from_str(rest).into_iter::<Value>();
        if let Some(Ok(Value::Object(object))) = values.next() {
            config.extend(object);
        }
    }
    let config = Value::Object(config);
    let text = |pointer: &str| {
        config
            .pointer(pointer)
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let needed = |pointer: &str, fallback: &str| {
        text(pointer).or_else(|| text(fallback)).ok_or_else(|| {
            let name = pointer[1..].replace('/', ".");
            format!("no {name} in the page's ytcfg")
        })
    };
    Ok(PageInnertube {
        api_key: text("/INNERTUBE_API_KEY").ok_or("no INNERTUBE_API_KEY in the page's ytcfg")?,
        hl: needed("/INNERTUBE_CONTEXT/client/hl", "/HL")?,
        gl: needed("/INNERTUBE_CONTEXT/client/gl", "/GL")?,
        visitor_data: text("/INNERTUBE_CONTEXT/client/visitorData")
            .or_else(|| text("/VISITOR_DATA")),
    })
}

/// The player request's body.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PlayerBody<'a> {
    context: PlayerContext<'a>,
    video_id: &'a str,
    // The two flags are the ones yt-dlp sends: they accept a content warning up front, where
    // the endpoint would otherwise answer with the warning instead of the player data.
    content_check_ok: bool,
    racy_check_ok: bool,
}

#[derive(Serialize)]
struct PlayerContext<'a> {
    client: ClientContext<'a>,
}

/// `context.client`: who asks, and in which language and region.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ClientContext<'a> {
    client_name: &'a str,
    client_version: &'a str,
    hl: &'a str,
    gl: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    visitor_data: Option<&'a str>,
}

/// The player request for `video_id` as `client`, on `origin` (`https://www.youtube.com`).
pub fn player_request(
    origin: &str,
    video_id: &str,
    page: &PageInnertube,
    client: &InnertubeClient,
) -> HttpRequest {
    let body = PlayerBody {
        context: PlayerContext {
            client: ClientContext {
                client_name: client.name,
                client_version: client.version,
                hl: &page.hl,
                gl: &page.gl,
                visitor_data: page.visitor_data.as_deref(),
            },
        },
        video_id,
        content_check_ok: true,
        racy_check_ok: true,
    };
    let url = format!(
        "{}/youtubei/v1/player?key={}&prettyPrint=false",
        origin.trim().trim_end_matches('/'),
        encode(&page.api_key)
    );
    HttpRequest {
        url,
        method: "POST".to_owned(),
        headers: [
            ("content-type", "application/json"),
            ("x-youtube-client-name", client.id),
            ("x-youtube-client-version", client.version),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect(),
        // Only strings and booleans: serialising cannot fail.
        body: serde_json::to_string(&body).unwrap_or_default(),
    }
}

/// The player endpoint's answer (`status`, `body`) for `video_id`: its tracks, asking for the
/// classic XML format, or why there are none. An `OK` video without captions has no tracks.
pub fn player_captions(
    status: u16,
    body: &str,
    video_id: &str,
) -> Result<VideoCaptions, PlayerProblem> {
    let shape = |detail: String| PlayerProblem::Shape { detail };
    if !(200..300).contains(&status) {
        return Err(PlayerProblem::Refused {
            status,
            reason: refusal(body),
        });
    }
    let player: Value = serde_json::from_str(body).map_err(|e| shape(format!("not JSON ({e})")))?;
    let playability = player
        .pointer("/playabilityStatus/status")
        .and_then(Value::as_str)
        .ok_or_else(|| shape("no \"playabilityStatus.status\"".to_owned()))?;
    let reason = || {
        let said = |pointer: &str| player.pointer(pointer).and_then(Value::as_str);
        said("/playabilityStatus/reason")
            .or_else(|| said("/playabilityStatus/messages/0"))
            .unwrap_or_default()
            .to_owned()
    };
    match playability {
        "OK" => {}
        "LOGIN_REQUIRED" => return Err(PlayerProblem::Login { reason: reason() }),
        other => {
            return Err(PlayerProblem::Unplayable {
                status: other.to_owned(),
                reason: reason(),
            })
        }
    }
    let video = read_player(&player, TrackFormat::Classic).map_err(shape)?;
    if video.video_id != video_id {
        return Err(PlayerProblem::OtherVideo { id: video.video_id });
    }
    Ok(video)
}

/// A refusal's `error.status: error.message` (Google's JSON error shape), else "".
fn refusal(body: &str) -> String {
    let Ok(doc) = serde_json::from_str::<Value>(body) else {
        return String::new();
    };
    let said = |name: &str| {
        doc.pointer(&format!("/error/{name}"))
            .and_then(Value::as_str)
    };
    match (said("status"), said("message")) {
        (Some(status), Some(message)) => format!("{status}: {message}"),
        (one, other) => one.or(other).unwrap_or_default().to_owned(),
    }
}

#[cfg(test)]
#[path = "innertube_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "innertube_answer_tests.rs"]
mod answer_tests;
