/**
 * Firefox's sidebar never takes the keyboard from the page (Firefox bug 1502713; no extension
 * API gives it): after a shortcut or menu item the question box shows the cursor, yet keys still
 * go to the page. Until the sidebar has the keyboard, the panel says so, and a click on the line
 * gives it. Chrome's panel takes the keyboard itself (`openSidePanelForTyping`).
 */
import { useEffect, useState, type RefObject } from 'react';
import { hasSidePanel } from '../../shared/chrome-side-panel';
import { t } from '../../shared/i18n';
import type { Source } from '../material/sources';
import { focusAtEnd } from './focus';
import { onKeyboardBack } from './keyboard-back';

/** Whether material just arrived while the keyboard is outside the sidebar (Firefox only). */
export function useKeyboardElsewhere(sources: Source[]): boolean {
  const [elsewhere, setElsewhere] = useState(false);
  const newest = sources.at(-1);
  useEffect(() => {
    if (hasSidePanel() || !newest) return;
    const stop = onKeyboardBack(window, () => setElsewhere(false));
    // After the focus the arrival asked for has settled.
    const timer = setTimeout(() => setElsewhere(!document.hasFocus()), 100);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [newest]);
  return elsewhere;
}

export function KeyboardElsewhere({ box }: { box: RefObject<HTMLTextAreaElement | null> }) {
  return (
    <p className="hint keyboard-elsewhere" role="status">
      <button type="button" className="ghost" onClick={() => focusAtEnd(box.current, true)}>
        {t('keyboardOnPage')}
      </button>
    </p>
  );
}
