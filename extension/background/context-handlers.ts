/** Page material: handing it to the panel, sizing it, and fencing it into the prompt. */
import type { ChatMessage, Handlers } from '../shared/messages';
import { PRESETS } from '../shared/presets';
import { pickProvider } from '../shared/settings';
import { buildMessages, coreReady, fitText } from './core';
import { takePending } from './page-context';
import { loadSettings } from './settings-store';

/** Room kept for the answer and the conversation around the material. */
const RESERVE_TOKENS = 1024;

export const contextHandlers: Pick<Handlers, 'context.take' | 'context.fit'> = {
  'context.take': async ({ windowId }) => {
    const pending = await takePending(windowId);
    if (!pending) return { attachment: null, question: null, error: null };
    if ('error' in pending) return { attachment: null, question: null, error: pending.error };
    return { attachment: pending.attachment, question: pending.question ?? null, error: null };
  },
  'context.fit': async ({ text, providerId }) => {
    await coreReady();
    const provider = pickProvider(await loadSettings(), providerId);
    const window = PRESETS[provider?.preset ?? 'custom'].contextTokens;
    const budget = Math.max(256, window - RESERVE_TOKENS);
    const fit = fitText(text, budget);
    return {
      keptChars: fit.keptChars,
      keptTokens: fit.keptTokens,
      totalTokens: fit.totalTokens,
      percent: fit.percent,
      budget,
    };
  },
};

/**
 * The conversation as the provider gets it: user messages with attachments have their material
 * fenced by the core, under one system instruction that it is data, not instructions.
 */
export async function withMaterial(messages: ChatMessage[]): Promise<ChatMessage[]> {
  await coreReady();
  let instruction: ChatMessage | undefined;
  const out = messages.map((m): ChatMessage => {
    if (!m.attachments?.length) return { role: m.role, content: m.content };
    const [system, user] = buildMessages(m.content, m.attachments);
    instruction ??= system;
    return user ?? { role: m.role, content: m.content };
  });
  return instruction ? [instruction, ...out] : out;
}
