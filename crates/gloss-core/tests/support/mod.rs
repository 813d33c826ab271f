//! Shared by the markdown tests: the spec-format reader, a patch consumer that behaves like the
//! panel (`consumer.rs`), a tiny deterministic RNG (`rng.rs`, which the fuzz tests use too) and a
//! generator of long answers.

mod consumer;
pub mod examples;
pub mod rng;

pub use consumer::Consumer;

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
