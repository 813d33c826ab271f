//! Pages of a PDF's text chosen by number: the user types a range ("3–5, 9") when a long PDF
//! does not fit, and only those pages go. The text is `pdf_text`'s, each page opened by its
//! marker line ("— page 12 —", in the user's language: "— Seite 12 —"), so pages are found by
//! their markers (an edited text still counts) and the pages sent are named from the markers too.

/// The longest word a marker line may name its page with.
const MAX_WORD: usize = 24;

/// Whether `word` can name a page in a marker line: one word of letters.
pub fn is_page_word(word: &str) -> bool {
    !word.is_empty() && word.chars().count() <= MAX_WORD && word.chars().all(char::is_alphabetic)
}

/// The page number of a marker line ("— page 12 —", "— Seite 12 —": any one word of letters,
/// so a text read in one language still counts in another), else `None`. Digits only, as the
/// panel's `PAGE_MARKER` reads them (`parse` alone would take "+12" too).
pub fn page_marker(line: &str) -> Option<u32> {
    let inner = line.strip_prefix("— ")?.strip_suffix(" —")?;
    let (word, number) = inner.split_once(' ')?;
    if !is_page_word(word) || number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    number.parse().ok()
}

/// A paragraph of the PDF's own, kept from reading as a marker line: quoted when it does, so
/// that a PDF cannot open a page of its choosing inside another (and have the rest of that page
/// go with the wrong number when pages are chosen).
pub(super) fn not_a_marker(paragraph: String) -> String {
    if page_marker(&paragraph).is_some() {
        format!("“{paragraph}”")
    } else {
        paragraph
    }
}

/// The pages of `text` whose numbers are in `pages`, in the text's order, each from its marker
/// to the next page's, joined as `pdf_text` joins pages. Text before the first marker belongs to
/// no page and is left out.
pub fn pdf_pages(text: &str, pages: &[u32]) -> String {
    // Looked up by binary search when sorted, as the panel's `pageList` sends them: a list
    // scanned at every marker is pages × markers steps, and a long PDF can have tens of
    // thousands of both. (Sorting here would put a sort's code for `u32` in the WASM, 1.5 KB.)
    let sorted = pages.is_sorted();
    let wanted = |n: u32| {
        if sorted {
            pages.binary_search(&n).is_ok()
        } else {
            pages.contains(&n)
        }
    };
    let mut starts: Vec<(usize, u32)> = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if let Some(n) = page_marker(line.trim_end_matches(['\n', '\r'])) {
            starts.push((at, n));
        }
        at += line.len();
    }
    let mut out = String::new();
    for (i, &(start, n)) in starts.iter().enumerate() {
        if !wanted(n) {
            continue;
        }
        let end = starts.get(i + 1).map_or(text.len(), |&(next, _)| next);
        if !out.is_empty() {
            out.push_str("\n\n");
        }
        out.push_str(text[start..end].trim_end());
    }
    out
}

/// The page numbers of `text`'s markers, in order.
pub fn page_numbers(text: &str) -> Vec<u32> {
    text.lines().filter_map(page_marker).collect()
}

/// Page numbers as a reader writes them: runs of consecutive pages as ranges ("1–3, 5, 9–10").
pub fn page_ranges(pages: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < pages.len() {
        let mut j = i;
        // Checked: a PDF's own text can hold a marker line for page 4294967295.
        while j + 1 < pages.len() && pages[j].checked_add(1) == Some(pages[j + 1]) {
            j += 1;
        }
        parts.push(if j == i {
            pages[i].to_string()
        } else {
            format!("{}–{}", pages[i], pages[j])
        });
        i = j + 1;
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str =
        "— page 1 —\n\nOne.\n\n— page 2 —\n\nTwo a.\n\nTwo b.\n\n— page 3 —\n\n— page 4 —\n\nFour.";

    #[test]
    fn chosen_pages_are_kept_whole_in_order() {
        assert_eq!(
            pdf_pages(TEXT, &[4, 2]),
            "— page 2 —\n\nTwo a.\n\nTwo b.\n\n— page 4 —\n\nFour."
        );
        assert_eq!(pdf_pages(TEXT, &[1]), "— page 1 —\n\nOne.");
        // A page with no text keeps its marker: the model is told the page was sent, and empty.
        assert_eq!(pdf_pages(TEXT, &[3]), "— page 3 —");
        assert_eq!(pdf_pages(TEXT, &[9]), "");
    }

    #[test]
    fn a_marker_inside_a_line_is_text() {
        let text = "— page 1 —\n\nSee “— page 2 —” below.\n\n— page 2 —\n\nTwo.";
        assert_eq!(
            pdf_pages(text, &[1]),
            "— page 1 —\n\nSee “— page 2 —” below."
        );
    }

    #[test]
    fn a_marker_is_digits_between_its_dashes() {
        assert_eq!(page_marker("— page 12 —"), Some(12));
        assert_eq!(page_marker("— Seite 12 —"), Some(12));
        assert_eq!(page_marker("— página 3 —"), Some(3));
        assert_eq!(page_marker("— two words 3 —"), None);
        assert_eq!(page_marker("— p4ge 3 —"), None);
        assert_eq!(page_marker("— page —"), None);
        assert_eq!(page_marker("— page +12 —"), None);
        assert_eq!(page_marker("— page  12 —"), None);
        assert_eq!(page_marker("— page 99999999999 —"), None);
    }

    #[test]
    fn pages_are_named_as_ranges() {
        assert_eq!(page_ranges(&[1, 2, 3, 5, 9, 10]), "1–3, 5, 9–10");
        assert_eq!(page_ranges(&[7]), "7");
        assert_eq!(page_ranges(&[]), "");
        // The last page number there is ends a run, and begins none.
        let last = u32::MAX;
        assert_eq!(
            page_ranges(&[last - 1, last, 0, 1]),
            format!("{}–{last}, 0–1", last - 1)
        );
        assert_eq!(page_numbers(TEXT), vec![1, 2, 3, 4]);
    }
}
