//! Caption track URLs (YouTube's timedtext addresses): which format one asks for, and whether
//! it answers only with a proof-of-origin token. Query strings are read and written here (with
//! [`crate::percent`]), so the other modules never pick a URL apart themselves.

use crate::percent::decode;

/// What a track's `url` asks YouTube for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TrackFormat {
    /// `fmt=json3`, whatever `fmt` the base URL named.
    Json3,
    /// No `fmt` at all: the classic `<transcript>` XML. The innertube player endpoint's URLs
    /// carry `fmt=srv3`; youtube-transcript-api drops it and reads the classic format, which
    /// is what these URLs are known to answer (`innertube.rs`).
    Classic,
}

/// `base` asking for `format`: any `fmt` it names is dropped, then json3 named if asked for.
pub(super) fn track_url(base: &str, format: TrackFormat) -> String {
    let (path, query) = base.split_once('?').unwrap_or((base, ""));
    let mut params: Vec<&str> = query
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("fmt="))
        .collect();
    if format == TrackFormat::Json3 {
        params.push("fmt=json3");
    }
    format!("{path}?{}", params.join("&"))
}

/// Whether a caption URL answers empty without a proof-of-origin token: its `exp` list names
/// `xpe` and it carries no `pot` (youtube-transcript-api refuses `&exp=xpe` URLs up front
/// with `PoTokenRequired`; yt-dlp PR #13234 adds the token).
pub fn caption_gated(url: &str) -> bool {
    let query = url.split_once('?').map_or("", |(_, q)| q);
    let query = query.split('#').next().unwrap_or_default();
    let param = |name: &str| {
        query
            .split('&')
            .filter_map(|p| p.split_once('='))
            .find(|(k, _)| *k == name)
            .map(|(_, v)| decode(v))
    };
    let xpe = param("exp").is_some_and(|exp| exp.split(',').any(|e| e.trim() == "xpe"));
    xpe && param("pot").is_none_or(|pot| pot.is_empty())
}

#[cfg(test)]
#[path = "caption_url_tests.rs"]
mod tests;
