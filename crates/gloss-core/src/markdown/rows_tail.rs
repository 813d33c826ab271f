//! The fast path for an open table or list at the end of the answer.
//!
//! A table or list is one block until it ends, so re-parsing the open region on every chunk
//! made a long one quadratic (issue 13: a 500-row table cost 5.9 s and posted 110 MB). Its rows
//! and items, though, are nearly independent: a table row renders from its own line and the
//! header; a list item from its own lines and whether the list is tight. So the renderer sends
//! the table or list once as an empty skeleton, then each finished row or item once, and
//! re-renders only the unfinished last one, each chunk parsing a few lines with their context
//! (the header lines, or the last item already sent, which shows a blank line between items).
//! Anything it is not sure of (a line that ends the block, a list turning loose, a carriage
//! return the parser would rewrite) hands control back to the full path, which re-parses once.

use comrak::nodes::{AstNode, ListType, NodeList, NodeValue};
use comrak::Arena;
use serde::{Deserialize, Serialize};

use super::anchors::Anchors;
use super::finished::line_offsets;
use super::{format, options, parse};

/// New rows or items of the open table or list, as HTML elements for its `<tbody>`, `<ul>` or
/// `<ol>` (the skeleton's container).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TailRows {
    /// Finished rows or items, appended to the container after those it holds, once.
    pub append: String,
    /// The unfinished last ones, replacing the previous `live` ones.
    pub live: String,
    /// What the unfinished last line is when it is not a row (a table's next line starts as
    /// `|`, a paragraph until its second cell): HTML after the table, replacing the previous.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub after: String,
}

#[derive(Debug, Clone)]
pub(super) enum RowsTail {
    Table {
        /// The header and delimiter lines, which every row is parsed under.
        head: String,
        /// Offset in the full text where the rows not yet sent start.
        sent_end: usize,
    },
    List {
        /// The list as the full path parsed it (kind, marker, tightness).
        list: NodeList,
        /// Offset in the full text where parsing starts: the last item sent, or the list.
        from: usize,
        /// Whether the item at `from` was already sent.
        context: bool,
    },
}

impl RowsTail {
    /// Starts the fast path for the open `block` of `region` (which starts at `region_start`
    /// of the full text) from the full path's tail HTML. Returns the skeleton and the first
    /// rows, or None where this block is not a table or list it can follow.
    pub(super) fn start<'a>(
        text: &str,
        region_start: usize,
        block: &'a AstNode<'a>,
        tail_html: &str,
        anchors: &mut Anchors,
    ) -> Option<(Self, String, TailRows)> {
        let region = &text[region_start..];
        let data = block.data();
        let first = *line_offsets(region).get(data.sourcepos.start.line - 1)?;
        let mut tail = match data.value {
            NodeValue::Table(_) => {
                // The header, the delimiter row and a first complete row (so the skeleton has
                // its `<tbody>`, as the full render does once there is a row).
                let lines: Vec<&str> = region[first..].split_inclusive('\n').take(3).collect();
                if lines.len() < 3 || !lines[2].ends_with('\n') {
                    return None;
                }
                let head = lines[0].len() + lines[1].len();
                Self::Table {
                    head: region[first..first + head].to_owned(),
                    sent_end: region_start + first + head,
                }
            }
            NodeValue::List(list) => Self::List {
                list,
                from: region_start + first,
                context: false,
            },
            _ => return None,
        };
        let skeleton = tail.skeleton(tail_html)?;
        let rows = tail.extend(text, region_start, anchors)?;
        Some((tail, skeleton, rows))
    }

    /// The tail HTML with its rows or items taken out.
    fn skeleton(&self, html: &str) -> Option<String> {
        let (open, close) = match self {
            Self::Table { .. } => (html.find("<tbody>\n")? + 8, html.rfind("</tbody>")?),
            Self::List { .. } => (html.find('\n')? + 1, html.rfind("</")?),
        };
        (open <= close).then(|| format!("{}{}", &html[..open], &html[close..]))
    }

    /// Takes in the text after `from`; None means "use the full path".
    pub(super) fn extend(
        &mut self,
        text: &str,
        from: usize,
        anchors: &mut Anchors,
    ) -> Option<TailRows> {
        if text[from..].contains(['\r', '\0']) {
            return None;
        }
        match self {
            Self::Table { head, sent_end } => {
                let pending = &text[*sent_end..];
                let complete = pending.rfind('\n').map_or(0, |i| i + 1);
                let (append, _) = table_rows(head, &pending[..complete], false, anchors)?;
                anchors.checkpoint();
                let live = table_rows(head, &pending[complete..], true, anchors);
                anchors.rollback();
                let (live, after) = live?;
                *sent_end += complete;
                Some(TailRows {
                    append,
                    live,
                    after,
                })
            }
            Self::List {
                list,
                from,
                context,
            } => {
                let (rows, next) = list_items(list, &text[*from..], *context, anchors)?;
                if let Some(next) = next {
                    *from += next;
                    *context = true;
                }
                Some(rows)
            }
        }
    }
}

/// The `<tbody>` rows of `lines` under `head`, and the HTML after the table. Complete lines
/// must each be a row (anything else ends the table: the full path takes over); an unfinished
/// one may be a row or the start of what follows the table.
fn table_rows(
    head: &str,
    lines: &str,
    unfinished: bool,
    anchors: &mut Anchors,
) -> Option<(String, String)> {
    if lines.is_empty() {
        return Some(Default::default());
    }
    let arena = Arena::new();
    let root = parse(&arena, &format!("{head}{lines}"));
    let table = root.first_child()?;
    if !matches!(table.data().value, NodeValue::Table(_)) {
        return None;
    }
    let rows = table.children().count() - 1;
    let (html, next) = format::format(root, options(), std::mem::take(anchors));
    *anchors = next;
    let (table, after) = html.split_at(html.find("</table>\n")? + "</table>\n".len());
    let body = match table.find("<tbody>\n") {
        Some(open) => &table[open + "<tbody>\n".len()..table.rfind("</tbody>")?],
        None => "",
    };
    let fits = if unfinished {
        rows == 0 || (rows == 1 && after.is_empty())
    } else {
        rows == lines.split_inclusive('\n').count() && after.is_empty()
    };
    fits.then(|| (body.to_owned(), after.to_owned()))
}

/// Parses `src` (the list from its last item sent, if `context`, else from its start): the
/// finished items' HTML to append, the unfinished ones' as live, and where the last finished
/// item starts in `src` (the next parse's start). None if `src` is no longer one list of the
/// same kind and tightness.
fn list_items(
    list: &NodeList,
    src: &str,
    context: bool,
    anchors: &mut Anchors,
) -> Option<(TailRows, Option<usize>)> {
    let arena = Arena::new();
    let root = parse(&arena, src);
    let [block] = root.children().collect::<Vec<_>>()[..] else {
        return None;
    };
    match block.data_mut().value {
        // A list tight so far may be loose overall (earlier items); the opposite means the
        // list just turned loose, which changes the items already sent.
        NodeValue::List(ref mut parsed) if same_list(list, parsed) => parsed.tight = list.tight,
        _ => return None,
    }
    let items: Vec<_> = block.children().collect();
    let complete_lines = src.bytes().filter(|&b| b == b'\n').count();
    let line = |item: &&AstNode| item.data().sourcepos.start.line;
    // An item is finished once the next one starts on a complete line.
    let finished = items
        .iter()
        .skip(1)
        .filter(|item| line(item) <= complete_lines)
        .count();
    let skip = usize::from(context);
    let mut rows = TailRows::default();
    for item in items.iter().take(finished).skip(skip) {
        rows.append.push_str(&format_item(item, anchors));
    }
    anchors.checkpoint();
    for item in items.iter().skip(finished.max(skip)) {
        rows.live.push_str(&format_item(item, anchors));
    }
    anchors.rollback();
    let next = (finished > skip).then(|| line_offsets(src)[line(&items[finished - 1]) - 1]);
    Some((rows, next))
}

/// Whether `parsed` continues `list`: same kind and marker, and not loose where it was tight.
fn same_list(list: &NodeList, parsed: &NodeList) -> bool {
    list.list_type == parsed.list_type
        && (list.list_type == ListType::Ordered || list.bullet_char == parsed.bullet_char)
        && (list.list_type == ListType::Bullet || list.delimiter == parsed.delimiter)
        && (parsed.tight || !list.tight)
}

fn format_item<'a>(item: &'a AstNode<'a>, anchors: &mut Anchors) -> String {
    let (html, next) = format::format(item, options(), std::mem::take(anchors));
    *anchors = next;
    html
}
