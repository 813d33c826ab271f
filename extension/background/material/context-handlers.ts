/**
 * Page material for the panel: handing over what the menu or shortcut left, a PDF's text from
 * its text runs, a tab the panel's picker adds, and sizing material against the provider's
 * budget (fencing it into the prompt is `prompt.ts`'s).
 */
import browser from 'webextension-polyfill';
import type { Handlers, Req } from '../../shared/protocol';
import { countingKind } from '../../shared/on-device/on-device';
import { pickProvider } from '../../shared/settings';
import { coreReady, fitText, fitTexts, materialRoom, pdfPages, pdfText } from '../core';
import { t } from '../../shared/i18n';
import { addTab, askAboutTab, takePending } from './page-context';
import { confirmTaken } from './hand-over';
import { loadSettings } from '../settings/settings-store';
import { contextWindow } from '../providers/context-window';

type Sizing = Omit<Req<'context.fit'>, 'text'>;

/**
 * The tokens left for material with the chosen provider (a custom one's window when none): the
 * core's `materialRoom`, less the question's images and the text typed to go with it.
 */
async function roomFor({ providerId, images = [], question }: Sizing): Promise<number> {
  await coreReady();
  const provider = pickProvider(await loadSettings(), providerId);
  return materialRoom(countingKind(provider?.kind ?? 'openai'), contextWindow(provider), images, question ?? '');
}

const shown = ({ keptChars, keptTokens, totalTokens, percent }: ReturnType<typeof fitText>) => ({
  keptChars,
  keptTokens,
  totalTokens,
  percent,
});

export const contextHandlers: Pick<
  Handlers,
  | 'context.take'
  | 'context.taken'
  | 'context.fit'
  | 'context.fitAll'
  | 'context.pdfText'
  | 'context.pdfPages'
  | 'context.addTab'
  | 'context.askTab'
> = {
  'context.take': async ({ windowId }) => {
    const taken = await takePending(windowId);
    const none = { attachment: null, pdf: null, question: null, error: null, add: false, lease: null };
    if (!taken) return none;
    const { pending, lease } = taken;
    if ('error' in pending) return { ...none, error: pending.error, lease };
    const add = pending.add ?? false;
    if ('pdf' in pending) return { ...none, pdf: pending.pdf, question: pending.question ?? null, add, lease };
    return { ...none, attachment: pending.attachment, question: pending.question ?? null, add, lease };
  },
  'context.taken': ({ lease }) => {
    confirmTaken(lease);
    return Promise.resolve({});
  },
  'context.pdfText': async ({ pages }) => {
    await coreReady();
    // Marked in the user's language ("— Seite 3 —": one word of letters), as the panel shows it.
    return pdfText(pages, t('pdfPageWord'));
  },
  'context.pdfPages': async ({ text, pages }) => {
    await coreReady();
    return pdfPages(text, pages);
  },
  'context.fit': async ({ text, ...sizing }) => {
    const budget = await roomFor(sizing);
    return { ...shown(fitText(text, budget)), budget };
  },
  'context.fitAll': async ({ texts, ...sizing }) => {
    const budget = await roomFor(sizing);
    return { fits: fitTexts(texts, budget).map(shown), budget };
  },
  'context.addTab': async ({ tabId }) => {
    // Read as "Add this tab" reads it, and left for the panel of the tab's window.
    await addTab(await browser.tabs.get(tabId), '');
    return {};
  },
  'context.askTab': async ({ tabId, question }) => {
    await askAboutTab(await browser.tabs.get(tabId), question);
    return {};
  },
};
