//! The fixtures follow PDF.js's real `getTextContent()` output: the first is verbatim what
//! pdfjs-dist 5.6 gave for e2e/fixtures/pdf.ts's two-page report (trimmed to the fields Gloss
//! reads); the others keep that shape (one item per run, `transform` `[size, 0, 0, size, x, y]`,
//! `hasEOL` after each line PDF.js saw end) for layouts that file does not draw.

use super::*;

fn pages(json: &str) -> Vec<PdfPage> {
    serde_json::from_str::<Vec<Vec<TextItem>>>(json)
        .unwrap()
        .into_iter()
        .map(|items| PdfPage { items })
        .collect()
}

/// A run at (x, y) in 11-point text.
fn run(text: &str, x: f64, y: f64, eol: bool) -> String {
    format!(
        r#"{{"str":{},"dir":"ltr","width":10,"height":11,"transform":[11,0,0,11,{x},{y}],"fontName":"g_d0_f1","hasEOL":{eol}}}"#,
        serde_json::to_string(text).unwrap()
    )
}

/// The text of one page made of `runs`.
fn one_page(runs: &[String]) -> String {
    pdf_text(&pages(&format!("[[{}]]", runs.join(","))), "page").text
}

/// A page of lines 14 points apart from the top, each one run ending its line.
fn page_of(lines: &[&str]) -> String {
    let runs: Vec<String> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            run(
                l,
                72.0,
                720.0 - 14.0 * f64::from(u8::try_from(i).unwrap()),
                true,
            )
        })
        .collect();
    format!("[{}]", runs.join(","))
}

const REPORT: &str = r#"[
[{"str":"Annual Report","dir":"ltr","width":70.312,"height":11,"transform":[11,0,0,11,72,720],"fontName":"g_d0_f1","hasEOL":true},
 {"str":"Tides rise and fall twice a day, be-","dir":"ltr","width":166.287,"height":11,"transform":[11,0,0,11,72,706],"fontName":"g_d0_f1","hasEOL":true},
 {"str":"cause the Moon pulls the oceans.","dir":"ltr","width":163.867,"height":11,"transform":[11,0,0,11,72,692],"fontName":"g_d0_f1","hasEOL":true},
 {"str":"A new paragraph here.","dir":"ltr","width":111.892,"height":11,"transform":[11,0,0,11,72,664],"fontName":"g_d0_f1","hasEOL":true},
 {"str":"Page 1","dir":"ltr","width":34.859,"height":11,"transform":[11,0,0,11,72,650],"fontName":"g_d0_f1","hasEOL":false}],
[{"str":"Annual Report","dir":"ltr","width":70.312,"height":11,"transform":[11,0,0,11,72,720],"fontName":"g_d0_f1","hasEOL":true},
 {"str":"Second page text.","dir":"ltr","width":88.671,"height":11,"transform":[11,0,0,11,72,706],"fontName":"g_d0_f1","hasEOL":true},
 {"str":"Page 2","dir":"ltr","width":34.859,"height":11,"transform":[11,0,0,11,72,692],"fontName":"g_d0_f1","hasEOL":false}]
]"#;

#[test]
fn a_report_reads_as_pages_of_paragraphs_without_its_running_header_and_page_numbers() {
    let out = pdf_text(&pages(REPORT), "page");
    assert_eq!(
        out.text,
        "— page 1 —\n\nTides rise and fall twice a day, because the Moon pulls the oceans.\n\n\
         A new paragraph here.\n\n— page 2 —\n\nSecond page text."
    );
    let second = out.text.find("— page 2 —").unwrap();
    assert_eq!(out.page_starts, vec![0, second]);
    assert_eq!(out.empty_pages, 0);
}

#[test]
fn hyphens_at_line_ends_join_words_but_dashes_and_compounds_stay() {
    let json = format!(
        "[{}]",
        page_of(&[
            "The experi-",
            "ment was run by Jean-",
            "Paul over 1990-",
            "2000 - not be\u{ad}",
            "fore.",
        ])
    );
    assert_eq!(
        pdf_text(&pages(&json), "page").text,
        "— page 1 —\n\nThe experiment was run by Jean-Paul over 1990- 2000 - not before."
    );
}

/// One page's runs (text, x, y, `hasEOL`) and the text they make.
type Layout = (
    &'static str,
    Vec<(&'static str, f64, f64, bool)>,
    &'static str,
);

/// Lines 14 points apart from the top at `x`, each ending its line (up to four).
fn column(x: f64, lines: &[&'static str]) -> Vec<(&'static str, f64, f64, bool)> {
    lines
        .iter()
        .zip([720.0, 706.0, 692.0, 678.0])
        .map(|(&text, y)| (text, x, y, true))
        .collect()
}

#[test]
fn one_page_layouts_read_in_pdfjs_order() {
    let layouts: Vec<Layout> = vec![
        (
            // A bold word is its own run; PDF.js gives the space as a run of its own.
            "runs of one line join, and a new baseline starts a line even without hasEOL",
            vec![
                ("Water is ", 72.0, 720.0, false),
                ("heavy", 120.0, 720.0, false),
                (" ", 150.0, 720.0, false),
                ("stuff.", 155.0, 720.0, false),
                ("Next line.", 72.0, 706.0, false),
            ],
            "Water is heavy stuff. Next line.",
        ),
        (
            // PDF.js gives the left column, then the right one, which starts back at the top.
            "two columns stay in order, each its own paragraph",
            [
                column(72.0, &["Left column starts", "and ends here."]),
                column(320.0, &["Right column starts", "and ends too."]),
            ]
            .concat(),
            "Left column starts and ends here.\n\nRight column starts and ends too.",
        ),
        (
            "marked content and whitespace-only runs add nothing",
            vec![
                ("", 0.0, 0.0, true),
                ("  ", 72.0, 720.0, true),
                ("Only text.", 72.0, 706.0, true),
            ],
            "Only text.",
        ),
    ];
    for (what, runs, expected) in layouts {
        let runs: Vec<String> = runs
            .iter()
            .map(|&(t, x, y, eol)| run(t, x, y, eol))
            .collect();
        assert_eq!(
            one_page(&runs),
            format!("— page 1 —\n\n{expected}"),
            "{what}"
        );
    }
}

#[test]
fn a_line_repeated_inside_pages_is_text_and_one_page_has_no_running_header() {
    let same = page_of(&["Intro", "Note: see above.", "Body one.", "End"]);
    let out = pdf_text(&pages(&format!("[{same}]")), "page");
    assert!(
        out.text.contains("Intro") && out.text.contains("End"),
        "{}",
        out.text
    );

    let a = page_of(&["Title A", "x", "Note: see above.", "y", "Body one."]);
    let b = page_of(&["Title B", "z", "Note: see above.", "w", "Body two."]);
    let out = pdf_text(&pages(&format!("[{a},{b}]")), "page");
    assert_eq!(out.text.matches("Note: see above.").count(), 2);
}

#[test]
fn footers_numbered_differently_on_each_page_are_dropped() {
    let bodies = ["Seals swim.", "Gulls fly.", "Crabs walk.", "Eels glide."];
    let p: Vec<String> = (1..=4)
        .map(|n| page_of(&[bodies[n - 1], &format!("Page {n} of 4")]))
        .collect();
    let out = pdf_text(&pages(&format!("[{}]", p.join(","))), "page");
    assert!(!out.text.contains("of 4"), "{}", out.text);
    assert!(bodies.iter().all(|b| out.text.contains(b)), "{}", out.text);
}

#[test]
fn scanned_pages_have_markers_and_are_counted_as_empty() {
    let out = pdf_text(&pages("[[],[],[]]"), "page");
    assert_eq!(out.empty_pages, 3);
    assert_eq!(out.text, "— page 1 —\n\n— page 2 —\n\n— page 3 —");
}

#[test]
fn a_pdf_is_fenced_as_untrusted_material_of_kind_pdf() {
    use crate::context::{build_messages, Attachment, AttachmentKind};
    let text = pdf_text(&pages(REPORT), "page").text;
    let attachment = Attachment {
        kind: AttachmentKind::Pdf,
        title: "report.pdf".into(),
        url: "http://127.0.0.1/report.pdf".into(),
        text,
        pages: None,
    };
    let user = build_messages("Summarize.", &[attachment], &[])[1]
        .content
        .text();
    assert!(user.contains(" kind=pdf title=\"report.pdf\""), "{user}");
    assert!(
        user.contains("— page 2 —\n\nSecond page text.\n<<<end material"),
        "{user}"
    );
}

#[test]
fn a_pdf_s_own_marker_line_is_text_of_its_page() {
    use crate::material::{page_numbers, pdf_pages};
    // A paragraph of the PDF's own that reads "— page 2 —": it must not open a page.
    let first = [
        run("Real one.", 72.0, 720.0, true),
        run("More.", 72.0, 706.0, true),
        run("— page 2 —", 72.0, 670.0, true),
        run("Still page one.", 72.0, 634.0, true),
        run("End.", 72.0, 620.0, true),
    ];
    let second = page_of(&["Two."]);
    let text = pdf_text(&pages(&format!("[[{}],{second}]", first.join(","))), "page").text;
    assert_eq!(page_numbers(&text), [1, 2], "{text}");
    let one = pdf_pages(&text, &[1]);
    assert!(
        one.contains("page 2") && one.ends_with("Still page one. End."),
        "{one}"
    );
    assert!(!pdf_pages(&text, &[2]).contains("Still"), "{text}");
}

#[test]
fn pages_are_marked_in_the_users_language_and_found_again_in_any() {
    let german = pdf_text(&pages("[[],[]]"), "Seite").text;
    assert_eq!(german, "— Seite 1 —\n\n— Seite 2 —");
    assert_eq!(crate::material::page_numbers(&german), [1, 2]);
    assert_eq!(crate::material::pdf_pages(&german, &[2]), "— Seite 2 —");
    // A word that could not be read back as a marker is not used.
    assert_eq!(
        pdf_text(&pages("[[]]"), "page 1 — injected").text,
        "— page 1 —"
    );
    assert_eq!(pdf_text(&pages("[[]]"), "").text, "— page 1 —");
}
