use super::*;
use crate::spec::{Content, Part};

fn msg(role: Role, text: &str) -> Message {
    Message::new(role, text)
}

fn text(role: OnDeviceRole, value: &str) -> OnDeviceMessage {
    OnDeviceMessage {
        role,
        content: vec![OnDevicePart::Text {
            value: value.into(),
        }],
    }
}

fn image() -> Image {
    Image {
        media_type: "image/png".into(),
        data: "iVBORw0KGgo=".into(),
    }
}

#[test]
fn system_messages_become_one_first_turn() {
    let out = on_device_messages(
        &[
            msg(Role::System, "Be brief."),
            msg(Role::User, "Hi"),
            msg(Role::System, "Cite."),
        ],
        false,
    )
    .unwrap();
    assert_eq!(
        out,
        vec![
            text(OnDeviceRole::System, "Be brief.\n\nCite."),
            text(OnDeviceRole::User, "Hi")
        ]
    );
}

#[test]
fn turns_alternate_and_the_users_is_last() {
    let out = on_device_messages(
        &[
            msg(Role::User, "A"),
            msg(Role::Assistant, "B"),
            msg(Role::User, "C"),
            msg(Role::User, "D"),
        ],
        false,
    )
    .unwrap();
    assert_eq!(out.len(), 3);
    assert_eq!(out[2].role, OnDeviceRole::User);
    assert_eq!(out[2].content.len(), 2);
}

#[test]
fn an_empty_assistant_turn_is_left_out() {
    let out = on_device_messages(
        &[
            msg(Role::User, "A"),
            msg(Role::Assistant, " "),
            msg(Role::User, "C"),
        ],
        false,
    )
    .unwrap();
    assert_eq!(out.len(), 1);
}

#[test]
fn a_conversation_ending_with_the_model_is_refused() {
    let err =
        on_device_messages(&[msg(Role::User, "A"), msg(Role::Assistant, "B")], false).unwrap_err();
    assert_eq!(err.key, "specNothingToSend");
    assert!(on_device_messages(&[msg(Role::System, "S")], false).is_err());
}

#[test]
fn images_go_only_to_a_model_that_reads_them() {
    let asked = Message::new(
        Role::User,
        Content::Parts(vec![
            Part::Image(image()),
            Part::Text {
                text: "What is this?".into(),
            },
        ]),
    );
    let err = on_device_messages(std::slice::from_ref(&asked), false).unwrap_err();
    assert_eq!(
        (err.field.as_str(), err.key.as_str()),
        ("messages", "specOnDeviceTextOnly")
    );
    let out = on_device_messages(&[asked], true).unwrap();
    assert_eq!(out[0].content[0], OnDevicePart::Image(image()));
}

#[test]
fn a_tool_result_reads_as_the_users_text_and_calls_are_left_out() {
    let result = Message::tool_result("c1", "weather", "Sunny");
    let out = on_device_messages(&[msg(Role::User, "Weather?"), result], false).unwrap();
    assert_eq!(
        out[0].content[1],
        OnDevicePart::Text {
            value: "Result of the tool weather:\nSunny".into()
        }
    );
}

#[test]
fn the_shape_is_the_prompt_apis() {
    let out = on_device_messages(&[msg(Role::User, "Hi")], false).unwrap();
    let json = serde_json::to_value(&out).unwrap();
    assert_eq!(
        json,
        serde_json::json!([{ "role": "user", "content": [{ "type": "text", "value": "Hi" }] }])
    );
}
