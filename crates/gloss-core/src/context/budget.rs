//! How much page material fits in a prompt.
//!
//! - Tokens are estimated without a tokenizer (the model's is unknown here): about four bytes of
//!   ASCII per token, one token per CJK character, two other non-ASCII characters per token.
//!   Good to ~15% on English prose; used to size, never to bill.
//! - An attachment larger than the budget is cut at the last paragraph, sentence or word end
//!   that fits, and the result says how much was kept, so the panel can show it before sending.

use serde::{Deserialize, Serialize};

/// How much of an attachment fits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Fit {
    /// Bytes of the text that are kept (a prefix, cut at a clean boundary).
    pub kept_bytes: usize,
    pub kept_tokens: u32,
    pub total_tokens: u32,
    /// Kept share of the text, 0–100, for "about 62% of the page".
    pub percent: u32,
}

/// Estimated tokens of `text`.
pub fn estimate_tokens(text: &str) -> u32 {
    let mut ascii = 0u64;
    let mut wide = 0u64;
    let mut other = 0u64;
    for c in text.chars() {
        if c.is_ascii() {
            ascii += 1;
        } else if is_cjk(c) {
            wide += 1;
        } else {
            other += 1;
        }
    }
    u32::try_from(ascii.div_ceil(4) + wide + other.div_ceil(2)).unwrap_or(u32::MAX)
}

fn is_cjk(c: char) -> bool {
    matches!(u32::from(c), 0x3040..=0x30ff | 0x3400..=0x4dbf | 0x4e00..=0x9fff | 0xac00..=0xd7af | 0xf900..=0xfaff)
}

/// Fits `text` into `budget` tokens, cutting at the last clean boundary that fits.
pub fn fit(text: &str, budget: u32) -> Fit {
    let total = estimate_tokens(text);
    if total <= budget {
        return Fit {
            kept_bytes: text.len(),
            kept_tokens: total,
            total_tokens: total,
            percent: 100,
        };
    }
    // The longest prefix within budget, then step back to a clean end.
    let kept = clean_end(&text[..longest_prefix_within(text, budget)]);
    Fit {
        kept_bytes: kept,
        kept_tokens: estimate_tokens(&text[..kept]),
        total_tokens: total,
        percent: u32::try_from(kept * 100 / text.len().max(1)).unwrap_or(100),
    }
}

/// Fits several sources into one `budget`, each in order: sources smaller than an even share
/// are kept whole and the room they leave is shared among the rest, so a short selection is
/// never cut to make room for a long page ("3 sources: 62% fits").
pub fn fit_all(texts: &[&str], budget: u32) -> Vec<Fit> {
    let totals: Vec<u32> = texts.iter().map(|t| estimate_tokens(t)).collect();
    let mut order: Vec<usize> = (0..texts.len()).collect();
    // Ties in their given order, as a stable sort would leave them; an unstable sort with the
    // index as tie-break avoids a stable sort's larger code in the WASM.
    order.sort_unstable_by_key(|&i| (totals[i], i));
    let mut shares = vec![0u32; texts.len()];
    let mut left = budget;
    for (done, &i) in order.iter().enumerate() {
        let waiting = u32::try_from(texts.len() - done).unwrap_or(u32::MAX);
        shares[i] = totals[i].min(left / waiting);
        left -= shares[i];
    }
    texts.iter().zip(shares).map(|(t, s)| fit(t, s)).collect()
}

/// Bytes of the longest prefix of `text` whose estimate is within `budget`, on a character
/// boundary. A binary search: the estimate grows with the prefix.
fn longest_prefix_within(text: &str, budget: u32) -> usize {
    let (mut lo, mut hi) = (0usize, text.len());
    while lo < hi {
        let mid = floor_char(text, (lo + hi).div_ceil(2));
        if mid <= lo {
            break;
        }
        if estimate_tokens(&text[..mid]) <= budget {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    floor_char(text, lo)
}

fn floor_char(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The end of the last paragraph, else sentence, else word, in `prefix` (or all of it).
fn clean_end(prefix: &str) -> usize {
    let floor = prefix.len() / 2; // never throw away more than half to find a clean end
    let found = |i: Option<usize>| i.filter(|&i| i >= floor);
    found(prefix.rfind("\n\n"))
        .or_else(|| found(prefix.rfind(". ").map(|i| i + 1)))
        .or_else(|| found(prefix.rfind(char::is_whitespace)))
        .unwrap_or(prefix.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_by_script() {
        assert_eq!(estimate_tokens(""), 0);
        assert_eq!(estimate_tokens("abcd"), 1);
        assert_eq!(estimate_tokens("日本語"), 3);
        assert_eq!(estimate_tokens("éé"), 1);
    }

    #[test]
    fn small_text_is_kept_whole() {
        let f = fit("Short text.", 100);
        assert_eq!((f.kept_bytes, f.percent), (11, 100));
    }

    #[test]
    fn large_text_is_cut_at_a_paragraph_and_says_how_much() {
        let text = "First paragraph here.\n\n".repeat(200);
        let f = fit(&text, 500);
        assert!(f.kept_tokens <= 500 && f.kept_tokens > 400, "{f:?}");
        assert!(text[..f.kept_bytes].ends_with("here."), "cut mid-paragraph");
        assert!(f.percent > 30 && f.percent < 50, "{f:?}");
        assert!(f.total_tokens > 1000);
    }

    #[test]
    fn several_sources_that_fit_are_kept_whole() {
        let fits = fit_all(&["One.", "Two two."], 100);
        assert!(fits.iter().all(|f| f.percent == 100), "{fits:?}");
    }

    #[test]
    fn a_short_source_is_kept_whole_and_long_ones_share_the_rest() {
        let long = "A sentence of a long page. ".repeat(400);
        let short = "A short quote.";
        let fits = fit_all(&[&long, short, &long], 1000);
        assert_eq!(fits[1].percent, 100);
        let rest = 1000 - fits[1].kept_tokens;
        for f in [&fits[0], &fits[2]] {
            assert!(
                f.kept_tokens <= rest / 2 && f.kept_tokens > rest / 2 - 20,
                "{f:?}"
            );
        }
        let sent: u32 = fits.iter().map(|f| f.kept_tokens).sum();
        assert!(sent <= 1000);
    }

    #[test]
    fn no_sources_fit_nothing() {
        assert!(fit_all(&[], 10).is_empty());
    }

    #[test]
    fn cuts_never_split_a_character() {
        let text = "日本語のテキスト".repeat(500);
        let f = fit(&text, 100);
        assert!(text.is_char_boundary(f.kept_bytes));
        assert!(f.kept_tokens <= 100);
    }
}
