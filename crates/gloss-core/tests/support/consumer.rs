//! A patch consumer that behaves like the panel (answer/answer-dom.ts): the streaming tests
//! compare what it holds with the full render. It has no `use` of the other support modules, so
//! a test that needs only it can include this file alone.

use gloss_core::RenderPatch;

/// Applies patches the way the panel does and says what HTML it holds.
#[derive(Default)]
pub struct Consumer {
    blocks: Vec<String>,
    tail: String,
    code: Option<(String, String)>,
    /// The open table's or list's rows: those appended, the live ones, and what follows.
    rows: Option<(String, String, String)>,
}

impl Consumer {
    pub fn apply(&mut self, patch: RenderPatch) {
        if patch.reset {
            self.blocks.clear();
        }
        self.blocks.extend(patch.frozen);
        self.rows = match patch.tail_rows {
            None => None,
            Some(rows) => {
                let mut held = if patch.tail.is_empty() {
                    self.rows
                        .take()
                        .expect("tail_rows needs a table or list tail first")
                } else {
                    Default::default()
                };
                held.0.push_str(&rows.append);
                held.1 = rows.live;
                held.2 = rows.after;
                Some(held)
            }
        };
        match patch.tail_code {
            None if self.rows.is_some() && patch.tail.is_empty() => {}
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
        if let Some((stable, live, after)) = &self.rows {
            // Into the container: the `<tbody>`, or the top list.
            let at = self
                .tail
                .rfind("</tbody>")
                .or_else(|| self.tail.rfind("</"))
                .unwrap();
            let (before, rest) = self.tail.split_at(at);
            return format!("{html}{before}{stable}{live}{rest}{after}");
        }
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
        self.tail.is_empty() && self.code.is_none() && self.rows.is_none()
    }
}
