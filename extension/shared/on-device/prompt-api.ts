/**
 * The part of Chrome's Prompt API Gloss uses, typed here rather than from the browser's globals
 * so a stand-in with the same shapes can run the tests (no real model runs on these machines).
 * The API renamed its usage fields (`inputQuota` → `contextWindow`, `measureInputUsage` →
 * `measureContextUsage`); a session is read through whichever it has.
 * https://github.com/webmachinelearning/prompt-api#full-api-surface-in-web-idl
 */

export type Availability = 'unavailable' | 'downloadable' | 'downloading' | 'available';

export interface PromptContent {
  type: 'text' | 'image';
  value: string | Blob;
}
export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: PromptContent[];
}

/** What every call names, so `availability` answers for the session `create` makes. */
export interface ExpectedIo {
  expectedInputs: { type: 'text' | 'image'; languages?: string[] }[];
  expectedOutputs: { type: 'text'; languages?: string[] }[];
}

export interface DownloadMonitor {
  addEventListener(type: 'downloadprogress', listener: (e: { loaded: number }) => void): void;
}

export interface CreateOptions extends ExpectedIo {
  initialPrompts?: PromptMessage[];
  signal?: AbortSignal;
  monitor?: (m: DownloadMonitor) => void;
}

export interface PromptSession {
  promptStreaming(input: PromptMessage[], options?: { signal?: AbortSignal }): ReadableStream<string>;
  measureContextUsage?(input: string | PromptMessage[]): Promise<number>;
  measureInputUsage?(input: string | PromptMessage[]): Promise<number>;
  readonly contextUsage?: number;
  readonly inputUsage?: number;
  readonly contextWindow?: number;
  readonly inputQuota?: number;
  destroy(): void;
}

export interface PromptApi {
  availability(options?: ExpectedIo): Promise<Availability>;
  create(options?: CreateOptions): Promise<PromptSession>;
}

/** This browser's Prompt API, or undefined where it has none (Firefox, Chrome before 138). */
export function promptApi(scope: object = globalThis): PromptApi | undefined {
  const api = (scope as { LanguageModel?: PromptApi }).LanguageModel;
  return typeof api?.availability === 'function' && typeof api.create === 'function' ? api : undefined;
}

/**
 * What Gloss asks of the model: text in and out, in English, the language Gemini Nano took first
 * (Chrome 140 added Spanish and Japanese). Naming the output language is what Chrome asks for;
 * the model still reads and answers other languages as well as it can.
 */
export const EXPECTED_IO: ExpectedIo = {
  expectedInputs: [{ type: 'text', languages: ['en'] }],
  expectedOutputs: [{ type: 'text', languages: ['en'] }],
};

/** The session's context window in tokens, by either name. */
export function windowOf(session: PromptSession): number | undefined {
  return session.contextWindow ?? session.inputQuota;
}

/** The tokens the session holds so far, by either name. */
export function usageOf(session: PromptSession): number | undefined {
  return session.contextUsage ?? session.inputUsage;
}

/** The tokens `input` would take in the session, by either method; undefined where neither is. */
export async function measure(session: PromptSession, input: string | PromptMessage[]): Promise<number | undefined> {
  const measured = session.measureContextUsage
    ? session.measureContextUsage(input)
    : session.measureInputUsage?.(input);
  return measured?.catch(() => undefined);
}
