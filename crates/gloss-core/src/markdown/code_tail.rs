//! The fast path for an open fenced code block at the end of the answer.
//!
//! Until its closing fence arrives, such a block is the whole open tail and only ever grows, so
//! re-parsing it on every chunk would make a long code block quadratic. Instead the renderer
//! hands over the new text: completed lines are appended to the `<code>` element once, and only
//! the unfinished last line is replaced. Anything this path is not sure about (a line that may
//! close the fence, a carriage return or NUL that the parser would rewrite) hands control back
//! to the full path, which re-parses once.

use comrak::nodes::{AstNode, NodeValue};
use serde::{Deserialize, Serialize};

use super::anchors::Anchors;
use super::finished::line_offsets;
use super::render_with;

/// The open code block's new text, as plain text (the consumer puts it in text nodes; no HTML).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TailCode {
    /// Completed lines to append to the code after what it already holds.
    pub append: String,
    /// The unfinished last line, as it stands, replacing the previous one.
    pub live: String,
}

#[derive(Debug, Clone)]
pub(super) struct CodeTail {
    fence_char: u8,
    fence_len: usize,
    /// Offset in the full text where the block's content starts.
    content_start: usize,
    /// Offset in the full text where the completed, already-sent lines end.
    stable_end: usize,
}

impl CodeTail {
    /// Starts the fast path for a fence opened by `fence_len` × `fence_char` whose content
    /// begins at `content_start` of `text`. None when the content is not plain enough.
    pub(super) fn start(
        text: &str,
        content_start: usize,
        fence_char: u8,
        fence_len: usize,
    ) -> Option<(Self, TailCode)> {
        let mut tail = Self {
            fence_char,
            fence_len,
            content_start,
            stable_end: content_start,
        };
        let first = tail.extend(text, content_start)?;
        Some((tail, first))
    }

    /// The fast path's start, when the open region is one unclosed fenced code block whose
    /// opening line is complete and unindented.
    /// `region_start`: where the text the blocks were parsed from starts (their line numbers
    /// count from there).
    pub(super) fn open<'a>(
        text: &str,
        region_start: usize,
        open: &[&'a AstNode<'a>],
    ) -> Option<(Self, TailCode, String)> {
        let [block] = open else { return None };
        let data = block.data();
        let NodeValue::CodeBlock(ref code) = data.value else {
            return None;
        };
        let region = &text[region_start..];
        // The block's opening line, which must be complete (blank lines may come before it).
        let start = line_offsets(region)
            .get(data.sourcepos.start.line - 1)
            .copied()?;
        let opening = &region[start..=start + region[start..].find('\n')?];
        if !code.fenced || code.fence_offset != 0 || opening.contains('\r') {
            return None;
        }
        let skeleton = render_with(opening, Anchors::default()).0;
        let content_start = region_start + start + opening.len();
        let (tail, first) = Self::start(text, content_start, code.fence_char, code.fence_length)?;
        Some((tail, first, skeleton))
    }

    /// Takes in the text after `from`; None means "use the full path".
    pub(super) fn extend(&mut self, text: &str, from: usize) -> Option<TailCode> {
        if text[from..].contains(['\r', '\0']) {
            return None;
        }
        let pending = &text[self.stable_end..];
        let completed = pending.rfind('\n').map_or("", |i| &pending[..=i]);
        if completed
            .split_inclusive('\n')
            .any(|line| self.closes(line))
        {
            return None;
        }
        let partial = &pending[completed.len()..];
        // At the end of the input a fence line closes the block even without its newline.
        if self.closes(partial) {
            return None;
        }
        self.stable_end += completed.len();
        Some(TailCode {
            append: completed.to_owned(),
            live: partial.to_owned(),
        })
    }

    /// All of the block's content so far, as one update onto an empty `<code>` element.
    pub(super) fn snapshot(&self, text: &str) -> TailCode {
        TailCode {
            append: text[self.content_start..self.stable_end].to_owned(),
            live: text[self.stable_end..].to_owned(),
        }
    }

    /// Whether `line` is a closing fence for this block (CommonMark 4.5: up to three spaces,
    /// at least as many fence characters, then only spaces or tabs).
    fn closes(&self, line: &str) -> bool {
        closes_fence(line, self.fence_char, self.fence_len)
    }
}

pub(super) fn closes_fence(line: &str, fence_char: u8, fence_len: usize) -> bool {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let line = line.strip_suffix('\r').unwrap_or(line);
    let indent = line.bytes().take_while(|&b| b == b' ').count();
    if indent > 3 {
        return false;
    }
    let rest = &line[indent..];
    let run = rest.bytes().take_while(|&b| b == fence_char).count();
    run >= fence_len && rest[run..].bytes().all(|b| b == b' ' || b == b'\t')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_closing_fences() {
        assert!(closes_fence("```\n", b'`', 3));
        assert!(closes_fence("   ````  ", b'`', 3));
        assert!(!closes_fence("``\n", b'`', 3));
        assert!(!closes_fence("    ```", b'`', 3));
        assert!(!closes_fence("```rust", b'`', 3));
        assert!(!closes_fence("~~~", b'`', 3));
    }

    #[test]
    fn hands_over_completed_lines_and_the_live_one() {
        let text = "```\nlet a = 1;\nlet b";
        let (mut tail, first) = CodeTail::start(text, 4, b'`', 3).unwrap();
        assert_eq!(
            first,
            TailCode {
                append: "let a = 1;\n".into(),
                live: "let b".into()
            }
        );
        let text = format!("{text} = 2;\n");
        let next = tail.extend(&text, text.len() - 6).unwrap();
        assert_eq!(
            next,
            TailCode {
                append: "let b = 2;\n".into(),
                live: String::new()
            }
        );
    }

    #[test]
    fn a_possible_closing_fence_goes_back_to_the_full_path() {
        let (mut tail, _) = CodeTail::start("```\nx\n", 4, b'`', 3).unwrap();
        assert!(tail.extend("```\nx\n``", 6).is_some());
        assert!(tail.extend("```\nx\n```", 6).is_none());
    }
}
