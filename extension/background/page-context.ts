/**
 * Questions that start from the page: the context menu and the keyboard shortcut read the
 * selection on demand and hand it to the panel as an attachment. The panel is opened first,
 * synchronously in the click or command handler: an `await` before it loses the user gesture.
 */
import { readSelection } from '../content/selection';
import { openPanel } from './panel';

import { PENDING_CONTEXT_KEY as PENDING, type PendingContext } from '../shared/settings';
const MENU_SELECTION = 'gloss-ask-selection';

export function setUpPageContext(): void {
  chrome.runtime.onInstalled.addListener(() => {
    chrome.contextMenus.removeAll(() => {
      chrome.contextMenus.create({ id: MENU_SELECTION, title: "Ask Gloss about '%s'", contexts: ['selection'] });
    });
  });
  chrome.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId !== MENU_SELECTION || !tab) return;
    openPanel(tab);
    void capture(tab, info.selectionText ?? '');
  });
  chrome.commands.onCommand.addListener((command, tab) => {
    if (command !== 'ask-selection' || !tab) return;
    openPanel(tab);
    void capture(tab, '');
  });
}

/** What is waiting for the panel, taken once. */
export async function takePending(): Promise<PendingContext | null> {
  const stored = await chrome.storage.session.get(PENDING);
  await chrome.storage.session.remove(PENDING);
  return (stored[PENDING] as PendingContext | undefined) ?? null;
}

const UNREADABLE =
  'Gloss cannot read this page: browser pages, the extension store and built-in PDF viewers are closed to extensions. Copy the text into your question instead.';

async function capture(tab: chrome.tabs.Tab, fallback: string): Promise<void> {
  const base = { kind: 'selection' as const, title: tab.title ?? '', url: tab.url ?? '' };
  let pending: PendingContext;
  try {
    const results = await chrome.scripting.executeScript({
      target: { tabId: tab.id ?? -1, allFrames: true },
      func: readSelection,
    });
    // The frame with the longest selection is the one the user selected in.
    const best = results
      .map((r) => r.result)
      .filter((r): r is ReturnType<typeof readSelection> => Boolean(r?.text))
      .sort((a, b) => b.text.length - a.text.length)[0];
    pending = best
      ? { attachment: { kind: 'selection', ...best } }
      : fallback
        ? { attachment: { ...base, text: fallback } }
        : { error: 'Select some text on the page first, then ask Gloss about it.' };
  } catch {
    // Nothing can be injected here; the context menu still gave us the selected text.
    pending = fallback ? { attachment: { ...base, text: fallback } } : { error: UNREADABLE };
  }
  await chrome.storage.session.set({ [PENDING]: pending });
}
