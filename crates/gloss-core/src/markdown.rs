//! Markdown to safe HTML for a finished answer.
//!
//! Safety comes from comrak itself: raw HTML is never passed through (`render.unsafe` stays
//! false, so `<script>` becomes a comment) and dangerous link schemes (`javascript:`,
//! `vbscript:`, `file:`, non-image `data:`) are blanked. The panel additionally opens links
//! in a new tab instead of navigating itself.

use comrak::{markdown_to_html, Options};

/// The prefix of generated heading ids, so an answer's `# Settings` cannot produce an id that
/// clashes with one of the panel's own elements.
pub const HEADING_ID_PREFIX: &str = "gloss-h-";

/// The one place the rendering options are decided.
pub fn options() -> Options<'static> {
    let mut o = Options::default();
    // GitHub-flavoured markdown, as models write it.
    o.extension.table = true;
    o.extension.strikethrough = true;
    o.extension.tasklist = true;
    o.extension.autolink = true;
    o.extension.footnotes = true;
    o.extension.header_id_prefix = Some(HEADING_ID_PREFIX.to_owned());
    // ...and the heading's own anchor link points at that prefixed id.
    o.extension.header_id_prefix_in_href = true;
    // Never pass raw HTML through: an answer may quote attacker-controlled page text.
    o.render.r#unsafe = false;
    // Keep ```rust as `class="language-rust"` on <code>, where highlighters look for it.
    o.render.github_pre_lang = false;
    o
}

/// Renders a complete markdown document to safe HTML.
pub fn render_markdown(src: &str) -> String {
    markdown_to_html(src, &options())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_the_common_blocks() {
        let html = render_markdown(
            "# Title\n\n- one\n- two\n\n```rust\nfn main() {}\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[link](https://example.com)\n",
        );
        assert!(html.contains(r##"<h1 id="gloss-h-title">Title<a href="#gloss-h-title""##));
        assert!(html.contains("<li>one</li>"));
        assert!(html.contains(r#"<code class="language-rust">fn main() {}"#));
        assert!(html.contains("<table>"));
        assert!(html.contains(r#"<a href="https://example.com">link</a>"#));
    }

    #[test]
    fn raw_html_and_script_links_do_not_survive() {
        let html = render_markdown(
            "<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>",
        );
        assert!(!html.contains("<script"));
        assert!(!html.contains("javascript:"));
        assert!(!html.contains("onerror"));
    }

    #[test]
    fn heading_ids_are_prefixed() {
        assert!(render_markdown("## Settings").contains("gloss-h-settings"));
    }

    #[test]
    fn task_lists_and_strikethrough() {
        let html = render_markdown("- [x] done\n- [ ] todo\n\n~~old~~");
        assert!(html.contains(r#"type="checkbox""#));
        assert!(html.contains("<del>old</del>"));
    }
}
