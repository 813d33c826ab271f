//! Track URLs as the watch page and the player endpoint give them (`\u0026` already decoded).

use super::*;

#[test]
fn a_caption_url_is_gated_when_it_expects_a_token_it_lacks() {
    let base = "https://www.youtube.com/api/timedtext?v=abcdefghijk&lang=en";
    for (query, gated) in [
        ("&exp=xpe", true),
        ("&exp=xpe&pot=", true),
        ("&exp=abc%2Cxpe", true),
        ("&exp=abc,xpe&fmt=json3", true),
        ("&exp=xpe&pot=MlNd0Q", false),
        ("&exp=xpex", false),
        ("&exp=abc", false),
        ("", false),
        ("&xpe=1#exp=xpe", false),
    ] {
        assert_eq!(caption_gated(&format!("{base}{query}")), gated, "{query}");
    }
}
