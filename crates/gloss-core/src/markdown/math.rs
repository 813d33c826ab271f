//! `\(…\)` and `\[…\]`, the LaTeX delimiters models often write, become the `$…$` and `$$…$$`
//! that comrak's math extension reads. The change is line-local and keeps every line break, so
//! block boundaries and line numbers stay the same and a region of the answer normalises
//! exactly as it does inside the whole.
//!
//! Code is left alone, and what is code is what comrak's own parse of the text says (`code.rs`),
//! not a scan for fences: a fence opened on a list item's marker line (`` 1. ``` ``) or a
//! paragraph that opens with a triple-backtick code span (`` ``` aa ``` ``) once made a scan
//! think a fence stayed open, and math in every later paragraph showed as plain parentheses.

use std::borrow::Cow;
use std::ops::Range;

use super::code::CodeRegions;

pub fn normalize_delimiters(src: &str) -> Cow<'_, str> {
    if !src.contains("\\(") && !src.contains("\\[") {
        return Cow::Borrowed(src);
    }
    let code = CodeRegions::of(src);
    let mut out = String::with_capacity(src.len() + 16);
    let mut start = 0;
    for line in src.split_inclusive('\n') {
        if code.in_block(start..start + line.len()) {
            out.push_str(line);
        } else {
            convert_line(line, start, &code, &mut out);
        }
        start += line.len();
    }
    Cow::Owned(out)
}

/// Rewrites one line's delimiters (the line starts at byte `start` of the text), leaving code
/// spans alone. A `\(` without its `\)` on the same line stays as it is; a line that is just
/// `\[` or `\]` opens or closes display math.
fn convert_line(line: &str, start: usize, code: &CodeRegions, out: &mut String) {
    let body = line.trim_end_matches(['\n', '\r']);
    if matches!(body.trim(), "\\[" | "\\]") && !code.touches(start..start + body.len()) {
        out.push_str(&body.replace(body.trim(), "$$"));
    } else {
        convert_inline(body, start, code, out);
    }
    out.push_str(&line[body.len()..]);
}

/// Copies `body` to `out` with each complete `\(…\)` and `\[…\]` outside code spans rewritten
/// with dollars. A backslash always takes the next byte with it, so `\\(` is no delimiter.
fn convert_inline(body: &str, start: usize, code: &CodeRegions, out: &mut String) {
    let bytes = body.as_bytes();
    let (mut i, mut copied) = (0, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => match math_at(body, i).filter(|m| !code.touches(shifted(i..m.2, start))) {
                Some((dollars, inner, end)) => {
                    out.push_str(&body[copied..i]);
                    out.push_str(dollars);
                    out.push_str(inner);
                    out.push_str(dollars);
                    (i, copied) = (end, end);
                }
                None => i += 2,
            },
            _ => i += 1,
        }
    }
    out.push_str(&body[copied..]);
}

fn shifted(range: Range<usize>, by: usize) -> Range<usize> {
    range.start + by..range.end + by
}

/// The math that a `\(` or `\[` at `i` delimits: its dollars, its content and where its closing
/// delimiter ends; `None` when `i` opens no math or nothing closes it on this line.
fn math_at(body: &str, i: usize) -> Option<(&'static str, &str, usize)> {
    let (close, dollars) = match body.as_bytes().get(i + 1)? {
        b'(' => ("\\)", "$"),
        b'[' => ("\\]", "$$"),
        _ => return None,
    };
    let inner = &body[i + 2..];
    let end = inner.find(close)?;
    Some((dollars, &inner[..end], i + 2 + end + 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_latex_delimiters_outside_code() {
        assert_eq!(
            normalize_delimiters(r"so \(x^2\) and \[y\]"),
            "so $x^2$ and $$y$$"
        );
        assert_eq!(normalize_delimiters("\\[\nx\n\\]\n"), "$$\nx\n$$\n");
        assert_eq!(normalize_delimiters(r"`\(a\)` \(b\)"), r"`\(a\)` $b$");
        assert_eq!(
            normalize_delimiters("```\n\\(a\\)\n```\n\\(b\\)"),
            "```\n\\(a\\)\n```\n$b$"
        );
        assert_eq!(normalize_delimiters(r"open \( only"), r"open \( only");
        assert_eq!(normalize_delimiters("plain"), "plain");
    }

    #[test]
    fn escapes_code_spans_and_line_ends() {
        let cases = [
            (r"a \\(b\\) c", r"a \\(b\\) c"),
            (r"``\(a\)`` \(b\)", r"``\(a\)`` $b$"),
            (r"`\(a\) \(b\)", r"`$a$ $b$"),
            ("\\(a\\)\r\n", "$a$\r\n"),
            ("  \\[  \r\n", "  $$  \r\n"),
            (r"\[a\] \(é\) \é \", r"$$a$$ $é$ \é \"),
        ];
        for (src, want) in cases {
            assert_eq!(normalize_delimiters(src), want, "{src:?}");
        }
    }
}
