//! The XSS corpus (`fixtures/xss/payloads.md`, also loaded into the panel by the e2e tests):
//! whatever an answer contains, the HTML Gloss renders has no element that runs or loads
//! anything, no event-handler attribute, and only safe URLs — in the full render and in every
//! tail shown while streaming.

use gloss_core::{render_markdown, StreamRenderer};

const FORBIDDEN_TAGS: &[&str] = &[
    "script", "iframe", "object", "embed", "style", "svg", "math", "form", "base", "meta", "link",
    "frame", "frameset", "video", "audio", "source", "noscript", "template",
];

fn payloads() -> Vec<String> {
    let text = include_str!("fixtures/xss/payloads.md");
    let body = text.split_once('\n').map_or(text, |(first, rest)| {
        if first.starts_with("<!-- XSS payloads") {
            rest
        } else {
            text
        }
    });
    body.split("\n%%%%%\n").map(str::to_owned).collect()
}

struct Tag {
    name: String,
    attrs: Vec<(String, String)>,
}

/// Reads the start tags of HTML that comrak wrote: text is escaped there, so every `<` that
/// is followed by a letter opens a real tag.
fn tags(html: &str) -> Vec<Tag> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        rest = &rest[i + 1..];
        if rest.starts_with("!--") {
            rest = rest.find("-->").map_or("", |e| &rest[e + 3..]);
            continue;
        }
        let name_len = rest
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(rest.len());
        if name_len == 0 {
            continue;
        }
        let mut tag = Tag {
            name: rest[..name_len].to_ascii_lowercase(),
            attrs: Vec::new(),
        };
        let mut s = &rest[name_len..]; // the rest of the tag
        loop {
            s = s.trim_start();
            if s.is_empty() || s.starts_with('>') || s.starts_with("/>") {
                break;
            }
            let name_end = s
                .find(|c: char| c.is_whitespace() || c == '=' || c == '>' || c == '/')
                .unwrap_or(s.len())
                .max(1);
            let name = s[..name_end].to_ascii_lowercase();
            s = &s[name_end..];
            let mut value = String::new();
            if let Some(after) = s.strip_prefix('=') {
                let quote = after.chars().next().unwrap_or('"');
                let (v, r) = if quote == '"' || quote == '\'' {
                    let end = after[1..].find(quote).map_or(after.len(), |e| e + 1);
                    (&after[1..end], after.get(end + 1..).unwrap_or(""))
                } else {
                    let end = after
                        .find(|c: char| c.is_whitespace() || c == '>')
                        .unwrap_or(after.len());
                    (&after[..end], &after[end..])
                };
                v.clone_into(&mut value);
                s = r;
            }
            tag.attrs.push((name, value));
        }
        rest = s;
        out.push(tag);
    }
    out
}

/// A URL as a browser would read it: entities decoded, controls and spaces dropped, lowercased.
fn normalised(url: &str) -> String {
    url.replace("&amp;", "&")
        .replace("&#58;", ":")
        .replace("&colon;", ":")
        .chars()
        .filter(|c| !c.is_control() && !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase()
}

fn assert_safe(html: &str, what: &str) {
    for tag in tags(html) {
        assert!(
            !FORBIDDEN_TAGS.contains(&tag.name.as_str()),
            "{what}: <{}> in {html}",
            tag.name
        );
        if tag.name == "input" {
            let attrs: Vec<_> = tag.attrs.iter().map(|(n, _)| n.as_str()).collect();
            assert!(
                attrs.contains(&"disabled"),
                "{what}: an enabled <input> in {html}"
            );
        }
        for (name, value) in &tag.attrs {
            assert!(!name.starts_with("on"), "{what}: {name}= in {html}");
            assert!(
                name != "srcdoc" && name != "style" && name != "formaction",
                "{what}: {name}= in {html}"
            );
            let url = normalised(value);
            let ok = match name.as_str() {
                "href" => ["http:", "https:", "mailto:", "#"]
                    .iter()
                    .any(|p| url.starts_with(p)),
                "src" => [
                    "data:image/png",
                    "data:image/jpeg",
                    "data:image/gif",
                    "data:image/webp",
                ]
                .iter()
                .any(|p| url.starts_with(p)),
                "data-src" => url.starts_with("http:") || url.starts_with("https:"),
                _ => !url.contains("javascript:") && !url.starts_with("data:"),
            };
            assert!(ok, "{what}: {name}=\"{value}\" in {html}");
        }
    }
}

#[test]
fn the_corpus_is_large_enough() {
    assert!(payloads().len() >= 50, "keep at least 50 payloads");
}

#[test]
fn rendered_payloads_are_inert() {
    for (i, payload) in payloads().iter().enumerate() {
        assert_safe(&render_markdown(payload), &format!("payload {i}"));
    }
}

#[test]
fn every_streamed_tail_is_inert_too() {
    for (i, payload) in payloads().iter().enumerate() {
        let mut renderer = StreamRenderer::new();
        let mut at = 0;
        while at < payload.len() {
            let mut end = (at + 3).min(payload.len());
            while !payload.is_char_boundary(end) {
                end += 1;
            }
            let patch = renderer.push(&payload[at..end]);
            at = end;
            for html in patch.frozen.iter().chain([&patch.tail]) {
                assert_safe(html, &format!("payload {i} after {at} bytes"));
            }
        }
        for html in renderer.finish().frozen {
            assert_safe(&html, &format!("payload {i} at the end"));
        }
    }
}

#[test]
fn the_checker_catches_what_it_should() {
    let bad = [
        "<script>x</script>",
        "<a href=\"javascript:x\">",
        "<img src=\"https://evil/x\">",
        "<p onclick=\"x\">",
        "<a href=\" JAVA&#58;script:x\">",
    ];
    for html in bad {
        assert!(
            std::panic::catch_unwind(|| assert_safe(html, "probe")).is_err(),
            "{html}"
        );
    }
}
