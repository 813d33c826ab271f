//! Markdown fixtures in the spec format (input, `.`, expected HTML) and the streaming
//! renderer's invariants, checked on every fixture under many chunkings:
//!
//! 1. while streaming, frozen blocks + tail == `render_markdown(text so far)` (for documents
//!    without footnotes or reference definitions, which may resolve later);
//! 2. after `finish`, the held blocks == `render_markdown(full text)`, always.
//!
//! `GLOSS_BLESS=1 cargo test --test markdown` rewrites the expected HTML (review the diff).

mod support;

use gloss_core::{render_markdown, StreamRenderer};
use support::rng::Rng;
use support::{examples, may_resolve_late, stream, Consumer};

#[test]
fn fixtures_render_as_expected() {
    let bless = std::env::var_os("GLOSS_BLESS").is_some();
    for file in examples::files() {
        let mut blessed = Vec::new();
        for ex in examples::read(&file) {
            let got = render_markdown(&ex.input);
            if bless {
                blessed.push((ex.input.clone(), got));
            } else {
                assert_eq!(got, ex.expected, "{}:{}", file.display(), ex.line);
            }
        }
        if bless {
            examples::write(&file, &blessed);
        }
    }
}

#[test]
fn every_fixture_streams_split_at_every_point() {
    for ex in examples::all() {
        let n = ex.input.len();
        for cut in 1..n {
            stream(
                &ex.input,
                &[cut, n],
                &format!("line {} cut at {cut}", ex.line),
            );
        }
        stream(
            &ex.input,
            &vec![1; n],
            &format!("line {} byte by byte", ex.line),
        );
    }
}

/// A consumer that joins after `cut` bytes (a panel reopened mid-answer) starts from
/// `snapshot` and then follows the same patches as everyone else.
fn join_late(input: &str, cut: usize, step: usize, what: &str) {
    let mut renderer = StreamRenderer::new();
    let mut at = 0;
    while at < cut {
        let end = next_boundary(input, (at + step).min(cut));
        renderer.push(&input[at..end]);
        at = end;
    }
    let mut late = Consumer::default();
    late.apply(renderer.snapshot());
    if !may_resolve_late(input) {
        assert_eq!(
            late.html(),
            render_markdown(&input[..at]),
            "{what}: snapshot"
        );
    }
    while at < input.len() {
        let end = next_boundary(input, at + step);
        late.apply(renderer.push(&input[at..end]));
        at = end;
    }
    late.apply(renderer.finish());
    assert_eq!(late.html(), render_markdown(input), "{what}: at the end");
}

fn next_boundary(input: &str, mut end: usize) -> usize {
    end = end.min(input.len());
    while !input.is_char_boundary(end) {
        end += 1;
    }
    end
}

#[test]
fn a_late_consumer_catches_up_from_a_snapshot_at_every_point() {
    for ex in examples::all() {
        for cut in 0..=ex.input.len() {
            for step in [1, 5] {
                join_late(
                    &ex.input,
                    cut,
                    step,
                    &format!("line {} joined at {cut}", ex.line),
                );
            }
        }
    }
}

#[test]
fn every_fixture_streams_in_random_chunks() {
    let mut rng = Rng::new(0x5eed_1234);
    for ex in examples::all() {
        for round in 0..40 {
            let chunks: Vec<usize> = (0..ex.input.len()).map(|_| 1 + rng.below(12)).collect();
            stream(
                &ex.input,
                &chunks,
                &format!("line {} round {round}", ex.line),
            );
        }
    }
}

#[test]
fn whole_fixture_files_stream_as_one_document() {
    let mut rng = Rng::new(7);
    for file in examples::files() {
        let doc: String = examples::read(&file)
            .into_iter()
            .map(|e| e.input + "\n")
            .collect();
        for _ in 0..5 {
            let chunks: Vec<usize> = (0..doc.len()).map(|_| 1 + rng.below(8)).collect();
            stream(&doc, &chunks, &file.display().to_string());
        }
    }
}

#[test]
fn work_per_chunk_is_bounded_by_the_open_block() {
    let doc = support::long_answer(100_000);
    let largest_block = doc.split("\n\n").map(str::len).max().unwrap();
    let mut renderer = StreamRenderer::new();
    let mut worst = 0;
    for chunk in doc.as_bytes().chunks(4) {
        renderer.push(std::str::from_utf8(chunk).unwrap());
        worst = worst.max(renderer.open_len());
    }
    assert!(
        worst <= 2 * largest_block + 8,
        "the open region reached {worst} bytes; the largest block is {largest_block}"
    );
}

/// The parser moves footnote definitions to the end of the document, so the blocks it gives
/// are out of source order when more blocks follow one. Streaming must not freeze across that
/// (it once cut the text backwards and panicked), and still ends as the full render.
#[test]
fn a_footnote_definition_followed_by_more_blocks_streams_whole() {
    let input = "See [^1].\n\n[^1]: The note.\n\n# Heading\n\nMore text.\n\n- a list\n";
    for first in 1..input.len() {
        stream(
            input,
            &[first, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7],
            "two pieces then small ones",
        );
    }
    stream(input, &[input.len()], "one piece");
}

/// The bytes a patch carries to the panel.
fn patch_bytes(patch: &gloss_core::RenderPatch) -> usize {
    let code = patch
        .tail_code
        .as_ref()
        .map_or(0, |c| c.append.len() + c.live.len());
    let rows = patch
        .tail_rows
        .as_ref()
        .map_or(0, |r| r.append.len() + r.live.len());
    patch.frozen.iter().map(String::len).sum::<usize>() + patch.tail.len() + code + rows
}

#[test]
fn long_tables_and_lists_send_each_row_once() {
    let cases = [
        (
            "table",
            support::long_block(400, |i| format!("| {i} | x{i} | *ok* |\n")),
        ),
        (
            "table right after its sentence",
            support::long_block(400, |i| format!("| {i} | x{i} | *ok* |\n"))
                .replacen(":\n\n|", ":\n|", 1),
        ),
        (
            "tight list",
            support::long_block(300, |i| format!("- item {i} `x`\n")),
        ),
        (
            "ordered list",
            support::long_block(300, |i| format!("{}. item\n", i + 1)),
        ),
        (
            "loose list",
            support::long_block(300, |i| format!("- item {i}\n\n")),
        ),
        (
            "nested list",
            support::long_block(200, |i| format!("- a{i}\n  - b{i}\n")),
        ),
    ];
    for (name, doc) in cases {
        let mut renderer = StreamRenderer::new();
        let mut posted = 0;
        let chunks: Vec<_> = doc.as_bytes().chunks(4).collect();
        for chunk in chunks {
            posted += patch_bytes(&renderer.push(std::str::from_utf8(chunk).unwrap()));
        }
        posted += patch_bytes(&renderer.finish());
        let html = render_markdown(&doc).len();
        // Each row or item goes once as it streams and once in the block frozen at its end; the
        // unfinished one goes with every chunk (5-7× in all; before rows were frozen: 1,000×+).
        assert!(
            posted < 10 * html,
            "{name}: posted {posted} bytes for {html} of HTML"
        );
        stream(&doc, &vec![4; doc.len()], name);
    }
}

/// comrak makes `- a\n  | x |\n  |---|\n  |` loose, and the list tight again once that line
/// reads `  | 1 |`. The list fast path once kept the loose reading for every item after it.
#[test]
fn a_list_loose_only_while_its_last_line_is_unfinished_ends_tight() {
    let doc = "- a\n- b\n- c\n  | x |\n  |---|\n  | 1 |\n- d\n- e\n";
    let cut = doc.find("| 1").unwrap() + 1;
    stream(doc, &[cut, doc.len()], "cut after the row's first pipe");
    stream(doc, &[1; 64], "byte by byte");
}
