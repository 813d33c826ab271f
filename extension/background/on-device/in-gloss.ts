/**
 * Answers from the model that runs inside Gloss (`local-model/`: llama.cpp in WebAssembly, in
 * Chrome's offscreen document or Firefox's background page), as a provider's: the conversation
 * as the core shapes it for an on-device model, the text streamed to `post` as it comes, the
 * token counts llama.cpp reports, and the same ends and time limits as a server's answer.
 */
import { localizeProblem, t } from '../../shared/i18n';
import { answerTokens, LOCAL_ANSWER_TOKENS } from '../../shared/presets';
import type { StoredProvider, Timeouts } from '../../shared/settings';
import { isSpecError, onDeviceMessages, type OnDeviceMessage } from '../core';
import type { SentMessage } from '../answers/prompt';
import { generateLocal, LocalModelProblem, type LocalChatMessage } from '../local-model/local-model';
import type { Post } from '../providers/provider-stream';
import { Watchdog } from '../providers/watchdog';

export type Generate = typeof generateLocal;

/** Streams one answer to `post`. Always ends with exactly one `done`, `error` or `stopped`. */
export async function streamInGloss(
  provider: StoredProvider,
  messages: SentMessage[],
  post: Post,
  signal: AbortSignal,
  timeouts: Timeouts,
  generate: Generate = generateLocal,
): Promise<void> {
  let turns: LocalChatMessage[];
  try {
    turns = onDeviceMessages(messages, false).map(asText);
  } catch (e) {
    if (!isSpecError(e)) throw e;
    post({ type: 'error', code: 'bad_request', message: localizeProblem(e).message });
    return;
  }
  const clock = new Watchdog(timeouts, signal);
  const options = {
    maxTokens: answerTokens(provider) ?? LOCAL_ANSWER_TOKENS,
    temperature: provider.temperature,
    // The first answer after a browser start waits seconds for this; the panel says why.
    onLoading: (loading: boolean) => post({ type: 'modelLoading', loading }),
  };
  const onText = (text: string) => {
    clock.data();
    post({ type: 'text', text });
  };
  try {
    const done = await generate(provider.model, turns, options, onText, clock.signal);
    post({ type: 'usage', inputTokens: done.inputTokens, outputTokens: done.outputTokens });
    post({ type: 'done', reason: done.finish });
  } catch (e) {
    post(clock.end(() => failure(e)));
  } finally {
    clock.stop();
  }
}

/** A turn as a chat template takes it: its text (the core let no image through). */
function asText(message: OnDeviceMessage): LocalChatMessage {
  const text = message.content.flatMap((p) => (p.type === 'text' ? [p.value] : [])).join('\n\n');
  return { role: message.role, content: text };
}

function failure(e: unknown) {
  if (e instanceof LocalModelProblem) {
    const code = e.code === 'context_length' ? 'context_length' : e.code === 'engine' ? 'bad_response' : 'bad_request';
    return { type: 'error', code, message: e.message } as const;
  }
  return { type: 'error', code: 'bad_response', message: t('localModelEngineFailed', String(e)) } as const;
}
