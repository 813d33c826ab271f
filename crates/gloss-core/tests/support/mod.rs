//! Shared by the markdown tests: the spec-format reader, a patch consumer that behaves like the
//! panel, a tiny deterministic RNG (`rng.rs`, which the decoder fuzz test uses too) and a
//! generator of long answers.

pub mod examples;
pub mod rng;

use gloss_core::RenderPatch;

/// Applies patches the way the panel does and says what HTML it holds.
#[derive(Default)]
pub struct Consumer {
    blocks: Vec<String>,
    tail: String,
    code: Option<(String, String)>,
}

impl Consumer {
    pub fn apply(&mut self, patch: RenderPatch) {
        if patch.reset {
            self.blocks.clear();
        }
        self.blocks.extend(patch.frozen);
        match patch.tail_code {
            None => {
                self.tail = patch.tail;
                self.code = None;
            }
            Some(code) => {
                if !patch.tail.is_empty() {
                    assert!(
                        patch.tail.contains("</code>"),
                        "a code tail has a <code> element"
                    );
                    self.tail = patch.tail;
                    self.code = Some((String::new(), String::new()));
                }
                let (stable, live) = self
                    .code
                    .as_mut()
                    .expect("tail_code needs a code tail first");
                stable.push_str(&code.append);
                *live = code.live;
            }
        }
    }

    pub fn html(&self) -> String {
        let mut html = self.blocks.concat();
        match &self.code {
            None => html.push_str(&self.tail),
            Some((stable, live)) => {
                let at = self.tail.find("</code>").unwrap();
                html.push_str(&self.tail[..at]);
                comrak::html::escape(&mut html, &format!("{stable}{live}")).unwrap();
                html.push_str(&self.tail[at..]);
            }
        }
        html
    }

    pub fn tail_is_empty(&self) -> bool {
        self.tail.is_empty() && self.code.is_none()
    }
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
