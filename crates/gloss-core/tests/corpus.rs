//! The streaming renderer on a corpus nobody here wrote: the CommonMark specification (the npm
//! package `commonmark-spec`, installed by `npm ci` into the repository's `node_modules`), its
//! 652 examples one by one and joined, and the specification's own 200 KB of text, each streamed
//! at several chunkings. Under every chunking the streamed view must equal the full render
//! (`support::stream`): while streaming where nothing can resolve late, and always at the end.
//! Each example is also streamed with LaTeX math after it, which a pre-pass that misread code
//! once turned into plain parentheses in the full render only.

#[allow(
    dead_code,
    reason = "the long-answer generators in support serve markdown.rs, not this corpus"
)]
mod support;

use std::fs;
use std::path::{Path, PathBuf};

use support::examples::{self, Example};
use support::rng::Rng;
use support::stream;

fn spec_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../node_modules/commonmark-spec/spec.txt")
}

fn spec_text() -> String {
    fs::read_to_string(spec_file()).unwrap_or_else(|e| {
        panic!(
            "{}: {e}. The corpus is the npm package commonmark-spec: run `npm ci` first",
            spec_file().display()
        )
    })
}

fn spec_examples() -> Vec<Example> {
    let found = examples::read(&spec_file());
    assert_eq!(found.len(), 652, "the examples of CommonMark 0.31.2");
    found
}

/// Chunk lengths covering `len` bytes: all of one `size`, or random ones up to it.
fn chunks(len: usize, size: usize, rng: Option<&mut Rng>) -> Vec<usize> {
    match rng {
        Some(rng) => (0..len).map(|_| 1 + rng.below(size)).collect(),
        None => vec![size; len.div_ceil(size).max(1)],
    }
}

#[test]
fn every_spec_example_streams_as_it_renders() {
    let mut rng = Rng::new(0xc0ff_ee00);
    for ex in spec_examples() {
        let n = ex.input.len().max(1);
        for size in [1, 3, 7] {
            stream(
                &ex.input,
                &chunks(n, size, None),
                &format!("spec line {} by {size}", ex.line),
            );
        }
        let random = chunks(n, 9, Some(&mut rng));
        stream(&ex.input, &random, &format!("spec line {} random", ex.line));
    }
}

#[test]
fn every_spec_example_streams_with_latex_math_after_it() {
    for ex in spec_examples() {
        let input = format!(
            "{}\n\nThe cost is \\(O(n^2)\\), or \\[n^2\\] at worst.\n",
            ex.input
        );
        for size in [2, 5, 11] {
            stream(
                &input,
                &chunks(input.len(), size, None),
                &format!("spec line {} + math by {size}", ex.line),
            );
        }
    }
}

#[test]
fn the_spec_examples_joined_stream_as_one_document() {
    let doc: String = spec_examples()
        .into_iter()
        .map(|e| e.input + "\n")
        .collect();
    let mut rng = Rng::new(31);
    for size in [7, 61, 509] {
        stream(
            &doc,
            &chunks(doc.len(), size, None),
            &format!("joined examples by {size}"),
        );
    }
    stream(
        &doc,
        &chunks(doc.len(), 16, Some(&mut rng)),
        "joined examples, random",
    );
}

#[test]
fn the_whole_specification_streams_as_one_document() {
    let text = spec_text();
    assert!(text.len() > 150_000, "the specification's text");
    for size in [97, 1021] {
        stream(
            &text,
            &chunks(text.len(), size, None),
            &format!("spec.txt by {size}"),
        );
    }
}
