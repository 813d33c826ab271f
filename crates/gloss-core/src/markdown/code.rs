//! Where the code is in a markdown text, as comrak's own parse of it says: its code blocks
//! (fenced or indented, wherever they open, a list item's marker line included) and its code
//! spans (across lines too). The math pre-pass (`math.rs`) leaves these alone; finding them from
//! the parse, not by scanning for backticks, keeps the pre-pass in step with what the renderer
//! will treat as code.

use std::ops::Range;

use comrak::nodes::{NodeValue, Sourcepos};
use comrak::{parse_document, Arena};

use super::options;

/// Byte ranges of the text: whole lines of code blocks, and code spans.
pub(super) struct CodeRegions {
    blocks: Vec<Range<usize>>,
    spans: Vec<Range<usize>>,
}

impl CodeRegions {
    pub(super) fn of(src: &str) -> Self {
        let starts = line_starts(src);
        let arena = Arena::new();
        let root = parse_document(&arena, src, options());
        let mut regions = Self {
            blocks: Vec::new(),
            spans: Vec::new(),
        };
        for node in root.descendants() {
            let data = node.data();
            let pos = data.sourcepos;
            match data.value {
                NodeValue::CodeBlock(_) => regions.blocks.extend(lines(&starts, src.len(), pos)),
                NodeValue::Code(_) => regions.spans.extend(span(&starts, src, pos)),
                _ => {}
            }
        }
        regions
    }

    /// Whether `range` shares a byte with a code block.
    pub(super) fn in_block(&self, range: Range<usize>) -> bool {
        self.blocks.iter().any(|b| overlap(b, &range))
    }

    /// Whether `range` shares a byte with any code.
    pub(super) fn touches(&self, range: Range<usize>) -> bool {
        self.in_block(range.clone()) || self.spans.iter().any(|s| overlap(s, &range))
    }
}

fn overlap(a: &Range<usize>, b: &Range<usize>) -> bool {
    a.start < b.end && b.start < a.end
}

/// Where each line starts, with the line endings CommonMark knows (`\n`, `\r\n`, a lone `\r`), so
/// line numbers are comrak's.
fn line_starts(src: &str) -> Vec<usize> {
    let bytes = src.as_bytes();
    let mut starts = vec![0];
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            starts.push(i + 1);
        }
    }
    starts
}

/// The whole lines `pos` covers.
fn lines(starts: &[usize], len: usize, pos: Sourcepos) -> Option<Range<usize>> {
    let from = *starts.get(pos.start.line.checked_sub(1)?)?;
    let to = starts.get(pos.end.line).copied().unwrap_or(len);
    Some(from..to.max(from))
}

/// The bytes of the code span at `pos`, when the text there is one (it opens and closes with a
/// backtick): a position the parser got wrong protects nothing rather than the wrong bytes.
fn span(starts: &[usize], src: &str, pos: Sourcepos) -> Option<Range<usize>> {
    let at = |line: usize, column: usize| {
        Some(starts.get(line.checked_sub(1)?)? + column.checked_sub(1)?)
    };
    let range = at(pos.start.line, pos.start.column)?..at(pos.end.line, pos.end.column)? + 1;
    let text = src.as_bytes().get(range.clone())?;
    (text.first() == Some(&b'`') && text.last() == Some(&b'`')).then_some(range)
}
