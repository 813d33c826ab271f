//! Markdown to safe HTML: the full render of a finished answer ([`render_markdown`]) and the
//! streaming renderer that produces the same HTML block by block ([`StreamRenderer`]).
//!
//! Safety: raw HTML is never passed through (comrak's `render.unsafe` stays false, so
//! `<script>` becomes a comment), and links and images are rendered by `format.rs`, which only
//! lets `http(s)`/`mailto` links and raster `data:` images through.

mod anchors;
mod code;
mod code_tail;
mod finished;
mod format;
mod list_tail;
mod math;
mod patch;
mod rows_tail;
mod stream;

use comrak::nodes::AstNode;
use comrak::options::{AlertStyleType, Extension, ListStyleType, Parse, Render};
use comrak::{parse_document, Arena, Options};

pub use anchors::Anchors;
pub use patch::{RenderPatch, TailCode, TailRows};
pub use stream::StreamRenderer;

/// The prefix of heading ids, so an answer's `# Settings` cannot produce an id that clashes
/// with one of the panel's own elements.
pub const HEADING_ID_PREFIX: &str = "gloss-h-";

/// The one place the rendering options are decided. A constant written out in full: nothing to
/// build at start, a comrak update's new option does not compile until it is decided here, and
/// the optimiser sees the values (235,447 → 235,149 bytes of WASM gzipped).
static OPTIONS: Options<'static> = Options {
    extension: Extension {
        // Tables, as GitHub renders them; models use them for comparisons.
        table: true,
        // `~~old~~`.
        strikethrough: true,
        // `- [ ] todo` becomes a disabled checkbox.
        tasklist: true,
        // Bare `https://…` and `www.…` become links (then filtered like any link).
        autolink: true,
        // `[^1]` references with their notes at the end.
        footnotes: true,
        // `$x$` inline and `$$x$$` display math. comrak's rule (no space after the opening `$`,
        // none before the closing one, no digit after it) keeps "$5 and $10" as text.
        math_dollars: true,
        // Heading ids are written by `format.rs` (prefixed, stable across streaming).
        header_id_prefix: None,
        // The rest is off: syntaxes beyond GitHub's, which models answering a chat do not write.
        superscript: false,
        header_id_prefix_in_href: false,
        inline_footnotes: false,
        description_lists: false,
        front_matter_delimiter: None,
        multiline_block_quotes: false,
        alerts: false,
        ofm_callouts: false,
        math_latex: false,
        math_code: false,
        wikilinks_title_after_pipe: false,
        wikilinks_title_before_pipe: false,
        wikilinks_ignore_embeds: false,
        underline: false,
        subscript: false,
        spoiler: false,
        greentext: false,
        ofm_comments: false,
        image_url_rewriter: None,
        link_url_rewriter: None,
        cjk_friendly_emphasis: false,
        subtext: false,
        highlight: false,
        insert: false,
        block_directive: false,
    },
    parse: Parse {
        smart: false,
        default_info_string: None,
        relaxed_tasklist_matching: false,
        tasklist_in_table: false,
        relaxed_autolinks: false,
        ignore_setext: false,
        broken_link_callback: None,
        leave_footnote_definitions: false,
        escaped_char_spans: false,
        sourcepos_chars: false,
    },
    render: Render {
        // Never pass raw HTML through: an answer may quote attacker-controlled page text.
        r#unsafe: false,
        // Keep ```rust as `class="language-rust"` on <code>, where the panel's highlighter looks.
        github_pre_lang: false,
        hardbreaks: false,
        full_info_string: false,
        width: 0,
        escape: false,
        list_style: ListStyleType::Dash,
        sourcepos: false,
        escaped_char_spans: false,
        ignore_empty_links: false,
        gfm_quirks: false,
        prefer_fenced: false,
        figure_with_caption: false,
        tasklist_classes: false,
        alert_style: AlertStyleType::Specific,
        ol_width: 0,
        experimental_minimize_commonmark: false,
        compact_html: false,
    },
};

pub fn options() -> &'static Options<'static> {
    &OPTIONS
}

/// Renders a complete markdown document to safe HTML.
pub fn render_markdown(src: &str) -> String {
    render_with(src, Anchors::default()).0
}

/// Renders `src` as a document of its own, with heading ids continuing from `anchors`.
pub(crate) fn render_with(src: &str, anchors: Anchors) -> (String, Anchors) {
    let arena = Arena::new();
    let root = parse(&arena, src);
    format::format(root, options(), anchors)
}

/// Parses `src` as a document, after turning LaTeX math delimiters into comrak's (`math.rs`).
fn parse<'a>(arena: &'a Arena<'a>, src: &str) -> &'a AstNode<'a> {
    parse_document(arena, &math::normalize_delimiters(src), options())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_the_common_blocks() {
        let html = render_markdown(
            "# Title\n\n- one\n- two\n\n```rust\nfn main() {}\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[link](https://example.com)\n",
        );
        assert!(
            html.contains(r#"<h1 id="gloss-h-title">Title</h1>"#),
            "{html}"
        );
        assert!(html.contains("<li>one</li>"));
        assert!(html.contains(r#"<code class="language-rust">fn main() {}"#));
        assert!(html.contains("<table>"));
        assert!(html.contains(
            r#"<a href="https://example.com" target="_blank" rel="noopener noreferrer">link</a>"#
        ));
    }

    #[test]
    fn raw_html_and_script_links_do_not_survive() {
        let html = render_markdown(
            "<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>",
        );
        assert!(!html.contains("<script"));
        assert!(!html.contains("javascript:"));
        assert!(!html.contains("onerror"));
        assert!(
            html.contains("<p>x <!-- raw HTML omitted --></p>"),
            "{html}"
        );
    }

    #[test]
    fn repeated_headings_get_distinct_ids() {
        let html = render_markdown("## Setup\n\n## Setup\n");
        assert!(html.contains(r#"id="gloss-h-setup""#) && html.contains(r#"id="gloss-h-setup-1""#));
    }

    #[test]
    fn task_lists_and_strikethrough() {
        let html = render_markdown("- [x] done\n- [ ] todo\n\n~~old~~");
        assert!(html.contains(r#"type="checkbox""#));
        assert!(html.contains("<del>old</del>"));
    }

    #[test]
    fn remote_images_wait_for_a_click() {
        let html = render_markdown("![a *cat*](https://img.example.com/cat.png?u=1)");
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains(r#"data-src="https://img.example.com/cat.png?u=1""#));
        assert!(html.contains(r#"<span class="remote-image-host">img.example.com</span>"#));
        assert!(html.contains(">a cat</span>"), "alt text is plain: {html}");
    }

    #[test]
    fn prices_are_not_math_but_math_is() {
        assert_eq!(
            render_markdown("It costs $5 and $10."),
            "<p>It costs $5 and $10.</p>\n"
        );
        assert!(
            render_markdown("Area $a^2$").contains(r#"<span data-math-style="inline">a^2</span>"#)
        );
    }
}
