//! Streaming render: each chunk costs time proportional to the still-open end of the answer,
//! not to the answer, and the output is exactly the full render's.
//!
//! The answer is cut into top-level blocks. A block is *frozen* (its HTML final, sent once) as
//! soon as it is finished, which `finished.rs` decides from complete lines only. Everything
//! after the last frozen block is the *open region*; each chunk re-parses only it, freezes the
//! blocks it has finished and re-renders the rest as the tail. An open fenced code block takes
//! a faster path still (`code_tail.rs`).
//!
//! What may change after freezing: a later reference-style link definition or footnote can
//! alter an earlier block. So `finish` compares the held blocks with a full render and, if they
//! differ, sends the full render with `reset`.

use comrak::nodes::{AstNode, NodeValue};
use comrak::Arena;
use serde::{Deserialize, Serialize};

use super::anchors::Anchors;
use super::code_tail::CodeTail;
pub use super::code_tail::TailCode;
use super::finished::{finished_block_ends, line_offsets};
use super::{format, options, parse, render_markdown, render_with};

/// What changed since the last call. The consumer appends `frozen` blocks (never touching them
/// again) and replaces its tail with `tail`; with `reset` it first drops every block it holds.
///
/// `tail_code` (optional; absent keeps the meaning above): the tail is an open fenced code
/// block. If `tail` is non-empty it replaces the tail first (its `<code>` element is then
/// empty); then `tail_code.append` is appended to that `<code>` element's text and its
/// unfinished last line is set to `tail_code.live`. If `tail` is empty the tail is kept.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RenderPatch {
    pub frozen: Vec<String>,
    pub tail: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reset: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tail_code: Option<TailCode>,
}

#[derive(Debug, Default)]
pub struct StreamRenderer {
    text: String,
    /// Where the open region starts in `text`.
    open_start: usize,
    /// Heading ids used by frozen blocks.
    anchors: Anchors,
    /// All frozen HTML so far, to check against the full render at the end.
    frozen_html: String,
    code: Option<CodeTail>,
    /// The open code block's HTML without its content (what `tail` held when it opened).
    code_skeleton: String,
}

impl StreamRenderer {
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes the next piece of the answer.
    pub fn push(&mut self, chunk: &str) -> RenderPatch {
        let from = self.text.len();
        self.text.push_str(chunk);
        if let Some(code) = &mut self.code {
            if let Some(tail_code) = code.extend(&self.text, from) {
                return RenderPatch {
                    tail_code: Some(tail_code),
                    ..RenderPatch::default()
                };
            }
            self.code = None;
        }
        self.render_open_region()
    }

    /// Ends the answer: the tail becomes the last frozen block, or, where a late definition
    /// changed earlier blocks, everything is sent again with `reset`.
    pub fn finish(&mut self) -> RenderPatch {
        self.code = None;
        let tail = render_with(&self.text[self.open_start..], self.anchors.clone()).0;
        let full = render_markdown(&self.text);
        let same = full.strip_prefix(self.frozen_html.as_str()) == Some(tail.as_str());
        self.open_start = self.text.len();
        if same {
            self.frozen_html.push_str(&tail);
            let frozen = if tail.is_empty() { vec![] } else { vec![tail] };
            RenderPatch {
                frozen,
                ..RenderPatch::default()
            }
        } else {
            self.frozen_html.clone_from(&full);
            RenderPatch {
                frozen: vec![full],
                reset: true,
                ..RenderPatch::default()
            }
        }
    }

    /// Everything shown so far as one patch with `reset`, for a consumer that joins mid-answer
    /// (a panel reopened while the answer streams). Later patches apply on top of it as usual.
    pub fn snapshot(&mut self) -> RenderPatch {
        let frozen = if self.frozen_html.is_empty() {
            vec![]
        } else {
            vec![self.frozen_html.clone()]
        };
        if let Some(code) = &self.code {
            return RenderPatch {
                frozen,
                tail: self.code_skeleton.clone(),
                reset: true,
                tail_code: Some(code.snapshot(&self.text)),
            };
        }
        let arena = Arena::new();
        let root = parse(&arena, &self.text[self.open_start..]);
        RenderPatch {
            frozen,
            tail: self.format_tail(root),
            reset: true,
            tail_code: None,
        }
    }

    /// The bytes the next chunk will re-parse (for tests that check work stays bounded).
    pub fn open_len(&self) -> usize {
        self.text.len() - self.open_start
    }

    /// Re-parses the open region: freezes the blocks it has finished, then renders the rest as
    /// the tail.
    fn render_open_region(&mut self) -> RenderPatch {
        let region_start = self.open_start;
        let arena = Arena::new();
        let root = parse(&arena, &self.text[region_start..]);
        let blocks: Vec<_> = root.children().collect();
        let ends = finished_block_ends(&blocks, &self.text[region_start..]);
        let frozen = self.freeze(&ends);
        // What is frozen is no longer part of the tail.
        for block in &blocks[..ends.len()] {
            block.detach();
        }
        RenderPatch {
            frozen,
            ..self.render_tail(region_start, root, &blocks[ends.len()..])
        }
    }

    /// Renders the open region's first blocks, which end at `ends` (byte offsets into it), each
    /// once and for good, and moves the open region past them.
    fn freeze(&mut self, ends: &[usize]) -> Vec<String> {
        let region = &self.text[self.open_start..];
        let mut frozen = Vec::with_capacity(ends.len());
        let mut from = 0;
        for &to in ends {
            let (html, anchors) = render_with(&region[from..to], std::mem::take(&mut self.anchors));
            self.anchors = anchors;
            self.frozen_html.push_str(&html);
            frozen.push(html);
            from = to;
        }
        self.open_start += from;
        frozen
    }

    /// The tail from the `open` blocks left under `root`: the code fast path's start when they
    /// are one open fenced code block, else their HTML.
    fn render_tail<'a>(
        &mut self,
        region_start: usize,
        root: &'a AstNode<'a>,
        open: &[&'a AstNode<'a>],
    ) -> RenderPatch {
        let Some((code, tail_code, skeleton)) = self.open_code_block(region_start, open) else {
            return RenderPatch {
                tail: self.format_tail(root),
                ..RenderPatch::default()
            };
        };
        self.code = Some(code);
        self.code_skeleton.clone_from(&skeleton);
        RenderPatch {
            tail: skeleton,
            tail_code: Some(tail_code),
            ..RenderPatch::default()
        }
    }

    /// The tail's HTML. Its headings take ids after the frozen blocks' but give them back: the
    /// tail is rendered again with the next chunk, and only frozen blocks keep their ids.
    fn format_tail<'a>(&mut self, root: &'a AstNode<'a>) -> String {
        let mut anchors = std::mem::take(&mut self.anchors);
        anchors.checkpoint();
        let (tail, mut anchors) = format::format(root, options(), anchors);
        anchors.rollback();
        self.anchors = anchors;
        tail
    }

    /// The fast path's start, when the open region is one unclosed fenced code block whose
    /// opening line is complete and unindented.
    /// `region_start`: where the text the blocks were parsed from starts (their line numbers
    /// count from there).
    fn open_code_block<'a>(
        &self,
        region_start: usize,
        open: &[&'a AstNode<'a>],
    ) -> Option<(CodeTail, TailCode, String)> {
        let [block] = open else { return None };
        let data = block.data();
        let NodeValue::CodeBlock(ref code) = data.value else {
            return None;
        };
        let region = &self.text[region_start..];
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
        let (tail, first) = CodeTail::start(
            &self.text,
            content_start,
            code.fence_char,
            code.fence_length,
        )?;
        Some((tail, first, skeleton))
    }
}
