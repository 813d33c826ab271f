/**
 * Tells the worker this panel is open (for the toggle shortcut), and closes when it asks. The
 * same page opened in a tab is not the panel: the toggle must not close the user's tab.
 */
import browser, { type Tabs, type Windows } from 'webextension-polyfill';
import { useEffect } from 'react';
import { announcePanel } from '../shared/protocol';

export function usePanelPresence(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    Promise.all([browser.windows.getCurrent(), browser.tabs.getCurrent()]).then(
      // tabs.getCurrent() gives nothing outside a tab (the side panel), though typed as a tab.
      ([win, tab]: [Windows.Window, Tabs.Tab | undefined]) => {
        if (cancelled || win.id === undefined || tab) return;
        stop = announcePanel(win.id, () => window.close(), retire);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
}

let retired = false;

/**
 * This panel is being replaced by a fresh one (the worker reopens the panel to give it the
 * keyboard); Chromium may keep it alive a while, and it must not take material meant for its
 * successor.
 */
function retire(): void {
  retired = true;
  document.documentElement.dataset.retired = 'true';
}

/** Whether this panel was replaced: it takes nothing waiting for the window's panel. */
export function panelRetired(): boolean {
  return retired;
}
