/**
 * Page material for the panel: handing over what the menu or shortcut left, and sizing it
 * against the provider's budget (fencing it into the prompt is `prompt.ts`'s).
 */
import type { Handlers } from '../shared/protocol';
import { pickProvider } from '../shared/settings';
import { coreReady, fitText } from './core';
import { takePending } from './page-context';
import { materialBudget } from './prompt';
import { loadSettings } from './settings-store';

export const contextHandlers: Pick<Handlers, 'context.take' | 'context.fit'> = {
  'context.take': async ({ windowId }) => {
    const pending = await takePending(windowId);
    if (!pending) return { attachment: null, question: null, error: null };
    if ('error' in pending) return { attachment: null, question: null, error: pending.error };
    return { attachment: pending.attachment, question: pending.question ?? null, error: null };
  },
  'context.fit': async ({ text, providerId, question }) => {
    await coreReady();
    const window = materialBudget(pickProvider(await loadSettings(), providerId)?.preset);
    // Typed text counts against the same window: what is left of it is the material's.
    const typed = question ? fitText(question, window).totalTokens : 0;
    const budget = Math.max(0, window - typed);
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
