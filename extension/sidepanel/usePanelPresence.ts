/**
 * Tells the worker this panel is open (for the toggle shortcut), and closes when it asks. The
 * same page opened in a tab is not the panel: the toggle must not close the user's tab.
 */
import { useEffect } from 'react';
import { announcePanel } from '../shared/protocol';

export function usePanelPresence(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    Promise.all([chrome.windows.getCurrent(), chrome.tabs.getCurrent()]).then(
      ([win, tab]) => {
        if (cancelled || win.id === undefined || tab) return;
        stop = announcePanel(win.id, () => window.close());
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
}
