//! When a block of a streamed answer is finished, so that its HTML can be sent once and never
//! again. The parser closes every open block when a new top-level block begins, so a block is
//! final as soon as the next one starts on a complete line (only complete lines may decide: a
//! partial `#` may still become `#tag` and continue a paragraph). A fenced code block is also
//! final once its closing fence line is complete, and a table or list once a blank line has
//! ended it, without waiting for the next block.

use comrak::nodes::{AstNode, NodeValue};
use comrak::Arena;

use super::code_tail::closes_fence;
use super::parse;

/// Where each finished block of the open `region` ends, as byte offsets into it. A block is
/// finished once the next top-level block starts on a complete line; the last block, once it is
/// a fenced code block whose closing fence line is complete.
pub(super) fn finished_block_ends<'a>(blocks: &[&'a AstNode<'a>], region: &str) -> Vec<usize> {
    let complete_lines = region.bytes().filter(|&b| b == b'\n').count();
    let starts: Vec<usize> = blocks
        .iter()
        .map(|b| b.data().sourcepos.start.line)
        .collect();
    // Blocks come in source order except footnote definitions, which the parser moves to the
    // end: freezing stops where the order breaks (a block cannot end before it starts), and the
    // rest stays open until `finish` (which resets if a footnote changed what was frozen).
    let finished = (1..blocks.len())
        .take_while(|&i| {
            starts[i] > starts[i - 1]
                && starts[i] <= complete_lines
                && starts_alone(blocks[i], region, complete_lines)
        })
        .count();
    // Block i ends where block i + 1 starts.
    let mut end_lines: Vec<usize> = starts.iter().skip(1).take(finished).copied().collect();
    if let Some(&block) = blocks.get(finished) {
        if let Some(end) = closed_fence_end(block, region, complete_lines)
            .or_else(|| ended_by_blank_line(block, region))
        {
            end_lines.push(end + 1);
        }
    }
    let offsets = line_offsets(region);
    end_lines.iter().map(|&line| offsets[line - 1]).collect()
}

/// Whether `block`, which starts on a complete line, is what a parse from that line gives, so
/// the blocks before it may be frozen and the text re-parsed from there. A table is the one
/// block that is not always: it is decided by its second line (the delimiter row: `lazy\nx\n--|`
/// is a paragraph and a table until the row reads `--|--`, two columns for one), and its header
/// may have been a paragraph's last line, read in that paragraph (`para\n10. ten\n|---|` makes
/// `10. ten` a header; from its own line, `10. ten` starts a list).
fn starts_alone<'a>(block: &'a AstNode<'a>, region: &str, complete_lines: usize) -> bool {
    if !matches!(block.data().value, NodeValue::Table(_)) {
        return true;
    }
    let start = block.data().sourcepos.start.line;
    if start + 1 > complete_lines {
        return false;
    }
    let offsets = line_offsets(region);
    let head = &region[offsets[start - 1]..offsets[start + 1]];
    let arena = Arena::new();
    parse(&arena, head)
        .first_child()
        .is_some_and(|first| matches!(first.data().value, NodeValue::Table(_)))
}

/// If `block` is a fenced code block closed by a complete line, that line's number.
fn closed_fence_end<'a>(
    block: &'a AstNode<'a>,
    region: &str,
    complete_lines: usize,
) -> Option<usize> {
    let data = block.data();
    let NodeValue::CodeBlock(ref code) = data.value else {
        return None;
    };
    let (start, end) = (data.sourcepos.start.line, data.sourcepos.end.line);
    if !code.fenced || end <= start || end > complete_lines {
        return None;
    }
    let line = region.split_inclusive('\n').nth(end - 1)?;
    closes_fence(line, code.fence_char, code.fence_length).then_some(end)
}

/// If `block` is a table or list that a blank line has ended, the number of the line where
/// the next block can start, less one. A blank line always ends a table. It ends a list once the
/// line after it has begun with something that cannot continue the list (no indent, no marker,
/// no digit), a letter as in "That is all.": otherwise the next block is decided only when that
/// line is complete, and each chunk of it would re-parse the whole list.
fn ended_by_blank_line<'a>(block: &'a AstNode<'a>, region: &str) -> Option<usize> {
    let start = block.data().sourcepos.start.line;
    let lines = region.split_inclusive('\n').enumerate().skip(start);
    match block.data().value {
        NodeValue::Table(_) => lines
            .take_while(|(_, l)| l.ends_with('\n'))
            .find(|(_, l)| l.trim().is_empty())
            .map(|(i, _)| i + 1),
        NodeValue::List(_) => {
            let (last, partial) = region.rsplit_once('\n')?;
            let blank_before = last.rsplit('\n').next()?.trim().is_empty();
            let first = partial.bytes().next()?;
            let continues = first.is_ascii_whitespace()
                || first.is_ascii_digit()
                || matches!(first, b'-' | b'+' | b'*');
            // The partial line's number, less one: the list ends where it starts.
            let complete = region.bytes().filter(|&b| b == b'\n').count();
            (blank_before && !continues).then_some(complete)
        }
        _ => None,
    }
}

/// Byte offset of the start of each line (line 1 at index 0).
pub(super) fn line_offsets(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}
