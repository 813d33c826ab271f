//! YouTube captions at the boundary: the watch page's tracks, the innertube player request and
//! its answer (`material::innertube`; the web page's own caption URLs need a proof-of-origin
//! token now), and a track's document as "[m:ss] text" lines. The worker fetches; these only
//! convert.

use gloss_core::material::{self, CaptionTrack, PlayerProblem, VideoCaptions};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js};

#[wasm_bindgen(typescript_custom_section)]
const YOUTUBE_TYPES: &str = r#"
/**
 * A caption track of a YouTube video. `url` asks for json3 (a watch page's tracks) or the
 * classic XML (the player endpoint's); `transcriptText` reads both.
 */
export interface CaptionTrack { url: string; language: string; name: string; auto: boolean }
/** A video, its caption tracks, and the one to read (the core's choice). */
export interface VideoCaptions { videoId: string; title: string; tracks: CaptionTrack[]; track: CaptionTrack | null }
/** A client to ask YouTube's player endpoint as; `captionClients()` lists them in the order to try. */
export interface InnertubeClient { name: string; id: string; version: string }
/** What a watch page's `ytcfg` says the player endpoint needs. */
export interface PageInnertube { apiKey: string; hl: string; gl: string; visitorData?: string }
/**
 * Why the player endpoint gave no tracks: `refused` is a non-2xx answer (`reason` is
 * "STATUS: message" from its JSON error, or ""; 400 "FAILED_PRECONDITION: …" means the client
 * version is outdated), `login` a bot check or age limit, `unplayable` any other playability
 * status, `otherVideo` an answer about another video, `shape` an answer not in the known shape.
 */
export type PlayerProblem =
  | { kind: 'refused'; status: number; reason: string }
  | { kind: 'login'; reason: string }
  | { kind: 'unplayable'; status: string; reason: string }
  | { kind: 'otherVideo'; id: string }
  | { kind: 'shape'; detail: string };
/** The player endpoint's answer: the video with its tracks and the one to read, or the problem. */
export type PlayerCaptions = ({ ok: true } & VideoCaptions) | { ok: false; problem: PlayerProblem };
"#;

/// A video with the track to read for a user whose language is `ui_language`.
#[derive(Serialize)]
struct Picked<'a> {
    #[serde(flatten)]
    video: &'a VideoCaptions,
    track: Option<&'a CaptionTrack>,
}

impl<'a> Picked<'a> {
    fn new(video: &'a VideoCaptions, ui_language: &str) -> Self {
        let track = material::pick_track(&video.tracks, ui_language);
        Self { video, track }
    }
}

/// The video in a watch page's HTML with its caption tracks, and the one to read for a user whose
/// language is `uiLanguage`. Throws an `Error` naming what is missing when the page's shape changed.
#[wasm_bindgen(js_name = videoCaptions, unchecked_return_type = "VideoCaptions")]
pub fn video_captions(html: &str, ui_language: &str) -> Result<JsValue, JsError> {
    let video = material::video_captions(html).map_err(|e| JsError::new(&e))?;
    Ok(to_js(&Picked::new(&video, ui_language)))
}

/// A caption track's document (json3, srv3 or classic XML) as "[m:ss] text" lines. Throws an
/// `Error` naming the problem when the format changed or the XML is malformed.
#[wasm_bindgen(js_name = transcriptText)]
pub fn transcript_text(body: &str) -> Result<String, JsError> {
    material::transcript_text(body).map_err(|e| JsError::new(&e))
}

/// The player endpoint's key, language and region from a watch page's `ytcfg`. Throws an
/// `Error` naming what is missing.
#[wasm_bindgen(js_name = innertubeFromPage, unchecked_return_type = "PageInnertube")]
pub fn innertube_from_page(html: &str) -> Result<JsValue, JsError> {
    let page = material::page_innertube(html).map_err(|e| JsError::new(&e))?;
    Ok(to_js(&page))
}

/// The clients to ask the player endpoint as, in the order to try them.
#[wasm_bindgen(js_name = captionClients, unchecked_return_type = "InnertubeClient[]")]
pub fn caption_clients() -> JsValue {
    to_js(&material::CAPTION_CLIENTS)
}

/// The player request for `videoId` as `captionClients()[clientIndex]`, on `origin`
/// (`https://www.youtube.com`). Throws an `Error` for a bad page or index.
#[wasm_bindgen(js_name = playerRequest, unchecked_return_type = "HttpRequest")]
pub fn player_request(
    origin: &str,
    video_id: &str,
    #[wasm_bindgen(unchecked_param_type = "PageInnertube")] page: JsValue,
    client_index: u32,
) -> Result<JsValue, JsError> {
    let page: material::PageInnertube = from_js(page, "innertube page settings")?;
    let client = usize::try_from(client_index)
        .ok()
        .and_then(|i| material::CAPTION_CLIENTS.get(i))
        .ok_or_else(|| JsError::new(&format!("no caption client {client_index}")))?;
    Ok(to_js(&material::player_request(
        origin, video_id, &page, client,
    )))
}

/// The player endpoint's answer (`status`, `body`) for `videoId`: its tracks and the one to read
/// for a user whose language is `uiLanguage`, or the problem.
#[wasm_bindgen(js_name = playerCaptions, unchecked_return_type = "PlayerCaptions")]
pub fn player_captions(status: u16, body: &str, video_id: &str, ui_language: &str) -> JsValue {
    #[derive(Serialize)]
    struct Found<'a> {
        ok: bool,
        #[serde(flatten)]
        picked: Picked<'a>,
    }
    #[derive(Serialize)]
    struct Failed<'a> {
        ok: bool,
        problem: &'a PlayerProblem,
    }
    match material::player_captions(status, body, video_id) {
        Ok(video) => to_js(&Found {
            ok: true,
            picked: Picked::new(&video, ui_language),
        }),
        Err(problem) => to_js(&Failed {
            ok: false,
            problem: &problem,
        }),
    }
}

/// Whether a caption URL answers empty without a proof-of-origin token (`exp=xpe`, no `pot`).
#[wasm_bindgen(js_name = captionGated)]
pub fn caption_gated(url: &str) -> bool {
    material::caption_gated(url)
}
