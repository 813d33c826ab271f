//! Why a search gave no results, and what the user reads for it. Each problem is said the way the
//! error catalogue says an error ([`Localized`]): a `_locales` key with the engine's name (and a
//! detail) for `$1`…, the HTTP status appended as " (HTTP n)", then a full stop, so the panel can
//! say it in the user's language and `tests/l10n.rs` checks the English against the catalogue.

use serde::Serialize;

use super::SearchEngine;
use crate::events::Localized;

/// Longest detail quoted in a message.
const MAX_DETAIL: usize = 200;

/// Why an engine's answer holds no results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum SearchProblem {
    /// The engine will not search for us now: HTTP 429 or 403, a plan's limit (Tavily's 432,
    /// 433), or, with `status` `None`, DuckDuckGo's bot check ("anomaly") page.
    Refused {
        engine: SearchEngine,
        status: Option<u16>,
    },
    /// The engine refused the API key (401 or 403; Brave says 422 `SUBSCRIPTION_TOKEN_INVALID`).
    BadKey { engine: SearchEngine, status: u16 },
    /// A SearXNG instance that does not serve JSON answers 403: its `search.formats` setting
    /// lacks `json`, as it does by default.
    JsonOff { status: u16 },
    /// Any other 4xx: most likely a wrong address (404).
    Rejected { engine: SearchEngine, status: u16 },
    /// A 5xx.
    Server { engine: SearchEngine, status: u16 },
    /// A JSON engine answered something that is not JSON (an HTML error page, a login page).
    NotJson {
        engine: SearchEngine,
        detail: String,
    },
    /// The answer is not in the shape known: no results and no sign of "no results".
    Changed {
        engine: SearchEngine,
        detail: String,
    },
}

impl SearchProblem {
    /// The problem a non-2xx answer stands for.
    pub(super) fn of_status(engine: SearchEngine, status: u16, body: &str) -> Self {
        let keyed = engine.needs_key();
        match status {
            401 | 403 if keyed => Self::BadKey { engine, status },
            422 if body.contains("SUBSCRIPTION_TOKEN_INVALID") => Self::BadKey { engine, status },
            403 if engine == SearchEngine::SearXng => Self::JsonOff { status },
            403 | 429 | 432 | 433 => Self::Refused {
                engine,
                status: Some(status),
            },
            500..=599 => Self::Server { engine, status },
            _ => Self::Rejected { engine, status },
        }
    }

    pub(super) fn not_json(engine: SearchEngine, error: &serde_json::Error) -> Self {
        Self::NotJson {
            engine,
            detail: clip(&error.to_string()),
        }
    }

    pub(super) fn changed(engine: SearchEngine, detail: &str) -> Self {
        Self::Changed {
            engine,
            detail: clip(detail),
        }
    }

    /// The catalogue key, its English text, its arguments and the status shown.
    fn parts(&self) -> (&'static str, &'static str, Vec<String>, Option<u16>) {
        let name = |engine: &SearchEngine| engine.name().to_owned();
        match self {
            Self::Refused { engine, status: Some(status) } => (
                "webRefused",
                "$1 refused the search or limits how often you search. Wait a while, or choose another search engine in Settings",
                vec![name(engine)],
                Some(*status),
            ),
            Self::Refused { engine, status: None } => (
                "webBotCheck",
                "$1 asked for a check that you are not a bot instead of answering. Wait a while, or choose another search engine in Settings",
                vec![name(engine)],
                None,
            ),
            Self::BadKey { engine, status } => (
                "webBadKey",
                "$1 refused the API key. Check the key in Settings",
                vec![name(engine)],
                Some(*status),
            ),
            Self::JsonOff { status } => (
                "webJsonOff",
                "Your SearXNG instance does not give results as JSON. Add json to search.formats in its settings.yml, then retry",
                vec![],
                Some(*status),
            ),
            Self::Rejected { engine, status } => (
                "webRejected",
                "$1 refused the request. Check the search engine's address in Settings",
                vec![name(engine)],
                Some(*status),
            ),
            Self::Server { engine, status } => (
                "webServer",
                "$1 had a server error or is overloaded. Retry in a moment",
                vec![name(engine)],
                Some(*status),
            ),
            Self::NotJson { engine, detail } => (
                "webNotJson",
                "$1 did not answer with JSON ($2). Check the search engine's address in Settings",
                vec![name(engine), detail.clone()],
                None,
            ),
            Self::Changed { engine, detail } => (
                "webChanged",
                "$1 answered in a shape Gloss does not know ($2). It may have changed; choose another search engine in Settings",
                vec![name(engine), detail.clone()],
                None,
            ),
        }
    }

    /// How the problem is said in other languages.
    pub fn localized(&self) -> Localized {
        let (key, _, args, status) = self.parts();
        Localized {
            key: key.to_owned(),
            args,
            status,
            detail: None,
        }
    }

    /// What the user reads, in English: the catalogue's text put together as [`Localized`]
    /// documents.
    pub fn message(&self) -> String {
        let (_, english, args, status) = self.parts();
        let mut text = fill(english, &args);
        if let Some(status) = status {
            text = format!("{text} (HTTP {status})");
        }
        format!("{}.", text.trim_end_matches('.'))
    }
}

/// `text` with `args` for its `$1`…, in one pass, so an argument that holds `$2` stays as it is.
fn fill(text: &str, args: &[String]) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let slot = rest[at + 1..].chars().next().and_then(|c| c.to_digit(10));
        if let Some(arg) = slot.and_then(|n| args.get((n as usize).checked_sub(1)?)) {
            out.push_str(arg);
            rest = &rest[at + 2..];
        } else {
            out.push('$');
            rest = &rest[at + 1..];
        }
    }
    out.push_str(rest);
    out
}

fn clip(detail: &str) -> String {
    super::clip(detail.trim(), MAX_DETAIL)
}
