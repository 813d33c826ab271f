/**
 * The window this panel belongs to, sent with each question: `read_tab` reads the tab open beside
 * the chat, the active tab of this window (a chat has no tab of its own).
 */
import { useEffect, useState } from 'react';
import browser from 'webextension-polyfill';

export function usePanelWindow(): number | undefined {
  const [windowId, setWindowId] = useState<number>();
  useEffect(() => {
    browser.windows.getCurrent().then(
      (win) => setWindowId(win.id),
      () => undefined,
    );
  }, []);
  return windowId;
}
