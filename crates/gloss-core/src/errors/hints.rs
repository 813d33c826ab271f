//! Failures whose message depends on what Gloss knows about the request, not only on the
//! response: which part of the base URL to change after a 404. Kept apart from the catalogue's
//! one-line constructors because each carries its own wording per protocol.

use super::detail::{provider_detail, refuses_images};
use super::{error, Say};
use crate::events::{ErrorCode, StreamEvent};

/// Whether a 404 is about the address rather than the model: the provider's words, when it
/// gave any, do not name a model (Ollama's "model \"x\" not found", OpenAI's "The model `x`
/// does not exist", Gemini's "models/x is not found").
pub(crate) fn is_address_404(status: u16, body: &str) -> bool {
    // A 404 that names a model, or refuses images (OpenRouter), found the API: the URL is right.
    status == 404
        && !refuses_images(body)
        && !provider_detail(body).is_some_and(|d| d.to_ascii_lowercase().contains("model"))
}

/// Nothing at the address called: the base URL's path is wrong. `root` is the shape of a right
/// one for this protocol, `adds` the path Gloss puts after it.
pub(crate) fn address_not_found(body: &str, root: &str, adds: &str) -> StreamEvent {
    let detail = provider_detail(body);
    error(
        ErrorCode::NotFound,
        &format!(
            "Nothing was found at that address. The base URL should be the API root, like {root}; \
             Gloss adds {adds} itself. Change the path after the host in Settings (HTTP 404)"
        ),
        detail.as_deref(),
        Say {
            key: "errNotFoundUrl",
            args: vec![root.to_owned(), adds.to_owned()],
            status: Some(404),
        },
    )
}

/// Whether `origin` (`scheme://host[:port]`) is this machine or the local network, where "is
/// the server running?" is the question; anything else is a cloud host, reached over the
/// internet.
pub(crate) fn is_local(origin: &str) -> bool {
    let host = origin.split_once("://").map_or(origin, |(_, rest)| rest);
    let host = host.rsplit_once('@').map_or(host, |(_, h)| h);
    let host = if host.starts_with('[') {
        host.split_once(']').map_or(host, |(h, _)| &h[1..])
    } else {
        host.split_once(':').map_or(host, |(h, _)| h)
    }
    .to_ascii_lowercase();
    // A single-label name (`gpu-box`), `localhost`, and mDNS's `.local` are never on the internet.
    let top_label = host.rsplit('.').next().unwrap_or_default();
    if !host.contains('.') || top_label == "localhost" || top_label == "local" {
        return true;
    }
    match host.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(ip)) => {
            ip.is_loopback() || ip.is_private() || ip.is_link_local() || ip.is_unspecified()
        }
        Ok(std::net::IpAddr::V6(ip)) => {
            ip.is_loopback() || ip.is_unspecified() || (ip.segments()[0] & 0xfe00) == 0xfc00
        }
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::is_local;

    #[test]
    fn local_servers_and_cloud_hosts_are_told_apart() {
        for local in [
            "http://localhost:11434",
            "http://127.0.0.1:8080",
            "http://[::1]:8080",
            "http://192.168.1.20:1234",
            "http://10.0.0.5",
            "http://172.20.0.2:8000",
            "http://gpu-box:8080",
            "http://studio.local:1234",
        ] {
            assert!(is_local(local), "{local}");
        }
        for cloud in [
            "https://api.openai.com",
            "https://api.anthropic.com",
            "https://generativelanguage.googleapis.com",
            "https://openrouter.ai",
            "http://8.8.8.8",
            "https://172.32.0.1",
        ] {
            assert!(!is_local(cloud), "{cloud}");
        }
    }
}
