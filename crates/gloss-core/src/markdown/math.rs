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
    let eol = &line[body.len()..];
    match body.trim() {
        "\\[" | "\\]" => {
            out.push_str(&body.replace(body.trim(), "$$"));
            out.push_str(eol);
            return;
        }
        _ => {}
    }
    let bytes = body.as_bytes();
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'`' => {
                let run = bytes[i..].iter().take_while(|&&b| b == b'`').count();
                let ticks = &body[i..i + run];
                i = body[i + run..]
                    .find(ticks)
                    .map_or(i + run, |end| i + run + end + run);
            }
            b'\\' if matches!(bytes.get(i + 1), Some(b'(' | b'[')) => {
                let (close, dollars) = if bytes[i + 1] == b'(' {
                    ("\\)", "$")
                } else {
                    ("\\]", "$$")
                };
                if let Some(end) = body[i + 2..].find(close) {
                    out.push_str(&body[copied..i]);
                    out.push_str(dollars);
                    out.push_str(&body[i + 2..i + 2 + end]);
                    out.push_str(dollars);
                    i += 2 + end + 2;
                    copied = i;
                } else {
                    i += 2;
                }
            }
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    out.push_str(&body[copied..]);
    out.push_str(eol);
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
}
