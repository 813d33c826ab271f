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

/** Whether material just arrived while the keyboard is outside the sidebar (Firefox only). */
export function useKeyboardElsewhere(sources: Source[]): boolean {
  const [elsewhere, setElsewhere] = useState(false);
  const newest = sources.at(-1);
  useEffect(() => {
    if (hasSidePanel() || !newest) return;
    const check = () => setElsewhere(!document.hasFocus());
    // After the focus the arrival asked for has settled.
    const timer = setTimeout(check, 100);
    // A press in the sidebar gives it the keyboard before the click: the line goes after that
    // click (window, bubbling: after the panel's own handlers), so nothing moves under the
    // pointer and a click on the line still lands.
    let pressed = false;
    const press = () => (pressed = true);
    const hide = () => {
      pressed = false;
      setElsewhere(false);
    };
    const back = () => (pressed ? addEventListener('click', hide, { once: true }) : hide());
    addEventListener('pointerdown', press, true);
    addEventListener('focus', back);
    return () => {
      clearTimeout(timer);
      removeEventListener('pointerdown', press, true);
      removeEventListener('focus', back);
      removeEventListener('click', hide);
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
