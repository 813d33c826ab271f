/**
 * The tab beside the panel (this window's active tab), looked at again when the user switches or
 * loads tabs. Its address and title are there only when the browser shows them to Gloss: after
 * Gloss's toolbar button or a shortcut in that tab, or on a site the user allowed.
 */
import browser from 'webextension-polyfill';
import { useEffect, useState } from 'react';
import { messageOf } from '../../shared/errors';
import { send } from '../../shared/protocol';

export interface ActiveTab {
  id: number;
  url: string;
  title: string;
}

/** This window's active tab, when Gloss may see its address; else null. */
async function activeTab(): Promise<ActiveTab | null> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id !== undefined && tab.url ? { id: tab.id, url: tab.url, title: tab.title ?? '' } : null;
}

export function useActiveTab(): ActiveTab | null {
  const [tab, setTab] = useState<ActiveTab | null>(null);
  useEffect(() => {
    const look = () => void activeTab().then(setTab, () => setTab(null));
    look();
    browser.tabs.onActivated.addListener(look);
    browser.tabs.onUpdated.addListener(look);
    window.addEventListener('focus', look);
    return () => {
      browser.tabs.onActivated.removeListener(look);
      browser.tabs.onUpdated.removeListener(look);
      window.removeEventListener('focus', look);
    };
  }, []);
  return tab;
}

/**
 * The tab the quick actions read while the chat has nothing to read yet (no turn with material),
 * and asking a prompt about it: the worker reads it as "Summarize this page" does.
 */
export function useTabActions(
  turns: readonly { attachments?: readonly unknown[] }[],
  onError: (message: string) => void,
): { readTab: ActiveTab | null; askTab: (question: string) => void } {
  const active = useActiveTab();
  // Only a page Gloss can read: not the browser's own pages, nor Gloss's.
  const readable = active !== null && /^(https?|file):/.test(active.url);
  const readTab = readable && turns.every((turn) => !turn.attachments?.length) ? active : null;
  const askTab = (question: string) => {
    if (readTab) send('context.askTab', { tabId: readTab.id, question }).catch((e: unknown) => onError(messageOf(e)));
  };
  return { readTab, askTab };
}
