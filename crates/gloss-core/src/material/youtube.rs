//! Which caption track of a YouTube video to read, from its watch page's player data.
//!
//! A watch page's HTML carries `var ytInitialPlayerResponse = {…};` in a script: the player's
//! data for that one video (`videoDetails.videoId`, `videoDetails.title`) and its caption
//! tracks under `captions.playerCaptionsTracklistRenderer.captionTracks`, each with a timedtext
//! `baseUrl`, a `languageCode`, a `name` (`simpleText`, or `runs[].text` in older pages) and
//! `"kind": "asr"` when speech recognition made it. That is the shape open-source transcript
//! readers rely on (jdepoix/youtube-transcript-api's `_extract_captions_json`, the
//! `playerCaptionsTracklistRenderer` readers of YouTube summariser extensions). The object is
//! read with `serde_json` as the first JSON value after the `=`, so the script that follows it
//! does not matter; a missing part is an error naming it. The innertube player endpoint
//! answers with the same object (`innertube.rs` asks it, because the web page's caption URLs
//! now answer empty without a proof-of-origin token), so both paths share `read_player`.

use serde::Serialize;
use serde_json::Value;

use super::caption_url::{track_url, TrackFormat};

/// A caption track the user can be told about and Gloss can fetch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CaptionTrack {
    /// The track's timedtext address, asking for json3 (from a watch page) or the classic XML
    /// (from the innertube player endpoint); `transcript_text` reads both.
    pub url: String,
    /// BCP 47 code, as YouTube gives it ("en", "de", "pt-BR").
    pub language: String,
    /// YouTube's own name for it, in the page's language ("English (auto-generated)").
    pub name: String,
    /// Made by speech recognition, not by a person.
    pub auto: bool,
}

/// One video's player data: which video it is and its caption tracks (none without captions).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VideoCaptions {
    pub video_id: String,
    pub title: String,
    pub tracks: Vec<CaptionTrack>,
}

const MARKER: &str = "ytInitialPlayerResponse";

/// The player data in a watch page's HTML. Its tracks ask for json3, which the web player's
/// own caption requests use.
pub fn video_captions(html: &str) -> Result<VideoCaptions, String> {
    let player = player_response(html).ok_or("no ytInitialPlayerResponse object in the page")?;
    read_player(&player, TrackFormat::Json3)
}

/// A player response (the page's `ytInitialPlayerResponse` or the innertube player endpoint's
/// answer, which share one shape) as the video and its caption tracks.
pub(super) fn read_player(player: &Value, format: TrackFormat) -> Result<VideoCaptions, String> {
    let details = player.get("videoDetails").ok_or("no \"videoDetails\"")?;
    let field = |name: &str| {
        details
            .get(name)
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or_else(|| format!("no \"videoDetails.{name}\""))
    };
    let (video_id, title) = (field("videoId")?, field("title")?);
    // A video without captions has no `captions` at all: that is no tracks, not a new shape.
    let tracks = match player.get("captions") {
        None => Vec::new(),
        Some(captions) => captions
            .pointer("/playerCaptionsTracklistRenderer/captionTracks")
            .and_then(Value::as_array)
            .ok_or("no \"captions.playerCaptionsTracklistRenderer.captionTracks\" list")?
            .iter()
            .enumerate()
            .map(|(i, t)| {
                track(t, format)
                    .ok_or_else(|| format!("caption track {i} has no baseUrl or languageCode"))
            })
            .collect::<Result<_, _>>()?,
    };
    Ok(VideoCaptions {
        video_id,
        title,
        tracks,
    })
}

/// The first `ytInitialPlayerResponse = {…}` assignment's object (a page also mentions the name
/// elsewhere, e.g. `window["ytInitialPlayerResponse"] = null`).
fn player_response(html: &str) -> Option<Value> {
    html.match_indices(MARKER).find_map(|(at, _)| {
        let rest = html[at + MARKER.len()..].trim_start();
        let rest = rest.strip_prefix('=')?.trim_start();
        if !rest.starts_with('{') {
            return None;
        }
        let mut values = serde_json::Deserializer::from_str(rest).into_iter::<Value>();
        values.next()?.ok()
    })
}

fn track(t: &Value, format: TrackFormat) -> Option<CaptionTrack> {
    let base = t.get("baseUrl")?.as_str()?;
    let language = t.get("languageCode")?.as_str()?.to_owned();
    let name = t
        .pointer("/name/simpleText")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let runs = || -> Option<String> {
        let runs = t.pointer("/name/runs")?.as_array()?;
        Some(
            runs.iter()
                .filter_map(|r| r.get("text")?.as_str())
                .collect(),
        )
    };
    Some(CaptionTrack {
        url: track_url(base, format),
        name: name.or_else(runs).unwrap_or_else(|| language.clone()),
        language,
        auto: t.get("kind").and_then(Value::as_str) == Some("asr"),
    })
}

/// The track to read: one in the user's language (`ui_language`, e.g. "de-DE"; a person's
/// before speech recognition's), else the original (a person's track in the spoken language,
/// which the recognised track names, else the first), else the recognised one.
pub fn pick_track<'a>(tracks: &'a [CaptionTrack], ui_language: &str) -> Option<&'a CaptionTrack> {
    let primary = |code: &str| {
        code.split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    let mine = primary(ui_language);
    let in_mine = |t: &&CaptionTrack| primary(&t.language) == mine;
    let person = |t: &&CaptionTrack| !t.auto;
    let spoken = tracks.iter().find(|t| t.auto).map(|t| primary(&t.language));
    tracks
        .iter()
        .filter(in_mine)
        .find(person)
        .or_else(|| tracks.iter().find(in_mine))
        .or_else(|| {
            let mut people = tracks.iter().filter(person);
            let first = people.clone().next();
            people
                .find(|t| Some(primary(&t.language)) == spoken)
                .or(first)
        })
        .or_else(|| tracks.first())
}

#[cfg(test)]
#[path = "youtube_tests.rs"]
mod tests;
