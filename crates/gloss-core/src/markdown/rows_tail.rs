//! The fast path for an open table or list at the end of the answer.
//!
//! A table or list is one block until it ends, so re-parsing the open region on every chunk
//! made a long one quadratic (issue 13: a 500-row table cost 5.9 s and posted 110 MB). Its rows
//! and items, though, are nearly independent: a table row renders from its own line and the
//! header; a list item from its own lines and whether the list is tight. So the renderer sends
//! the table or list once as an empty skeleton, then each finished row or item once, and
//! re-renders only the unfinished last one, each chunk parsing a few lines with their context
//! (the header lines, or the last item already sent, which shows a blank line between items).
//! Anything it is not sure of (a line that ends the block, a list changing tightness, a carriage
//! return the parser would rewrite) hands control back to the full path, which re-parses once.

use comrak::nodes::{AstNode, NodeValue};
use comrak::Arena;
use serde::{Deserialize, Serialize};

use super::anchors::Anchors;
use super::finished::line_offsets;
use super::list_tail::OpenList;
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
    List(OpenList),
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
            NodeValue::List(list) => Self::List(OpenList::new(list, region_start + first)),
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
            Self::List(_) => (html.find('\n')? + 1, html.rfind("</")?),
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
                let live = anchors.provisional(|a| table_rows(head, &pending[complete..], true, a));
                let (live, after) = live?;
                *sent_end += complete;
                Some(TailRows {
                    append,
                    live,
                    after,
                })
            }
            Self::List(list) => list.extend(text, anchors),
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
