//! An open list's items for the fast path in `rows_tail.rs`: each chunk parses the list from
//! its last item sent (the context: it shows whether a blank line separates it from the next)
//! and renders the items after it.
//!
//! Tightness is the one thing an item's HTML takes from the whole list (a tight list's
//! paragraphs have no `<p>`), and it may change both ways while the last line is unfinished:
//! comrak makes `- a\n  | x |\n  |---|\n  |` loose and the same list tight once that line
//! reads `  | 1 |`. So the list's tightness is computed from what is final, the items before
//! the context (comrak's rule is per item: a blank line after it, or between its blocks), and
//! what the parse says of the rest; where that differs from the tightness the items already
//! sent were rendered with, the full path takes over.

use comrak::nodes::{AstNode, ListType, NodeList, NodeValue};
use comrak::Arena;

use super::anchors::Anchors;
use super::finished::line_offsets;
use super::rows_tail::TailRows;
use super::{format, options, parse};

#[derive(Debug, Clone)]
pub(super) struct OpenList {
    /// The list as the full path parsed it (kind, marker), with the tightness its items were
    /// rendered with.
    list: NodeList,
    /// Offset in the full text where parsing starts: the last item sent, or the list.
    from: usize,
    /// Whether the item at `from` was already sent.
    context: bool,
    /// Whether the items before `from` make the list loose (final: they are finished).
    loose_before: bool,
}

impl OpenList {
    pub(super) fn new(list: NodeList, from: usize) -> Self {
        Self {
            list,
            from,
            context: false,
            loose_before: false,
        }
    }

    /// Takes in the text after `from`; None means "use the full path".
    pub(super) fn extend(&mut self, text: &str, anchors: &mut Anchors) -> Option<TailRows> {
        let src = &text[self.from..];
        let arena = Arena::new();
        let root = parse(&arena, src);
        let [block] = root.children().collect::<Vec<_>>()[..] else {
            return None;
        };
        {
            let mut data = block.data_mut();
            let NodeValue::List(ref mut parsed) = data.value else {
                return None;
            };
            let tight = parsed.tight && !self.loose_before;
            if !same_list(&self.list, parsed) || tight != self.list.tight {
                return None;
            }
            // Items render with the whole list's tightness, not the part parsed here.
            parsed.tight = tight;
        }
        let items: Vec<_> = block.children().collect();
        let finished = finished_items(&items, src);
        let rows = self.render(&items, finished, anchors);
        if finished > usize::from(self.context) {
            // The last finished item becomes the context; those before it are now final.
            let next = line_offsets(src)[line(items[finished - 1]) - 1];
            self.loose_before |= loose_up_to(src, line(items[finished - 1]));
            self.from += next;
            self.context = true;
        }
        Some(rows)
    }

    /// The finished items not sent yet to append, the unfinished ones as live.
    fn render<'a>(
        &self,
        items: &[&'a AstNode<'a>],
        finished: usize,
        anchors: &mut Anchors,
    ) -> TailRows {
        let skip = usize::from(self.context);
        let mut rows = TailRows::default();
        for item in items.iter().take(finished).skip(skip) {
            rows.append.push_str(&format_item(item, anchors));
        }
        anchors.provisional(|anchors| {
            for item in items.iter().skip(finished.max(skip)) {
                rows.live.push_str(&format_item(item, anchors));
            }
        });
        rows
    }
}

fn line<'a>(item: &'a AstNode<'a>) -> usize {
    item.data().sourcepos.start.line
}

/// How many of `items` are finished: an item is once the next one starts on a complete line.
fn finished_items<'a>(items: &[&'a AstNode<'a>], src: &str) -> usize {
    let complete_lines = src.bytes().filter(|&b| b == b'\n').count();
    items
        .iter()
        .skip(1)
        .filter(|item| line(item) <= complete_lines)
        .count()
}

/// Whether the items of `src` before the one starting on (complete) line `item_line` make the
/// list loose. Parsed with that item's first line, so the one before it still has a next item
/// (a blank line between two items makes a list loose, after the last one it does not); that
/// one line cannot make it loose itself.
fn loose_up_to(src: &str, item_line: usize) -> bool {
    let arena = Arena::new();
    let root = parse(&arena, &src[..line_offsets(src)[item_line]]);
    !root.first_child().is_some_and(|block| {
        matches!(
            block.data().value,
            NodeValue::List(NodeList { tight: true, .. })
        )
    })
}

/// Whether `parsed` continues `list`: same kind and marker.
fn same_list(list: &NodeList, parsed: &NodeList) -> bool {
    list.list_type == parsed.list_type
        && (list.list_type == ListType::Ordered || list.bullet_char == parsed.bullet_char)
        && (list.list_type == ListType::Bullet || list.delimiter == parsed.delimiter)
}

fn format_item<'a>(item: &'a AstNode<'a>, anchors: &mut Anchors) -> String {
    let (html, next) = format::format(item, options(), std::mem::take(anchors));
    *anchors = next;
    html
}
