/**
 * Models the browser runs instead of a server (issue 32): Chrome's built-in model (Gemini Nano,
 * through its Prompt API) and the model that runs inside Gloss (llama.cpp in WebAssembly). Each
 * is a provider with no base URL and no key; its answers stream through the same answer path as
 * a server's (`background/on-device/`), but nothing of the conversation leaves the computer.
 */
import type { ProviderKind } from '../../../crates/gloss-wasm/pkg/gloss_wasm';

export const ON_DEVICE_KINDS = ['chrome-ai', 'in-gloss'] as const;
export type OnDeviceKind = (typeof ON_DEVICE_KINDS)[number];
/** What answers a provider's questions: a server's protocol, or a model on this computer. */
export type AnyProviderKind = ProviderKind | OnDeviceKind;

export function isOnDevice(kind: string): kind is OnDeviceKind {
  return (ON_DEVICE_KINDS as readonly string[]).includes(kind);
}

/** The model name stored for Chrome's built-in model, which has one (the Prompt API names none). */
export const CHROME_AI_MODEL = 'gemini-nano';

/**
 * The context window to budget for when the session has not said (`inputQuota` says it once a
 * session exists: 6,144 tokens for Gemini Nano in Chrome 138, 9,216 later). The smaller is the
 * honest guess before the first answer.
 */
export const CHROME_AI_CONTEXT_TOKENS = 6144;

/**
 * The protocol whose token rules estimate an on-device model's counts (a stopped answer's
 * usage, the room for page material): their tokenizers are not exposed, and OpenAI's rule is
 * the core's plain one.
 */
export function countingKind(kind: AnyProviderKind): ProviderKind {
  return isOnDevice(kind) ? 'openai' : kind;
}
