//! HTML character references in search results: every numeric one (`&#39;`, `&#x27;`), and the
//! named ones result pages and snippets use. The full HTML table has 2,231 names (some 100 KB
//! of WASM as the `entities` crate holds it); DuckDuckGo's page is UTF-8 and escapes only
//! `& < > " '`, Brave's snippets the same, so the names that occur are the few below. An
//! unknown name stays as written, which reads no worse than a wrong guess.

/// Named references beyond XML's five, as result pages and the sites they quote write them.
const NAMED: &[(&str, char)] = &[
    ("amp", '&'),
    ("lt", '<'),
    ("gt", '>'),
    ("quot", '"'),
    ("apos", '\''),
    ("nbsp", '\u{a0}'),
    ("ndash", '–'),
    ("mdash", '—'),
    ("hellip", '…'),
    ("lsquo", '‘'),
    ("rsquo", '’'),
    ("ldquo", '“'),
    ("rdquo", '”'),
    ("laquo", '«'),
    ("raquo", '»'),
    ("middot", '·'),
    ("bull", '•'),
    ("copy", '©'),
    ("reg", '®'),
    ("trade", '™'),
    ("deg", '°'),
    ("euro", '€'),
    ("pound", '£'),
    ("times", '×'),
];

/// Longest reference read after `&` (`#x10FFFF;` and the names above fit).
const MAX_REFERENCE: usize = 10;

/// `text` with its character references decoded.
pub(super) fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at + 1..];
        match reference(rest) {
            Some((decoded, len)) => {
                out.push(decoded);
                rest = &rest[len..];
            }
            None => out.push('&'),
        }
    }
    out.push_str(rest);
    out
}

/// The reference at the start of `s` (just past `&`): its character, and its length up to and
/// with its `;`.
fn reference(s: &str) -> Option<(char, usize)> {
    let end = s.bytes().take(MAX_REFERENCE).position(|b| b == b';')?;
    let body = &s[..end];
    let decoded = match body.strip_prefix('#') {
        Some(number) => numeric(number)?,
        None => NAMED.iter().find(|(name, _)| *name == body)?.1,
    };
    Some((decoded, end + 1))
}

/// A numeric reference's character; as in HTML, 0, surrogates and numbers past Unicode are
/// U+FFFD.
fn numeric(number: &str) -> Option<char> {
    let (digits, radix) = match number.strip_prefix(['x', 'X']) {
        Some(hex) => (hex, 16),
        None => (number, 10),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let value = u32::from_str_radix(digits, radix).unwrap_or(u32::MAX);
    Some(match value {
        0 => '\u{fffd}',
        v => char::from_u32(v).unwrap_or('\u{fffd}'),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_and_named_references_are_decoded() {
        let cases = [
            ("Rust&#x27;s &amp; C&#39;s", "Rust's & C's"),
            ("&lt;b&gt; &quot;q&quot; &hellip;", "<b> \"q\" …"),
            ("a&nbsp;b", "a\u{a0}b"),
            ("&#0; &#xD800; &#99999999;", "\u{fffd} \u{fffd} \u{fffd}"),
            (
                "AT&T &unknown; & &#; &#xZ; &amp",
                "AT&T &unknown; & &#; &#xZ; &amp",
            ),
            ("é&eacute;&", "é&eacute;&"),
        ];
        for (text, want) in cases {
            assert_eq!(decode_entities(text), want, "{text}");
        }
    }
}
