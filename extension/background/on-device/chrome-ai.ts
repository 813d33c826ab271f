/**
 * Answers from Chrome's built-in model (Gemini Nano) through the Prompt API, in the worker: the
 * API is there in extension service workers (checked in Chromium 156), the worker already owns
 * every answer, and an answer stored as it arrives survives the panel closing like a server's.
 * Each answer gets its own session, made from the conversation as the core shapes it
 * (`onDeviceMessages`), and destroyed at its end: Gloss's conversations are its own records,
 * not the session's memory, so Regenerate, versions and Continue work as with any provider.
 */
import { localizeProblem, t } from '../../shared/i18n';
import type { Timeouts } from '../../shared/settings';
import { isSpecError, onDeviceMessages, type OnDeviceMessage } from '../core';
import type { SentMessage } from '../answers/prompt';
import type { Post } from '../providers/provider-stream';
import { Watchdog } from '../providers/watchdog';
import {
  EXPECTED_IO,
  measure,
  usageOf,
  windowOf,
  type Availability,
  type PromptApi,
  type PromptMessage,
  type PromptSession,
} from '../../shared/on-device/prompt-api';

/** The context window of the last session made, for the budget of page material. */
let lastWindow: number | undefined;

export function chromeAiWindow(): number | undefined {
  return lastWindow;
}

/** Streams one answer to `post`. Always ends with exactly one `done`, `error` or `stopped`. */
export async function streamChromeAi(
  api: PromptApi | undefined,
  messages: SentMessage[],
  post: Post,
  signal: AbortSignal,
  timeouts: Timeouts,
): Promise<void> {
  const turns = conversation(messages);
  if ('problem' in turns) {
    post({ type: 'error', code: 'bad_request', message: turns.problem });
    return;
  }
  const availability = api ? await api.availability(EXPECTED_IO).catch(() => 'unavailable' as const) : undefined;
  if (!api || availability !== 'available') {
    post({ type: 'error', code: 'bad_request', message: notReady(availability) });
    return;
  }
  const clock = new Watchdog(timeouts, signal);
  let session: PromptSession | undefined;
  try {
    const initialPrompts = turns.slice(0, -1).map(toPrompt);
    session = await api.create({ ...EXPECTED_IO, initialPrompts, signal: clock.signal });
    lastWindow = windowOf(session) ?? lastWindow;
    await answer(session, toPrompt(turns.at(-1) as OnDeviceMessage), post, clock);
  } catch (e) {
    post(clock.end(() => failure(e)));
  } finally {
    clock.stop();
    session?.destroy();
  }
}

async function answer(session: PromptSession, asked: PromptMessage, post: Post, clock: Watchdog): Promise<void> {
  const before = usageOf(session);
  const reader = session.promptStreaming([asked], { signal: clock.signal }).getReader();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    clock.data();
    text += value;
    post({ type: 'text', text: value });
  }
  const [input, output] = await Promise.all([measure(session, [asked]), measure(session, text)]);
  if (before !== undefined && input !== undefined && output !== undefined) {
    post({ type: 'usage', inputTokens: before + input, outputTokens: output });
  }
  post({ type: 'done', reason: 'stop' });
}

/** The conversation as the model takes it, or why it cannot be sent. */
function conversation(messages: SentMessage[]): OnDeviceMessage[] | { problem: string } {
  try {
    return onDeviceMessages(messages, false);
  } catch (e) {
    if (isSpecError(e)) return { problem: localizeProblem(e).message };
    throw e;
  }
}

function toPrompt(message: OnDeviceMessage): PromptMessage {
  // Text only: Gloss asks for a text session (EXPECTED_IO), so the core refused any image.
  const content = message.content.flatMap((p) =>
    p.type === 'text' ? [{ type: 'text' as const, value: p.value }] : [],
  );
  return { role: message.role, content };
}

/** Why the model cannot answer now, in the words Settings uses for its state. */
export function notReady(availability: Availability | undefined): string {
  if (availability === 'downloadable') return t('chromeAiNotDownloaded');
  if (availability === 'downloading') return t('chromeAiDownloading');
  return availability === undefined ? t('chromeAiAbsent') : t('chromeAiUnavailable');
}

/** A failure of the session, by the DOMException Chrome throws. */
function failure(e: unknown) {
  const name = e instanceof Error || e instanceof DOMException ? e.name : '';
  const detail = e instanceof Error || e instanceof DOMException ? e.message : String(e);
  if (name === 'QuotaExceededError') {
    return { type: 'error', code: 'context_length', message: t('chromeAiTooLong') } as const;
  }
  return { type: 'error', code: 'bad_response', message: t('chromeAiFailed', detail || name) } as const;
}
