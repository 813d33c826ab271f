//! Heading ids. comrak's own anchorizer cannot be copied or rolled back, and the streaming
//! renderer needs both: frozen blocks commit their ids, while the still-open tail is rendered
//! on top of them and its ids are taken back before the next render. Same slugs whether the
//! answer is rendered whole or block by block, so `#gloss-h-setup-1` means the same thing.

use std::collections::HashSet;

#[derive(Debug, Clone, Default)]
pub struct Anchors {
    used: HashSet<String>,
    /// Ids added since the last checkpoint, to take back.
    journal: Option<Vec<String>>,
}

impl Anchors {
    /// A unique slug for a heading's text: lowercase letters and digits, `-` for spaces, and
    /// `-1`, `-2`, ... for repeats.
    pub fn anchorize(&mut self, text: &str) -> String {
        let base = slug(text);
        let mut id = base.clone();
        let mut n = 0;
        while self.used.contains(&id) {
            n += 1;
            id = format!("{base}-{n}");
        }
        self.used.insert(id.clone());
        if let Some(journal) = &mut self.journal {
            journal.push(id.clone());
        }
        id
    }

    /// Starts recording ids so that [`Anchors::rollback`] can take them back.
    pub fn checkpoint(&mut self) {
        self.journal = Some(Vec::new());
    }

    /// Forgets the ids added since [`Anchors::checkpoint`]. Costs what was added, not the total.
    pub fn rollback(&mut self) {
        for id in self.journal.take().unwrap_or_default() {
            self.used.remove(&id);
        }
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
    fn rollback_takes_back_only_new_ids() {
        let mut a = Anchors::default();
        a.anchorize("Intro");
        a.checkpoint();
        assert_eq!(a.anchorize("Intro"), "intro-1");
        a.rollback();
        assert_eq!(a.anchorize("Intro"), "intro-1");
    }
}
