//! A PDF's text as a reader would copy it, from what PDF.js's `getTextContent()` gives per page
//! (text runs with their position, `hasEOL` where PDF.js saw a line end), in PDF.js's order:
//!
//! - runs become lines (at `hasEOL`, or where the baseline moves);
//! - lines repeated at the top or bottom of most pages (running headers, footers, page numbers,
//!   compared with digits ignored) are dropped;
//! - lines become paragraphs: a paragraph ends where the gap to the next line is clearly larger
//!   than the page's usual line spacing, or the text jumps up (a new column);
//! - a word hyphenated at a line end ("exam-" / "ple") is joined again;
//! - each page starts with a marker ("— page 12 —", in the user's language), so answers and
//!   budgets can name pages.

use super::pdf_pages::{is_page_word, not_a_marker};
use serde::{Deserialize, Serialize};

/// One text run as PDF.js's `getTextContent()` gives it (`TextItem` in its API).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TextItem {
    /// The run's text (`str` in PDF.js).
    #[serde(rename = "str")]
    pub text: String,
    /// The text matrix `[a, b, c, d, e, f]`: `e`, `f` are the run's origin, `d` its size.
    #[serde(default)]
    pub transform: [f64; 6],
    /// The run's height in page units.
    #[serde(default)]
    pub height: f64,
    /// PDF.js saw a line end after this run.
    #[serde(default, rename = "hasEOL")]
    pub has_eol: bool,
}

/// One page's runs, in PDF.js's order.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct PdfPage {
    pub items: Vec<TextItem>,
}

/// A PDF's text, with where each page starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PdfText {
    pub text: String,
    /// Byte offset of each page's marker in `text`.
    pub page_starts: Vec<usize>,
    /// Pages with no text at all (a scanned page is an image).
    pub empty_pages: u32,
}

/// A line of text on a page, with its baseline and size.
#[derive(Debug, Clone, PartialEq)]
struct Line {
    text: String,
    y: f64,
    size: f64,
}

/// The text of `pages`, page by page; see the module comment for what is done to it.
pub fn pdf_text(pages: &[PdfPage], page_word: &str) -> PdfText {
    // The user's language's word for "page" ("Seite"); one that could not be read back, English.
    let page_word = if is_page_word(page_word) {
        page_word
    } else {
        "page"
    };
    let lines: Vec<Vec<Line>> = pages.iter().map(|p| lines_of(&p.items)).collect();
    let repeated = repeated_edges(&lines);
    let mut out = PdfText {
        text: String::new(),
        page_starts: Vec::with_capacity(pages.len()),
        empty_pages: 0,
    };
    for (i, page) in lines.iter().enumerate() {
        let kept: Vec<&Line> = page
            .iter()
            .enumerate()
            .filter(|(j, _)| !repeated.contains(&(i, *j)))
            .map(|(_, l)| l)
            .collect();
        if page.is_empty() {
            out.empty_pages += 1;
        }
        if !out.text.is_empty() {
            out.text.push_str("\n\n");
        }
        out.page_starts.push(out.text.len());
        out.text.push_str("— ");
        out.text.push_str(page_word);
        out.text.push(' ');
        out.text.push_str(&(i + 1).to_string());
        out.text.push_str(" —");
        for paragraph in paragraphs(&kept) {
            out.text.push_str("\n\n");
            out.text.push_str(&not_a_marker(paragraph));
        }
    }
    out
}

/// The page's runs joined into lines; blank lines are left out.
fn lines_of(items: &[TextItem]) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut current: Option<Line> = None;
    for item in items {
        let (y, size) = (item.transform[5], item_size(item));
        if let Some(line) = current.as_mut() {
            // A run whose baseline is a line away without `hasEOL` before it still starts a line.
            if !item.text.trim().is_empty() && (line.y - y).abs() > line.size.max(size) * 0.5 {
                lines.push(current.take().unwrap_or_else(|| unreachable!()));
            }
        }
        let line = current.get_or_insert_with(|| Line {
            text: String::new(),
            y,
            size,
        });
        line.text.push_str(&item.text);
        if !item.text.trim().is_empty() {
            line.size = line.size.max(size);
        }
        if item.has_eol {
            lines.extend(current.take());
        }
    }
    lines.extend(current);
    lines.retain(|l| !l.text.trim().is_empty());
    for l in &mut lines {
        l.text = l.text.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    lines
}

fn item_size(item: &TextItem) -> f64 {
    let scale = item.transform[3].abs().max(item.transform[1].abs());
    if scale > 0.0 {
        scale
    } else {
        item.height.abs()
    }
}

/// How many lines from the top and from the bottom of a page may be a header or footer.
const EDGE_LINES: usize = 2;

/// (page, line) of the lines at a page's top or bottom whose text (digits ignored) is at the
/// same place on at least half the pages, and on two or more.
fn repeated_edges(pages: &[Vec<Line>]) -> std::collections::HashSet<(usize, usize)> {
    use std::collections::{HashMap, HashSet};
    // Keyed by the line's place (nth from the top, or from the bottom, as negative) and shape.
    let mut seen: HashMap<(isize, String), HashSet<usize>> = HashMap::new();
    let edges = |page: &Vec<Line>| -> Vec<(usize, isize)> {
        let n = page.len();
        (0..n)
            .filter_map(|j| {
                if j < EDGE_LINES {
                    isize::try_from(j).ok().map(|k| (j, k))
                } else if j + EDGE_LINES >= n {
                    isize::try_from(n - j).ok().map(|k| (j, -k))
                } else {
                    None
                }
            })
            .collect()
    };
    for (i, page) in pages.iter().enumerate() {
        for (j, top) in edges(page) {
            seen.entry((top, shape(&page[j].text)))
                .or_default()
                .insert(i);
        }
    }
    let needed = pages.len().div_ceil(2).max(2);
    let mut out = HashSet::new();
    for (i, page) in pages.iter().enumerate() {
        for (j, top) in edges(page) {
            if seen[&(top, shape(&page[j].text))].len() >= needed {
                out.insert((i, j));
            }
        }
    }
    out
}

/// A line's text with every run of digits as `#`: "Page 3 of 9" and "Page 4 of 9" match.
fn shape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if !c.is_ascii_digit() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('#') {
            out.push('#');
        }
    }
    out
}

/// The page's lines joined into paragraphs.
fn paragraphs(lines: &[&Line]) -> Vec<String> {
    let spacing = usual_spacing(lines);
    let mut out: Vec<String> = Vec::new();
    let mut prev: Option<&Line> = None;
    for line in lines {
        let breaks = prev.is_none_or(|p| {
            let gap = p.y - line.y;
            // Up the page is a new column; a clearly wider gap is a new paragraph.
            gap <= 0.0 || gap > spacing.unwrap_or(p.size * 1.2) * 1.4
        });
        match out.last_mut() {
            Some(paragraph) if !breaks => join_line(paragraph, &line.text),
            _ => out.push(line.text.clone()),
        }
        prev = Some(line);
    }
    out
}

/// The usual gap between consecutive lines going down the page: the lower median, so a page
/// of short paragraphs (as many gaps as lines) still finds its line spacing.
fn usual_spacing(lines: &[&Line]) -> Option<f64> {
    let mut gaps: Vec<f64> = lines
        .windows(2)
        .map(|w| w[0].y - w[1].y)
        .filter(|g| *g > 0.0)
        .collect();
    // Equal gaps are interchangeable: the unstable sort's code is smaller in the WASM.
    gaps.sort_unstable_by(f64::total_cmp);
    gaps.get(gaps.len().saturating_sub(1) / 2).copied()
}

/// Appends `next` to `paragraph`, undoing a hyphenation at the line end ("exam-" + "ple"). A
/// compound split at its own hyphen ("x-" + "ray") is joined too: the text cannot tell them apart.
fn join_line(paragraph: &mut String, next: &str) {
    let starts_lower = next.chars().next().is_some_and(char::is_lowercase);
    if let Some(stem) = paragraph.strip_suffix('\u{ad}') {
        let stem_len = stem.len();
        paragraph.truncate(stem_len);
    } else if ends_hyphenated(paragraph) {
        // "exam-" + "ple" was one word; "Jean-" + "Paul" keeps its hyphen, without a space.
        if starts_lower {
            paragraph.pop();
        }
    } else {
        paragraph.push(' ');
    }
    paragraph.push_str(next);
}

/// Ends in a hyphen right after a letter ("exam-"), not a dash (" - ") or a number range.
fn ends_hyphenated(text: &str) -> bool {
    let mut rev = text.chars().rev();
    rev.next() == Some('-') && rev.next().is_some_and(char::is_alphabetic)
}

#[cfg(test)]
#[path = "pdf_tests.rs"]
mod tests;
