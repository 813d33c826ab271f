//! YouTube's two XML caption formats as timed lines, for `transcript.rs`.
//!
//! - srv3 (`fmt=srv3`, what the innertube endpoint's track URLs name): `<timedtext
//!   format="3"><body><p t="1230" d="2500">text</p>…`, times in milliseconds. Auto-generated
//!   tracks split a `<p>` into word `<s>` segments whose text (spaces included) joins; rolling
//!   lines leave `<p>`s with only a line break, which are skipped.
//! - classic (no `fmt`, what youtube-transcript-api reads): `<transcript><text start="1.23"
//!   dur="2.5">…</text>`, times in seconds. Its text is escaped twice (`It&amp;#39;s`), so what
//!   XML decoding leaves is decoded once more; formatting arrives as escaped markup
//!   (`&lt;i&gt;not&lt;/i&gt;`, youtube-transcript-api's `transcript.xml.static`), and those
//!   tags are dropped as youtube-transcript-api drops them.
//!
//! The root element says which format it is; anything else, or XML that is not well-formed, is
//! an error naming the problem.

use quick_xml::escape::resolve_predefined_entity;
use quick_xml::events::{BytesRef, BytesStart, Event};
use quick_xml::Reader;

/// One format's names: the cue element, its start attribute, and that start's unit.
struct Format {
    cue: &'static str,
    start: &'static str,
    millis: bool,
}

const SRV3: Format = Format {
    cue: "p",
    start: "t",
    millis: true,
};
const CLASSIC: Format = Format {
    cue: "text",
    start: "start",
    millis: false,
};

/// Formatting tags the classic format carries as escaped markup (youtube-transcript-api's
/// `_FORMATTING_TAGS`, with `font` and `u`, which YouTube's own editor writes).
const FORMATTING: &[&str] = &[
    "b", "del", "em", "font", "i", "ins", "mark", "small", "strong", "sub", "sup", "u",
];

/// The cues of an srv3 or classic XML track as (start in seconds, text collapsed), in order;
/// cues without text are left out.
pub(super) fn xml_captions(xml: &str) -> Result<Vec<(u64, String)>, String> {
    let mut reader = Reader::from_str(xml);
    let (mut format, mut depth, mut cues) = (None::<&Format>, 0_usize, 0_usize);
    // The cue being read: its start as written, and its text so far.
    let mut cue: Option<(Option<String>, String)> = None;
    let mut out = Vec::new();
    loop {
        let event = reader
            .read_event()
            .map_err(|e| malformed(&e, reader.error_position()))?;
        match event {
            Event::Start(e) if format.is_none() => {
                format = Some(root(&e)?);
                depth += 1;
            }
            Event::Empty(e) if format.is_none() => format = Some(root(&e)?),
            Event::Start(e) => {
                depth += 1;
                let f = format.unwrap_or(&SRV3);
                if cue.is_none() && e.local_name().as_ref() == f.cue {
                    cue = Some((attribute(&e, f.start)?, String::new()));
                } else if let Some((_, text)) = &mut cue {
                    push_break(text, &e);
                }
            }
            Event::Empty(e) => {
                if let Some((_, text)) = &mut cue {
                    push_break(text, &e);
                }
            }
            Event::End(e) => {
                depth = depth.saturating_sub(1);
                let f = format.unwrap_or(&SRV3);
                if e.local_name().as_ref() == f.cue {
                    if let Some((start, raw)) = cue.take() {
                        cues += 1;
                        if let Some(line) = finish(start, &raw, f, cues - 1)? {
                            out.push(line);
                        }
                    }
                }
            }
            // Raw text: references come as `GeneralRef`s, and line ends are collapsed anyway.
            Event::Text(t) => {
                if let Some((_, text)) = &mut cue {
                    text.push_str(&t);
                }
            }
            Event::CData(t) => {
                if let Some((_, text)) = &mut cue {
                    text.push_str(&t);
                }
            }
            Event::GeneralRef(r) => {
                if let Some((_, text)) = &mut cue {
                    text.push_str(&reference(&r)?);
                }
            }
            Event::Eof if format.is_none() => return Err("no root element".to_owned()),
            Event::Eof if depth > 0 => return Err("the document ends before it closes".to_owned()),
            Event::Eof => return Ok(out),
            _ => {}
        }
    }
}

/// Why the XML is not well-formed, and where. Only the syntax errors are described: the
/// whole `quick_xml::Error` would bring `std::io::Error`'s text into the WASM (1.9 KB
/// gzipped, measured) for errors that reading a `&str` cannot have.
fn malformed(e: &quick_xml::Error, at: u64) -> String {
    let why = match e {
        quick_xml::Error::Syntax(e) => format!(": {e}"),
        quick_xml::Error::IllFormed(e) => format!(": {e}"),
        _ => String::new(),
    };
    format!("not well-formed XML at byte {at}{why}")
}

/// The format the root element names.
fn root(e: &BytesStart) -> Result<&'static Format, String> {
    match e.local_name().as_ref() {
        "timedtext" => Ok(&SRV3),
        "transcript" => Ok(&CLASSIC),
        other => Err(format!(
            "the root element <{other}> is neither srv3's <timedtext> nor the classic <transcript>"
        )),
    }
}

/// An attribute's value as written: the starts are numbers, so nothing in them is escaped.
fn attribute(e: &BytesStart, name: &str) -> Result<Option<String>, String> {
    let attr = e
        .try_get_attribute(name)
        .map_err(|_| format!("a bad attribute on <{name}>"))?;
    Ok(attr.map(|a| a.value.into_owned()))
}

/// A `<br/>` inside a cue is a line break: a space once collapsed.
fn push_break(text: &mut String, e: &BytesStart) {
    if e.local_name().as_ref() == "br" {
        text.push(' ');
    }
}

/// An entity or character reference's text.
fn reference(r: &BytesRef) -> Result<String, String> {
    if let Some(c) = r
        .resolve_char_ref()
        .map_err(|_| "a bad character reference".to_owned())?
    {
        return Ok(c.to_string());
    }
    resolve_predefined_entity(r)
        .map(str::to_owned)
        .ok_or_else(|| format!("an unknown entity &{};", &**r))
}

/// Cue number `i`'s line: its start in seconds and its text, decoded a second time, without
/// formatting tags, whitespace collapsed; `None` when that leaves no text.
fn finish(
    start: Option<String>,
    raw: &str,
    f: &Format,
    i: usize,
) -> Result<Option<(u64, String)>, String> {
    let text = strip_formatting(&decode_again(raw));
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() {
        return Ok(None);
    }
    let start = start.ok_or_else(|| format!("caption {i} has text but no \"{}\"", f.start))?;
    // Only whole seconds are shown: the part before any decimal point, read as a number.
    let whole = start.trim().split('.').next().unwrap_or_default();
    let number: u64 = whole
        .parse()
        .map_err(|_| format!("caption {i}'s \"{}\" is not a time: {start:?}", f.start))?;
    Ok(Some((if f.millis { number / 1000 } else { number }, text)))
}

/// `text` with the entities a second escaping left (`&#39;`, `&amp;`, `&quot;`…) decoded; an
/// `&` that starts no known entity stays as it is ("AT&T").
fn decode_again(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let name = rest[1..]
            .find(';')
            .filter(|&end| end <= 10)
            .map(|end| &rest[1..=end]);
        let decoded = name.and_then(|name| {
            let r = BytesRef::new(name);
            match r.resolve_char_ref() {
                Ok(Some(c)) => Some(c.to_string()),
                Ok(None) => resolve_predefined_entity(name).map(str::to_owned),
                Err(_) => None,
            }
        });
        if let (Some(name), Some(decoded)) = (name, decoded) {
            out.push_str(&decoded);
            rest = &rest[name.len() + 2..];
        } else {
            out.push('&');
            rest = &rest[1..];
        }
    }
    out.push_str(rest);
    out
}

/// `text` without the formatting tags (`<i>`, `</i>`, `<font color="…">`); other `<` stay.
fn strip_formatting(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let tag = rest.find('>').map(|end| &rest[..=end]).filter(|tag| {
            let name = tag[1..tag.len() - 1].trim_start_matches('/');
            let name = name.split(|c: char| c.is_whitespace() || c == '/').next();
            name.is_some_and(|n| FORMATTING.iter().any(|f| f.eq_ignore_ascii_case(n)))
        });
        let skip = tag.map_or(1, str::len);
        if tag.is_none() {
            out.push('<');
        }
        rest = &rest[skip..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
#[path = "caption_xml_tests.rs"]
mod tests;
