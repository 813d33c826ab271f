//! Gloss's HTML formatter: comrak's, with three nodes rendered our way.
//!
//! - Headings get ids from [`Anchors`], which outlive one render (see `anchors.rs`).
//! - Links: only `http`, `https` and `mailto` become links (new tab, no opener, no referrer);
//!   `#fragment` links stay in the panel. Any other target becomes plain text, never
//!   `<a href="">`, which would reload the panel.
//! - Images: raster `data:` images display; remote ones become a placeholder button naming
//!   the host, loaded only on a click (an injected page could otherwise exfiltrate data
//!   through an image URL the model was tricked into writing). Anything else shows its alt text.

use std::fmt::Write;

use comrak::nodes::{AstNode, NodeLink, NodeValue};
use comrak::{create_formatter, html::ChildRendering};

use super::anchors::Anchors;
use super::HEADING_ID_PREFIX;

create_formatter!(GlossFormatter<Anchors>, {
    NodeValue::Heading(ref nh) => |context, node, entering| {
        if entering {
            context.cr()?;
            let id = context.user.anchorize(&node.collect_text());
            write!(context, "<h{} id=\"{HEADING_ID_PREFIX}{id}\">", nh.level)?;
        } else {
            write!(context, "</h{}>", nh.level)?;
            context.lf()?;
        }
    },
    NodeValue::Link(ref nl) => |context, entering| {
        match Target::of(&nl.url) {
            Target::Web => {
                if entering {
                    context.write_str("<a href=\"")?;
                    context.escape_href(nl.url.trim())?;
                    title(context, nl)?;
                    context.write_str("\" target=\"_blank\" rel=\"noopener noreferrer\">")?;
                } else {
                    context.write_str("</a>")?;
                }
            }
            Target::Fragment => {
                if entering {
                    context.write_str("<a href=\"")?;
                    context.escape_href(nl.url.trim())?;
                    title(context, nl)?;
                    context.write_str("\">")?;
                } else {
                    context.write_str("</a>")?;
                }
            }
            // The link text stays; only the link goes.
            Target::Refused => {}
        }
    },
    NodeValue::Image(ref nl) => |context, entering| {
        match Target::of_image(&nl.url) {
            ImageTarget::Inline => {
                if entering {
                    context.write_str("<img src=\"")?;
                    context.escape_href(nl.url.trim())?;
                    context.write_str("\" alt=\"")?;
                    return Ok(ChildRendering::Plain);
                }
                title(context, nl)?;
                context.write_str("\" />")?;
            }
            ImageTarget::Remote => {
                if entering {
                    context.write_str("<button type=\"button\" class=\"remote-image\" data-src=\"")?;
                    context.escape_href(nl.url.trim())?;
                    context.write_str("\" title=\"Load image from ")?;
                    context.escape(host(&nl.url))?;
                    context.write_str("\"><span class=\"remote-image-alt\">")?;
                    return Ok(ChildRendering::Plain);
                }
                context.write_str("</span> <span class=\"remote-image-host\">")?;
                context.escape(host(&nl.url))?;
                context.write_str("</span></button>")?;
            }
            ImageTarget::Refused => {
                if entering {
                    return Ok(ChildRendering::Plain);
                }
            }
        }
    },
});

/// Renders `root` with Gloss's formatter; heading ids continue from `anchors`.
pub fn format<'a>(
    root: &'a AstNode<'a>,
    options: &comrak::Options,
    anchors: Anchors,
) -> (String, Anchors) {
    let mut html = String::new();
    let anchors = GlossFormatter::format_document(root, options, &mut html, anchors)
        .unwrap_or_else(|_| unreachable!("formatting into a String cannot fail"));
    (html, anchors)
}

fn title<T>(context: &mut comrak::html::Context<T>, nl: &NodeLink) -> std::fmt::Result {
    if !nl.title.is_empty() {
        context.write_str("\" title=\"")?;
        context.escape(&nl.title)?;
    }
    Ok(())
}

enum Target {
    Web,
    Fragment,
    Refused,
}

enum ImageTarget {
    Inline,
    Remote,
    Refused,
}

impl Target {
    fn of(url: &str) -> Self {
        let url = url.trim();
        if url.starts_with('#') {
            Self::Fragment
        } else if has_scheme(url, &["http:", "https:", "mailto:"]) && !url.contains(['\n', '\r']) {
            Self::Web
        } else {
            Self::Refused
        }
    }

    fn of_image(url: &str) -> ImageTarget {
        let url = url.trim();
        // SVG can carry script; only raster formats display inline.
        if has_scheme(
            url,
            &[
                "data:image/png",
                "data:image/jpeg",
                "data:image/gif",
                "data:image/webp",
            ],
        ) {
            ImageTarget::Inline
        } else if has_scheme(url, &["http:", "https:"]) {
            ImageTarget::Remote
        } else {
            ImageTarget::Refused
        }
    }
}

fn has_scheme(url: &str, prefixes: &[&str]) -> bool {
    prefixes.iter().any(|p| {
        url.len() >= p.len()
            && url.is_char_boundary(p.len())
            && url[..p.len()].eq_ignore_ascii_case(p)
    })
}

/// The host of an absolute URL, for the image placeholder's label.
fn host(url: &str) -> &str {
    let rest = url.trim().split_once("://").map_or("", |(_, r)| r);
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..end];
    authority.rsplit_once('@').map_or(authority, |(_, h)| h)
}
