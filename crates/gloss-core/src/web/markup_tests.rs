//! The scanner on the markup that would mislead a naive one.

use super::*;

fn starts(html: &str) -> Vec<(String, String)> {
    tokens(html)
        .filter_map(|t| match t {
            Token::Start { name, attrs } => Some((name.to_owned(), attrs.to_owned())),
            _ => None,
        })
        .collect()
}

#[test]
fn comments_doctype_and_raw_text_hide_no_tags_and_make_none() {
    let html = "<!DOCTYPE html><!-- <a class=x> --><script>if (a<b) document.write('<a class=x>')\
                </script><style>a>b{}</style><a class=y>t</a>";
    let names: Vec<String> = starts(html).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["script", "style", "a"]);
    let text: String = tokens(html)
        .filter_map(|t| match t {
            Token::Text(t) => Some(t),
            _ => None,
        })
        .collect();
    assert_eq!(text, "t");
}

#[test]
fn attributes_quoted_either_way_bare_or_holding_a_gt() {
    let attrs = r#" data-x="a>b" class='result__a big' href=//x.test/?a=1&amp;b=2 hidden"#;
    let html = format!("<a{attrs}>T</a>");
    let (_, got) = &starts(&html)[0];
    assert_eq!(got, attrs);
    assert_eq!(attr(got, "href").as_deref(), Some("//x.test/?a=1&b=2"));
    assert_eq!(attr(got, "CLASS").as_deref(), Some("result__a big"));
    assert_eq!(attr(got, "hidden").as_deref(), Some(""));
    assert_eq!(attr(got, "data-x").as_deref(), Some("a>b"));
    assert_eq!(attr(got, "id"), None);
}

#[test]
fn a_stray_lt_is_text_and_unclosed_markup_ends_the_input() {
    assert_eq!(fragment_text("a < b <3 and 1<2"), "a < b <3 and 1<2");
    for html in [
        "<a href=\"x",
        "<!-- never",
        "<script>x",
        "</",
        "<",
        "<a",
        "<!x",
    ] {
        assert!(tokens(html).count() <= 2, "{html}");
    }
}

#[test]
fn a_fragment_becomes_plain_text() {
    assert_eq!(
        fragment_text("The <strong>Rust</strong>\n  Programming&nbsp;Language&#x27;s <b>book</b>"),
        "The Rust Programming Language's book"
    );
    assert_eq!(fragment_text("one<br>two<BR/>three"), "one two three");
    assert_eq!(plain("  a\t\n&amp;  b "), "a & b");
}
