/**
 * Page material for the panel: handing over what the menu or shortcut left, and sizing it
 * against the provider's budget (fencing it into the prompt is `prompt.ts`'s).
 */
import type { Handlers } from '../shared/protocol';
import { pickProvider } from '../shared/settings';
import { coreReady, fitText, imageTokens } from './core';
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
  'context.fit': async ({ text, providerId, images = [] }) => {
    await coreReady();
    const provider = pickProvider(await loadSettings(), providerId);
    // The question's images take their room first, priced by the provider's own rule.
    const kind = provider?.kind ?? 'openai';
    const forImages = images.reduce((sum, i) => sum + imageTokens(kind, i.width, i.height), 0);
    const budget = materialBudget(provider?.preset, forImages);
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
