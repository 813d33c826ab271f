//! The boundary of the core's tool helpers: a result fenced for the model, and the instruction
//! sent with the tools. Calls and results themselves cross inside `ChatSpec` and `StreamEvent`.

use wasm_bindgen::prelude::*;

/// `text`, the result of `tool` on `source`, fenced as untrusted data for the model.
#[wasm_bindgen(js_name = toolResultText)]
pub fn tool_result_text(tool: &str, source: &str, text: &str) -> String {
    gloss_core::context::tool_result_text(tool, source, text)
}

/// What the model is told when tools are offered (a system message).
#[wasm_bindgen(js_name = toolsInstruction)]
pub fn tools_instruction() -> String {
    gloss_core::context::TOOLS_INSTRUCTION.to_owned()
}
