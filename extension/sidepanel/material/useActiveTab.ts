/**
 * The tab beside the panel (this window's active tab), looked at again when the user switches or
 * loads tabs. Its address and title are there only when the browser shows them to Gloss: after
 * Gloss's toolbar button or a shortcut in that tab, or on a site the user allowed.
 */
import browser from 'webextension-polyfill';
import { useEffect, useState } from 'react';

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
