/**
 * The Rust core's string enums as runtime lists, for the schemas that check messages and
 * storage. The core's types (from the glue) are the truth; each list is proven at compile time
 * to name every value of its type, so when the core gains a value these stop compiling until
 * the list (and the UI) know it.
 */
import type { ErrorCode, FinishReason, ProviderKind } from '../../crates/gloss-wasm/pkg/gloss_wasm';

/** Fails to compile unless `T` is `true`. */
export type Check<T extends true> = T;
/** `true` when `Listed` names every member of `All`. */
export type Covers<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : false;

/** The protocols a provider speaks (a preset picks one). */
export const PROVIDER_KINDS = ['openai', 'anthropic', 'gemini', 'ollama'] as const satisfies readonly ProviderKind[];

export const ERROR_CODES = [
  'auth',
  'not_found',
  'rate_limit',
  'server',
  'context_length',
  'content_filter',
  'no_vision',
  'no_tools',
  'bad_request',
  'network',
  'timeout',
  'truncated',
  'bad_response',
] as const satisfies readonly ErrorCode[];

export const FINISH_REASONS = [
  'stop',
  'length',
  'content_filter',
  'toolCalls',
  'other',
] as const satisfies readonly FinishReason[];

export type ProviderKindsCovered = Check<Covers<ProviderKind, (typeof PROVIDER_KINDS)[number]>>;
export type ErrorCodesCovered = Check<Covers<ErrorCode, (typeof ERROR_CODES)[number]>>;
export type FinishReasonsCovered = Check<Covers<FinishReason, (typeof FINISH_REASONS)[number]>>;
