//! The catalogue as the user reads it: which code each response gets, and the message it shows.

use super::*;

fn code_of(e: &StreamEvent) -> ErrorCode {
    match e {
        StreamEvent::Error { code, .. } => *code,
        other => panic!("not an error: {other:?}"),
    }
}

fn message_of(e: &StreamEvent) -> &str {
    match e {
        StreamEvent::Error { message, .. } => message,
        other => panic!("not an error: {other:?}"),
    }
}

#[test]
fn statuses_map_to_codes() {
    let cases = [
        (401, ErrorCode::Auth),
        (403, ErrorCode::Auth),
        (404, ErrorCode::NotFound),
        (429, ErrorCode::RateLimit),
        (500, ErrorCode::Server),
        (503, ErrorCode::Server),
        (504, ErrorCode::Timeout),
        (400, ErrorCode::BadRequest),
    ];
    for (status, code) in cases {
        assert_eq!(
            code_of(&http_error(status, "", None)),
            code,
            "HTTP {status}"
        );
    }
}

#[test]
fn quotes_the_provider_message() {
    let body = r#"{"error":{"message":"Incorrect API key provided: sk-te***","type":"invalid_request_error","code":"invalid_api_key"}}"#;
    let e = http_error(401, body, None);
    assert!(message_of(&e).contains("Check the key in Settings"));
    assert!(message_of(&e).contains("Incorrect API key provided"));
}

#[test]
fn an_error_meant_as_another_code_shows_the_status_received() {
    let e = http_error_as(
        ErrorCode::Auth,
        400,
        r#"{"error":{"message":"bad key"}}"#,
        None,
    );
    assert_eq!(code_of(&e), ErrorCode::Auth);
    assert_eq!(
        message_of(&e),
        "The provider refused the API key. Check the key in Settings (HTTP 400). Provider said: bad key"
    );
    let StreamEvent::Error { l10n: Some(l), .. } = e else {
        panic!("no l10n")
    };
    assert_eq!((l.key.as_str(), l.status), ("errAuth", Some(400)));
}

#[test]
fn rate_limit_says_how_long_to_wait() {
    let e = http_error(429, "", Some("20"));
    assert!(message_of(&e).contains("Wait 20 s"), "{}", message_of(&e));
}

#[test]
fn context_length_in_a_400_is_recognised() {
    let body = r#"{"error":{"message":"This model's maximum context length is 8192 tokens","code":"context_length_exceeded"}}"#;
    assert_eq!(
        code_of(&http_error(400, body, None)),
        ErrorCode::ContextLength
    );
}

#[test]
fn html_bodies_are_not_quoted() {
    let e = http_error(502, "<html><body>Bad gateway</body></html>", None);
    assert!(!message_of(&e).contains("<html>"));
}

#[test]
fn long_details_are_clipped() {
    let e = http_error(500, &"x".repeat(5000), None);
    assert!(message_of(&e).chars().count() < 500);
}

#[test]
fn network_errors_name_the_origin_only() {
    let e = network_error("http://127.0.0.1:9/v1/chat/completions", false);
    assert!(message_of(&e).contains("http://127.0.0.1:9."));
    assert!(!message_of(&e).contains("/v1"));
}

#[test]
fn a_refusal_of_images_says_to_choose_a_vision_model_whatever_its_status() {
    let bodies = [
        (
            400,
            r#"{"error":{"message":"Invalid content type. image_url is only supported by certain models.","type":"invalid_request_error"}}"#,
        ),
        (
            404,
            r#"{"error":{"message":"No endpoints found that support image input","code":404}}"#,
        ),
        (
            500,
            r#"{"error":{"code":500,"message":"image input is not supported by this server","type":"server_error"}}"#,
        ),
        (400, "This model does not support image input"),
    ];
    for (status, body) in bodies {
        let e = http_error(status, body, None);
        assert_eq!(code_of(&e), ErrorCode::NoVision, "{body}");
        assert!(message_of(&e).starts_with("This model can't see images. Choose a vision model"));
    }
    // In a 200 stream, whatever type the server gives it.
    let e = provider_error("server_error", "image input is not supported");
    assert_eq!(code_of(&e), ErrorCode::NoVision);
}

#[test]
fn other_errors_that_mention_images_keep_their_code() {
    assert_eq!(
        code_of(&http_error(
            404,
            r#"{"error":{"message":"model 'llava' not found"}}"#,
            None
        )),
        ErrorCode::NotFound
    );
    assert_eq!(
        code_of(&http_error(429, "image input is not supported", None)),
        ErrorCode::RateLimit
    );
    assert_eq!(
        code_of(&http_error(
            400,
            r#"{"error":{"message":"Provided image is not valid"}}"#,
            None
        )),
        ErrorCode::BadRequest
    );
}

#[test]
fn network_errors_say_what_gloss_knows_and_not_the_browser_s_words() {
    let local = network_error("http://127.0.0.1:9/v1", true);
    assert!(message_of(&local).contains("Check that the server is running"));
    let cloud = network_error("https://api.openai.com/v1/chat/completions", false);
    assert_eq!(
        message_of(&cloud),
        "Could not reach https://api.openai.com. Check your internet connection; a firewall, VPN \
         or proxy may also be blocking it."
    );
    let offline = network_error("https://api.openai.com/v1/chat/completions", true);
    assert_eq!(
        message_of(&offline),
        "You are offline, so Gloss could not reach https://api.openai.com. Retry when you are \
         back online."
    );
    for e in [local, cloud, offline] {
        assert!(!message_of(&e).contains("Provider said"));
        assert!(!message_of(&e).contains("Failed to fetch"));
    }
}

#[test]
fn a_model_that_cannot_use_tools_is_named_as_such() {
    let bodies = [
        (
            400,
            r#"{"error":"registry.ollama.ai/library/gemma3:4b does not support tools"}"#,
        ),
        (
            500,
            r#"{"error":{"code":500,"message":"tools param requires --jinja flag","type":"server_error"}}"#,
        ),
        (
            400,
            r#"{"object":"error","message":"\"auto\" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set","type":"BadRequestError","code":400}"#,
        ),
        (
            404,
            r#"{"error":{"message":"No endpoints found that support tool use.","code":404}}"#,
        ),
        (
            400,
            r#"{"error":{"code":400,"message":"Function calling is not enabled for models/gemma-3-27b-it","status":"INVALID_ARGUMENT"}}"#,
        ),
    ];
    for (status, body) in bodies {
        let e = http_error(status, body, None);
        assert_eq!(code_of(&e), ErrorCode::NoTools, "{body}");
        assert!(message_of(&e).starts_with("This model can't use tools. Answer without tools"));
    }
    let e = provider_error("", "this model does not support tools");
    assert_eq!(code_of(&e), ErrorCode::NoTools);
}
