/**
 * Questions that start from the page: the context menu and the keyboard shortcut read the
 * selection on demand and hand it to the panel as an attachment. The panel is opened first,
 * synchronously in the click or command handler: an `await` before it loses the user gesture.
 */
import type { PageText } from '../content/page';
import pageReader from '../content/page.ts?iife';
import { readSelection } from '../content/selection';
import { openPanel, togglePanel } from './panel';

import { offerMaterial, pendingContextKey, readPending, type PendingContext } from '../shared/attachment';
import { messageOf } from '../shared/errors';
import { t } from '../shared/i18n';
const MENU_SELECTION = 'gloss-ask-selection';
const MENU_PAGE = 'gloss-ask-page';
const MENU_SUMMARIZE = 'gloss-summarize-page';

export function setUpPageContext(): void {
  chrome.runtime.onInstalled.addListener(() => {
    chrome.contextMenus.removeAll(() => {
      chrome.contextMenus.create({ id: MENU_SELECTION, title: t('menuAskSelection'), contexts: ['selection'] });
      chrome.contextMenus.create({ id: MENU_PAGE, title: t('menuAskPage'), contexts: ['page'] });
      chrome.contextMenus.create({ id: MENU_SUMMARIZE, title: t('menuSummarizePage'), contexts: ['page'] });
    });
  });
  chrome.contextMenus.onClicked.addListener((info, tab) => {
    if (!tab) return;
    if (info.menuItemId === MENU_SELECTION) {
      openPanel(tab);
      void capture(tab, info.selectionText ?? '');
    } else if (info.menuItemId === MENU_PAGE || info.menuItemId === MENU_SUMMARIZE) {
      openPanel(tab);
      void capturePage(tab, info.menuItemId === MENU_SUMMARIZE ? t('suggestSummarize') : undefined);
    }
  });
  // What was left for a window that closed would only take up session storage's 10 MB.
  chrome.windows.onRemoved.addListener((windowId) => void chrome.storage.session.remove(pendingContextKey(windowId)));
  chrome.commands.onCommand.addListener((command, tab) => {
    if (!tab) return;
    if (command === 'toggle-panel') togglePanel(tab);
    if (command !== 'ask-selection') return;
    openPanel(tab);
    void capture(tab, '');
  });
}

/** What is waiting for the panel of `windowId`, taken once. */
export async function takePending(windowId: number): Promise<PendingContext | null> {
  const key = pendingContextKey(windowId);
  const stored = await chrome.storage.session.get(key);
  await chrome.storage.session.remove(key);
  return readPending(stored[key]);
}

/** Leaves `pending` for the panel of the tab's window; if storage refuses it, says why instead. */
async function leave(tab: chrome.tabs.Tab, pending: PendingContext): Promise<void> {
  const key = pendingContextKey(tab.windowId);
  try {
    await chrome.storage.session.set({ [key]: pending });
  } catch (e) {
    await chrome.storage.session.set({ [key]: { error: t('materialNotPassed', messageOf(e)) } });
  }
}

const UNREADABLE = t('pageUnreadable');

/** Reads the page's readable text; `question` is offered in the composer (never sent by itself). */
async function capturePage(tab: chrome.tabs.Tab, question?: string): Promise<void> {
  let pending: PendingContext;
  try {
    const target = { tabId: tab.id ?? -1 };
    await chrome.scripting.executeScript({ target, files: [pageReader] });
    const [result] = await chrome.scripting.executeScript({
      target,
      func: () => (globalThis as { __glossReadPage?: () => PageText }).__glossReadPage?.(),
    });
    const page = result?.result;
    pending = page?.pdf
      ? { error: UNREADABLE }
      : page?.text
        ? offerMaterial({ kind: 'page', title: page.title, url: page.url, text: page.text }, question)
        : { error: t('pageNoText') };
  } catch {
    pending = { error: UNREADABLE };
  }
  await leave(tab, pending);
}

async function capture(tab: chrome.tabs.Tab, fallback: string): Promise<void> {
  const base = { kind: 'selection' as const, title: tab.title ?? '', url: tab.url ?? '' };
  let pending: PendingContext;
  try {
    const results = await chrome.scripting.executeScript({
      target: { tabId: tab.id ?? -1, allFrames: true },
      func: readSelection,
    });
    // The frame with the longest selection is the one the user selected in.
    const frames = results.map((r) => r.result);
    const best = frames
      .filter((r): r is ReturnType<typeof readSelection> => Boolean(r?.text))
      .sort((a, b) => b.text.length - a.text.length)[0];
    pending = best
      ? // Credited to the page the user is on, also when the selection is in one of its frames.
        offerMaterial({ kind: 'selection', text: best.text, title: tab.title || best.title, url: tab.url || best.url })
      : fallback
        ? offerMaterial({ ...base, text: fallback })
        : { error: frames.some((r) => r?.pdf) ? UNREADABLE : t('selectFirst') };
  } catch {
    // Nothing can be injected here; the context menu still gave us the selected text.
    pending = fallback ? offerMaterial({ ...base, text: fallback }) : { error: UNREADABLE };
  }
  await leave(tab, pending);
}
