//! `\(…\)` and `\[…\]`, the LaTeX delimiters models often write, become the `$…$` and `$$…$$`
//! that comrak's math extension reads. The change is line-local (outside fenced code and
//! inline code spans) and keeps every line break, so block boundaries and line numbers stay
//! the same and a region of the answer normalises exactly as it does inside the whole.

use std::borrow::Cow;

pub fn normalize_delimiters(src: &str) -> Cow<'_, str> {
    if !src.contains("\\(") && !src.contains("\\[") {
        return Cow::Borrowed(src);
    }
    let mut out = String::with_capacity(src.len() + 16);
    let mut fence: Option<(u8, usize)> = None;
    for line in src.split_inclusive('\n') {
        if let Some((ch, len)) = fence {
            if super::code_tail::closes_fence(line, ch, len) {
                fence = None;
            }
            out.push_str(line);
        } else if let Some(opened) = opens_fence(line) {
            fence = Some(opened);
            out.push_str(line);
        } else {
            convert_line(line, &mut out);
        }
    }
    Cow::Owned(out)
}

fn opens_fence(line: &str) -> Option<(u8, usize)> {
    let indent = line.bytes().take_while(|&b| b == b' ').count();
    let rest = line.get(indent..)?;
    let ch = *rest.as_bytes().first()?;
    let run = rest.bytes().take_while(|&b| b == ch).count();
    (indent <= 3 && (ch == b'`' || ch == b'~') && run >= 3).then_some((ch, run))
}

/// Rewrites one line's delimiters, leaving `code spans` alone. A `\(` without its `\)` on the
/// same line stays as it is; a line that is just `\[` or `\]` opens or closes display math.
fn convert_line(line: &str, out: &mut String) {
    let body = line.trim_end_matches(['\n', '\r']);
    if matches!(body.trim(), "\\[" | "\\]") {
        out.push_str(&body.replace(body.trim(), "$$"));
    } else {
        convert_inline(body, out);
    }
    out.push_str(&line[body.len()..]);
}

/// Copies `body` to `out` with each complete `\(…\)` and `\[…\]` outside code spans rewritten
/// with dollars. A backslash always takes the next byte with it, so `\\(` is no delimiter.
fn convert_inline(body: &str, out: &mut String) {
    let bytes = body.as_bytes();
    let (mut i, mut copied) = (0, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'`' => i = past_code_span(body, i),
            b'\\' => match math_at(body, i) {
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

/// Where the code span opening at `i` ends: after the same run of backticks that opened it, or
/// just after the opening run when none closes it on this line.
fn past_code_span(body: &str, i: usize) -> usize {
    let run = body[i..].bytes().take_while(|&b| b == b'`').count();
    let ticks = &body[i..i + run];
    body[i + run..]
        .find(ticks)
        .map_or(i + run, |end| i + run + end + run)
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
