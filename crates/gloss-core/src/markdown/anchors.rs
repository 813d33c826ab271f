//! Heading ids. comrak's own anchorizer cannot be copied or rolled back, and the streaming
//! renderer needs both: frozen blocks commit their ids, while the still-open tail is rendered
//! on top of them and its ids are taken back before the next render. Same slugs whether the
//! answer is rendered whole or block by block, so `#gloss-h-setup-1` means the same thing.

use std::collections::{HashMap, HashSet};

#[derive(Debug, Clone, Default)]
pub struct Anchors {
    used: HashSet<String>,
    /// The next suffix to try for each slug, so the 500th "Example" heading costs one lookup,
    /// not 500 (this was measured: per-chunk cost grew with the answer without it).
    next: HashMap<String, usize>,
    /// What changed since the last checkpoint, to take back.
    journal: Option<Vec<Change>>,
}

#[derive(Debug, Clone)]
struct Change {
    id: String,
    base: String,
    previous_next: Option<usize>,
}

impl Anchors {
    /// A unique slug for a heading's text: lowercase letters and digits, `-` for spaces, and
    /// `-1`, `-2`, ... for repeats.
    pub fn anchorize(&mut self, text: &str) -> String {
        let base = slug(text);
        let previous_next = self.next.get(&base).copied();
        let mut n = previous_next.unwrap_or(0);
        let mut id = suffixed(&base, n);
        while self.used.contains(&id) {
            n += 1;
            id = suffixed(&base, n);
        }
        self.used.insert(id.clone());
        self.next.insert(base.clone(), n + 1);
        if let Some(journal) = &mut self.journal {
            journal.push(Change {
                id: id.clone(),
                base,
                previous_next,
            });
        }
        id
    }

    /// Runs `render` with ids it takes given back afterwards: the streaming tail is rendered
    /// again with the next chunk, and only frozen blocks keep their ids. Costs what was added,
    /// not the total.
    pub fn provisional<T>(&mut self, render: impl FnOnce(&mut Self) -> T) -> T {
        self.checkpoint();
        let out = render(self);
        self.rollback();
        out
    }

    /// Starts recording ids so that [`Anchors::rollback`] can take them back.
    fn checkpoint(&mut self) {
        self.journal = Some(Vec::new());
    }

    /// Forgets the ids added since [`Anchors::checkpoint`].
    fn rollback(&mut self) {
        for change in self.journal.take().unwrap_or_default().into_iter().rev() {
            self.used.remove(&change.id);
            match change.previous_next {
                Some(n) => self.next.insert(change.base, n),
                None => self.next.remove(&change.base),
            };
        }
    }
}

fn suffixed(base: &str, n: usize) -> String {
    if n == 0 {
        base.to_owned()
    } else {
        format!("{base}-{n}")
    }
}

fn slug(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.trim().chars() {
        if c.is_alphanumeric() || c == '_' || c == '-' {
            out.extend(c.to_lowercase());
        } else if c.is_whitespace() {
            out.push('-');
        }
    }
    if out.is_empty() {
        out.push_str("section");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_and_repeats() {
        let mut a = Anchors::default();
        assert_eq!(a.anchorize("Hello, World!"), "hello-world");
        assert_eq!(a.anchorize("Hello World"), "hello-world-1");
        assert_eq!(a.anchorize("Größe & 日本"), "größe--日本");
        assert_eq!(a.anchorize("!!!"), "section");
    }

    #[test]
    fn an_explicit_suffix_does_not_collide() {
        let mut a = Anchors::default();
        assert_eq!(a.anchorize("a"), "a");
        assert_eq!(a.anchorize("a"), "a-1");
        assert_eq!(a.anchorize("a-1"), "a-1-1");
        assert_eq!(a.anchorize("a-2"), "a-2");
        assert_eq!(a.anchorize("a"), "a-3");
    }

    #[test]
    fn rollback_restores_the_suffix_counter() {
        let mut a = Anchors::default();
        a.anchorize("x");
        a.checkpoint();
        assert_eq!(a.anchorize("x"), "x-1");
        assert_eq!(a.anchorize("x"), "x-2");
        a.rollback();
        assert_eq!(a.anchorize("x"), "x-1");
    }

    #[test]
    fn rollback_takes_back_only_new_ids() {
        let mut a = Anchors::default();
        a.anchorize("Intro");
        a.checkpoint();
        assert_eq!(a.anchorize("Intro"), "intro-1");
        a.rollback();
        assert_eq!(a.anchorize("Intro"), "intro-1");
    }
}
