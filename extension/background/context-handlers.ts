/**
 * Page material for the panel: handing over what the menu or shortcut left, a PDF's text from
 * its text runs, and sizing it against the provider's budget (fencing it into the prompt is
 * `prompt.ts`'s).
 */
import type { Handlers } from '../shared/protocol';
import { pickProvider } from '../shared/settings';
import { coreReady, fitText, imageTokens, pdfText } from './core';
import { takePending } from './page-context';
import { materialBudget } from './prompt';
import { loadSettings } from './settings-store';

export const contextHandlers: Pick<Handlers, 'context.take' | 'context.fit' | 'context.pdfText'> = {
  'context.take': async ({ windowId }) => {
    const pending = await takePending(windowId);
    const none = { attachment: null, pdf: null, question: null, error: null };
    if (!pending) return none;
    if ('error' in pending) return { ...none, error: pending.error };
    if ('pdf' in pending) return { ...none, pdf: pending.pdf, question: pending.question ?? null };
    return { ...none, attachment: pending.attachment, question: pending.question ?? null };
  },
  'context.pdfText': async ({ pages }) => {
    await coreReady();
    return pdfText(pages);
  },
  'context.fit': async ({ text, providerId, images = [], question }) => {
    await coreReady();
    const provider = pickProvider(await loadSettings(), providerId);
    // The question's images take their room first, priced by the provider's own rule.
    const kind = provider?.kind ?? 'openai';
    const forImages = images.reduce((sum, i) => sum + imageTokens(kind, i.width, i.height), 0);
    const window = materialBudget(provider?.preset, forImages);
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
