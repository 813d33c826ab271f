//! Property test: documents made of random lines from the shapes that decide where lists and
//! tables start and end (markers, indents, lazy lines, setext underlines, thematic breaks,
//! delimiter rows, fences) stream in random chunks, and after every chunk the frozen blocks and
//! the tail are exactly the full render of the text so far. The fixtures test the shapes one by
//! one; this finds the combinations nobody wrote down (it found a paragraph frozen before a
//! table that its next line undid, and a list sent loose that ended tight).

use consumer::Consumer;
use gloss_core::{render_markdown, StreamRenderer};
use rng::Rng;

// Only these two of the shared test support: the rest serves the fixture tests, and would be
// dead code here.
#[path = "support/consumer.rs"]
mod consumer;
#[path = "support/rng.rs"]
mod rng;

/// Lines anywhere in an answer, and lines of lists and tables, which the documents lean on.
const ANY: &[&str] = &[
    "",
    "# top",
    "lazy",
    "---",
    "===",
    "***",
    "```",
    "    code",
    "> q",
    "| x | y |",
    "|---|---|",
    "| 1 | 2 |",
    "| a \\| b |",
    "| only",
    "a | b",
    "--|--",
    "10. ten",
    "2) two",
    "* star",
    "+ plus",
    "- - -",
    "\t- tab",
    "   - odd",
    "- [ ] t",
    "\\- esc",
    "  $x$",
    "- ä 日本",
];
const LISTY: &[&str] = &[
    "- a",
    "- b",
    "- c **x**",
    "  - n",
    "    - m",
    "",
    "  more",
    "  ---",
    "  ===",
    "  # h",
    "  | x |",
    "  |---|",
    "  | 1 |",
    "  > q",
    "1. a",
    "2. b",
    "  -",
    "-",
    "  ```",
    "  1. sub",
];

fn document(rng: &mut Rng) -> String {
    let lines = 2 + rng.below(20);
    let mut doc = String::new();
    for _ in 0..lines {
        let pool = if rng.below(3) == 0 { ANY } else { LISTY };
        doc.push_str(pool[rng.below(pool.len())]);
        doc.push('\n');
    }
    doc
}

#[test]
fn random_lists_and_tables_stream_as_their_full_render_after_every_chunk() {
    let mut rng = Rng::new(0x007a_b1e5);
    for round in 0..1500 {
        let doc = document(&mut rng);
        let mut renderer = StreamRenderer::new();
        let mut consumer = Consumer::default();
        let mut at = 0;
        while at < doc.len() {
            let mut end = (at + 1 + rng.below(6)).min(doc.len());
            while !doc.is_char_boundary(end) {
                end += 1;
            }
            consumer.apply(renderer.push(&doc[at..end]));
            at = end;
            let want = render_markdown(&doc[..at]);
            assert_eq!(
                consumer.html(),
                want,
                "round {round}, {at} bytes of {doc:?}"
            );
        }
        consumer.apply(renderer.finish());
        assert_eq!(
            consumer.html(),
            render_markdown(&doc),
            "round {round}: {doc:?}"
        );
        assert!(
            consumer.tail_is_empty(),
            "round {round}: finish leaves no tail"
        );
    }
}
