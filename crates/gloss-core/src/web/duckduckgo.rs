//! DuckDuckGo's no-JavaScript results page (`html.duckduckgo.com/html/`) read as results. The
//! page's shape, as SearXNG's `duckduckgo.py` and others read it (fixtures in
//! `tests/fixtures/web/duckduckgo/`, their sources in its README):
//!
//! ```html
//! <div class="result results_links results_links_deep web-result ">
//!   <h2 class="result__title"><a rel="nofollow" class="result__a"
//!     href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.org%2F&amp;rut=…">Title</a></h2>
//!   <a class="result__url" href="…">example.org</a>
//!   <a class="result__snippet" href="…">Text with <b>the words</b> searched</a>
//! </div>
//! ```
//!
//! Ads are blocks with `result--ad` whose links go to `duckduckgo.com/y.js`. A search without
//! results has `<div class="no-results">No  results.</div>`. When DuckDuckGo suspects a bot it
//! answers (often with 200 or 202) a page with `<form id="challenge-form">` and
//! `anomaly-modal__…` classes ("Unfortunately, bots use DuckDuckGo too."): results may not be
//! had then, and the user must hear so rather than "nothing found".

use super::markup::{attr, plain, tokens, Token};
use super::{Collector, SearchEngine, SearchProblem, SearchResult};
use crate::percent::decode;

/// The results on a results page, or why there are none.
pub(super) fn results(page: &str) -> Result<Vec<SearchResult>, SearchProblem> {
    let mut scan = Scan::default();
    for token in tokens(page) {
        scan.token(token);
    }
    scan.flush();
    if !scan.found.results.is_empty() || scan.seen.links {
        return Ok(scan.found.results);
    }
    if scan.seen.bot_check {
        return Err(SearchProblem::Refused {
            engine: SearchEngine::DuckDuckGo,
            status: None,
        });
    }
    // The marker's text has two spaces on the live page; some older copies have one.
    if scan.seen.no_results || page.contains("No  results.") || page.contains("No results.") {
        return Ok(Vec::new());
    }
    Err(SearchProblem::changed(
        SearchEngine::DuckDuckGo,
        "no result__a links and no \"No results\" marker",
    ))
}

/// What a scan has seen so far.
#[derive(Default)]
struct Scan {
    found: Collector,
    /// Whether the result block being read is an ad.
    in_ad: bool,
    /// The title or snippet anchor being read.
    capture: Option<Capture>,
    /// A result whose title has been read, waiting for its snippet.
    pending: Option<Pending>,
    seen: Signs,
}

/// What the page shows of itself, for when it holds no results.
#[derive(Default)]
struct Signs {
    /// A title link (an ad's too): the page is in the shape known.
    links: bool,
    /// The bot check's markup.
    bot_check: bool,
    /// The "No results." marker.
    no_results: bool,
}

struct Capture {
    /// The element's name: its end tag ends the capture.
    name: String,
    title: bool,
    href: String,
    text: String,
}

struct Pending {
    href: String,
    title: String,
    snippet: Option<String>,
    ad: bool,
}

impl Scan {
    fn token(&mut self, token: Token<'_>) {
        match token {
            Token::Start { name, attrs } => self.start(name, attrs),
            Token::Text(text) => {
                if let Some(capture) = &mut self.capture {
                    capture.text.push_str(text);
                }
            }
            Token::End { name } => {
                if self
                    .capture
                    .as_ref()
                    .is_some_and(|c| c.name.eq_ignore_ascii_case(name))
                {
                    self.end_capture();
                }
            }
        }
    }

    fn start(&mut self, name: &str, attrs: &str) {
        let class = attr(attrs, "class").unwrap_or_default();
        let has = |wanted: &str| class.split_ascii_whitespace().any(|c| c == wanted);
        if let Some(capture) = &mut self.capture {
            if name.eq_ignore_ascii_case("br") {
                capture.text.push(' ');
            }
            // Inline markup (`<b>`) stays inside; the next result's markup means the anchor
            // was never closed, and must not swallow the rest of the page.
            if !(has("result") || has("web-result") || has("result__a")) {
                return;
            }
            self.end_capture();
        }
        if has("result") || has("web-result") {
            self.flush();
            self.in_ad = has("result--ad");
        }
        if class.contains("anomaly-modal")
            || attr(attrs, "id").is_some_and(|id| id == "challenge-form")
        {
            self.seen.bot_check = true;
        }
        self.seen.no_results |= has("no-results");
        let title = has("result__a");
        if title || has("result__snippet") {
            if title {
                self.flush();
                self.seen.links = true;
            }
            self.capture = Some(Capture {
                name: name.to_owned(),
                title,
                href: attr(attrs, "href").unwrap_or_default(),
                text: String::new(),
            });
        }
    }

    fn end_capture(&mut self) {
        let Some(capture) = self.capture.take() else {
            return;
        };
        let text = plain(&capture.text);
        if capture.title {
            self.pending = Some(Pending {
                href: capture.href,
                title: text,
                snippet: None,
                ad: self.in_ad,
            });
        } else if let Some(pending) = &mut self.pending {
            pending.snippet.get_or_insert(text);
        }
    }

    /// Hands on the pending result, unless it is an ad.
    fn flush(&mut self) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        if let (false, Link::Target(url)) = (pending.ad, link(&pending.href)) {
            let snippet = pending.snippet.unwrap_or_default();
            self.found.push(&url, &pending.title, &snippet);
        }
    }
}

/// Where a result link leads.
#[derive(Debug, PartialEq, Eq)]
enum Link {
    Target(String),
    /// DuckDuckGo's ad click (`/y.js?…`).
    Ad,
}

/// A result's `href` as the address it leads to: protocol-relative links made `https:`, and
/// DuckDuckGo's click redirect (`//duckduckgo.com/l/?uddg=<target>&rut=…`) unwrapped.
fn link(href: &str) -> Link {
    let href = href.trim();
    let href = match href.strip_prefix("//") {
        Some(rest) => format!("https://{rest}"),
        None => href.to_owned(),
    };
    let Some(after_scheme) = href
        .strip_prefix("https://")
        .or_else(|| href.strip_prefix("http://"))
    else {
        return Link::Target(href);
    };
    let (host, path) = after_scheme.split_at(after_scheme.find('/').unwrap_or(after_scheme.len()));
    let host = host.to_ascii_lowercase();
    if host != "duckduckgo.com" && !host.ends_with(".duckduckgo.com") {
        return Link::Target(href);
    }
    if path.starts_with("/y.js") {
        return Link::Ad;
    }
    let query = path.split_once('?').map_or("", |(_, q)| q);
    let target = query
        .split('&')
        .find_map(|p| p.strip_prefix("uddg="))
        .map(decode);
    // A DuckDuckGo link that is no redirect (a settings page) leads nowhere worth a result.
    Link::Target(target.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_unwrapped_and_ads_seen() {
        let cases = [
            (
                "//duckduckgo.com/l/?uddg=https%3A%2F%2Fex.org%2Fa%3Fb%3D1%26c%3D2&rut=ab",
                Link::Target("https://ex.org/a?b=1&c=2".to_owned()),
            ),
            (
                "https://duckduckgo.com/l/?kh=-1&uddg=http%3A%2F%2Fex.org%2F",
                Link::Target("http://ex.org/".to_owned()),
            ),
            (
                "https://ex.org/x",
                Link::Target("https://ex.org/x".to_owned()),
            ),
            ("//ex.org/x", Link::Target("https://ex.org/x".to_owned())),
            ("https://duckduckgo.com/y.js?ad_domain=x", Link::Ad),
            (
                "https://DuckDuckGo.com/settings",
                Link::Target(String::new()),
            ),
        ];
        for (href, want) in cases {
            assert_eq!(link(href), want, "{href}");
        }
    }
}
