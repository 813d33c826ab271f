//! Shared by the markdown tests: the spec-format reader, a patch consumer that behaves like the
//! panel (`consumer.rs`), the streaming invariants checked under given chunks (`stream`), a tiny
//! deterministic RNG (`rng.rs`, which the fuzz tests use too) and a generator of long answers.

mod consumer;
pub mod examples;
pub mod rng;

pub use consumer::Consumer;

use gloss_core::{render_markdown, StreamRenderer};

/// Footnotes and reference definitions may change what came before them once they arrive. A
/// definition may stand in a container (`> [foo]: /url`, `- [foo]: /url`) or follow a line's
/// other text, so any `]:` counts: the end of the stream is checked whatever this says.
pub fn may_resolve_late(input: &str) -> bool {
    input.contains("[^") || input.contains("]:")
}

/// Streams `input` in the given chunks, checking invariant 1 after each push and 2 at the end.
pub fn stream(input: &str, chunks: &[usize], what: &str) {
    let mut renderer = StreamRenderer::new();
    let mut consumer = Consumer::default();
    let check_partial = !may_resolve_late(input);
    let mut at = 0;
    for &len in chunks {
        let mut end = (at + len).min(input.len());
        while !input.is_char_boundary(end) {
            end += 1;
        }
        consumer.apply(renderer.push(&input[at..end]));
        at = end;
        if check_partial {
            assert_eq!(
                consumer.html(),
                render_markdown(&input[..at]),
                "{what}: after {at} bytes of {input:?}"
            );
        }
        if at == input.len() {
            break;
        }
    }
    assert_eq!(at, input.len(), "chunks must cover the input");
    consumer.apply(renderer.finish());
    assert_eq!(
        consumer.html(),
        render_markdown(input),
        "{what}: at the end of {input:?}"
    );
    assert!(consumer.tail_is_empty(), "{what}: finish leaves no tail");
}

/// A sentence, a long table or list of `rows` lines made by `row` (with a header for a table),
/// and a closing sentence, as models write them.
pub fn long_block(rows: usize, row: impl Fn(usize) -> String) -> String {
    let mut out = String::from("Here they are:\n\n");
    if row(0).starts_with('|') {
        out.push_str("| # | Name | Notes |\n|---|:-:|--:|\n");
    }
    out.extend((0..rows).map(row));
    out + "\nThat is all.\n"
}

/// A long answer of the usual kinds of blocks, about `bytes` long.
pub fn long_answer(bytes: usize) -> String {
    let parts = [
        "## Section heading\n\n",
        "A paragraph of prose that explains something at moderate length, with **bold**, `code`, and a [link](https://example.com/page).\n\n",
        "- first point\n- second point with *emphasis*\n- third point\n\n",
        "```rust\nfn example(x: u32) -> u32 {\n    x * 2 // doubled\n}\n```\n\n",
        "| Name | Value |\n|---|---|\n| alpha | 1 |\n| beta | 2 |\n\n",
        "> A quoted remark\n> over two lines.\n\n",
        "1. step one\n2. step two\n\n",
    ];
    let mut out = String::new();
    let mut i = 0;
    while out.len() < bytes {
        out.push_str(parts[i % parts.len()]);
        i += 1;
    }
    out
}
