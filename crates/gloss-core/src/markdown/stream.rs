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

use super::anchors::Anchors;
use super::code_tail::CodeTail;
use super::finished::finished_block_ends;
use super::patch::RenderPatch;
use super::rows_tail::RowsTail;
use super::{format, options, parse, render_markdown, render_with};

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
    /// The open table or list, with the heading ids as they were before its items.
    rows: Option<(RowsTail, Anchors)>,
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
        if let Some((rows, _)) = &mut self.rows {
            if let Some(tail_rows) = rows.extend(&self.text, from, &mut self.anchors) {
                return RenderPatch {
                    tail_rows: Some(tail_rows),
                    ..RenderPatch::default()
                };
            }
            self.leave_rows();
        }
        self.render_open_region()
    }

    /// Ends the table or list fast path: what it sent is only the tail, so its heading ids go.
    fn leave_rows(&mut self) {
        if let Some((_, anchors)) = self.rows.take() {
            self.anchors = anchors;
        }
    }

    /// Ends the answer: the tail becomes the last frozen block, or, where a late definition
    /// changed earlier blocks, everything is sent again with `reset`.
    pub fn finish(&mut self) -> RenderPatch {
        self.code = None;
        self.leave_rows();
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
        // The next push starts the table or list over, with a skeleton every consumer can take.
        self.leave_rows();
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
                tail_rows: None,
            };
        }
        let arena = Arena::new();
        let root = parse(&arena, &self.text[self.open_start..]);
        RenderPatch {
            frozen,
            tail: self.format_tail(root),
            reset: true,
            ..RenderPatch::default()
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
        let Some((code, tail_code, skeleton)) = CodeTail::open(&self.text, region_start, open)
        else {
            return self.rows_or_html(region_start, root, open);
        };
        self.code = Some(code);
        self.code_skeleton.clone_from(&skeleton);
        RenderPatch {
            tail: skeleton,
            tail_code: Some(tail_code),
            ..RenderPatch::default()
        }
    }

    /// The tail's HTML, or the fast path's start when it is one table or list.
    fn rows_or_html<'a>(
        &mut self,
        region_start: usize,
        root: &'a AstNode<'a>,
        open: &[&'a AstNode<'a>],
    ) -> RenderPatch {
        let tail = self.format_tail(root);
        if let [block] = open {
            if matches!(block.data().value, NodeValue::Table(_) | NodeValue::List(_)) {
                let before = self.anchors.clone();
                let start =
                    RowsTail::start(&self.text, region_start, block, &tail, &mut self.anchors);
                if let Some((rows, skeleton, tail_rows)) = start {
                    self.rows = Some((rows, before));
                    return RenderPatch {
                        tail: skeleton,
                        tail_rows: Some(tail_rows),
                        ..RenderPatch::default()
                    };
                }
                self.anchors = before;
            }
        }
        RenderPatch {
            tail,
            ..RenderPatch::default()
        }
    }

    /// The tail's HTML. Its headings take ids after the frozen blocks' but give them back: the
    /// tail is rendered again with the next chunk, and only frozen blocks keep their ids.
    fn format_tail<'a>(&mut self, root: &'a AstNode<'a>) -> String {
        self.anchors.provisional(|anchors| {
            let (tail, used) = format::format(root, options(), std::mem::take(anchors));
            *anchors = used;
            tail
        })
    }
}
