/** Tells the worker this panel is open (for the toggle shortcut), and closes when it asks. */
import { useEffect } from 'react';
import { announcePanel } from '../shared/messages';

export function usePanelPresence(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    chrome.windows.getCurrent().then(
      (win) => {
        if (cancelled || win.id === undefined) return;
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
