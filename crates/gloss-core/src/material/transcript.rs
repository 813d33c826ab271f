//! A YouTube video's caption track as a timestamped transcript ("[12:34] text" per line), from
//! the track's timedtext document: json3 (`fmt=json3`, read here) or one of the XML formats
//! (srv3 and the classic `<transcript>`, read by `caption_xml.rs`). The first character tells
//! them apart: `{` is json3, `<` is XML.
//!
//! The json3 shape is YouTube's, undocumented; it is the one open-source readers parse (for
//! example the TypeScript `TimedtextEvent` in several YouTube summarisers, and the `events` /
//! `segs` schema of youtube-dl's and yt-dlp's json3 subtitle readers): `{"events": [{"tStartMs",
//! "dDurationMs", "segs": [{"utf8", "tOffsetMs"?}]}]}`. Events without `segs` set up windows and
//! styles; events whose text is only a line break (`"aAppend": 1`) join the rolling lines of
//! auto-generated captions. Anything else (no `events` list, an event with text but no start)
//! means YouTube changed the format: that is an error naming what is missing, never a guess.

use std::fmt::Write;

use serde_json::Value;

use super::caption_xml::xml_captions;

/// The transcript of a caption track (json3, srv3 or classic XML): one line per caption,
/// "[m:ss] text" (hours as "[h:mm:ss]"), whitespace collapsed. Empty when the track has no
/// text at all.
pub fn transcript_text(body: &str) -> Result<String, String> {
    let body = body.trim_start_matches('\u{feff}').trim_start();
    let captions = if body.starts_with('<') {
        xml_captions(body)?
    } else {
        json3_captions(body)?
    };
    let mut out = String::new();
    for (start, text) in captions {
        let _ = writeln!(out, "[{}] {text}", timestamp(start));
    }
    Ok(out)
}

/// A json3 document's captions as (start in seconds, text).
fn json3_captions(json3: &str) -> Result<Vec<(u64, String)>, String> {
    let doc: Value = serde_json::from_str(json3).map_err(|e| format!("not JSON ({e})"))?;
    let events = doc
        .get("events")
        .and_then(Value::as_array)
        .ok_or("no \"events\" list")?;
    let mut out = Vec::new();
    for (i, event) in events.iter().enumerate() {
        let Some(text) = event_text(event, i)? else {
            continue;
        };
        let start = event
            .get("tStartMs")
            .and_then(Value::as_u64)
            .ok_or_else(|| format!("event {i} has text but no \"tStartMs\""))?;
        out.push((start / 1000, text));
    }
    Ok(out)
}

/// An event's caption text, collapsed; `None` for events that only set up windows or break lines.
fn event_text(event: &Value, i: usize) -> Result<Option<String>, String> {
    let Some(segs) = event.get("segs") else {
        return Ok(None);
    };
    let segs = segs
        .as_array()
        .ok_or_else(|| format!("event {i}'s \"segs\" is not a list"))?;
    let mut raw = String::new();
    for seg in segs {
        let utf8 = seg
            .get("utf8")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("a segment of event {i} has no \"utf8\" text"))?;
        raw.push_str(utf8);
    }
    let text = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    Ok((!text.is_empty()).then_some(text))
}

/// `seconds` as a video player shows a position: "m:ss", or "h:mm:ss" from an hour on.
pub fn timestamp(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
#[path = "transcript_tests.rs"]
mod tests;
