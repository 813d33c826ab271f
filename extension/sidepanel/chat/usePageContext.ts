/**
 * Page material the context menu or shortcut left for this window's panel: taken when the
 * panel opens and whenever new material arrives while it is open.
 */
import browser, { type Storage } from 'webextension-polyfill';
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import { send } from '../../shared/protocol';
import { pendingContextKey, type Attachment } from '../../shared/attachment';

export type { Attachment };

export function usePageContext() {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [question, setQuestion] = useState<string | null>(null);
  /** Counts deliveries, so the panel can show the chat whenever something arrives. */
  const [arrivals, setArrivals] = useState(0);

  useEffect(() => {
    let windowId: number | undefined;
    const take = () => {
      if (windowId === undefined) return;
      send('context.take', { windowId }).then(
        (r) => {
          // Nothing waiting: another take (on opening, or on the storage change) already got it.
          if (!r.attachment && !r.error) return;
          if (r.attachment) setAttachment(r.attachment);
          setQuestion(r.question);
          setError(r.error);
          setArrivals((n) => n + 1);
        },
        (e: unknown) => {
          setError(t('materialNotPassed', messageOf(e)));
          setArrivals((n) => n + 1);
        },
      );
    };
    const onChange = (changes: Record<string, Storage.StorageChange>, area: string) => {
      if (area === 'session' && windowId !== undefined && changes[pendingContextKey(windowId)]?.newValue) take();
    };
    browser.storage.onChanged.addListener(onChange);
    browser.windows.getCurrent().then(
      (win) => {
        windowId = win.id;
        take();
      },
      () => undefined,
    );
    return () => browser.storage.onChanged.removeListener(onChange);
  }, []);

  const clearQuestion = useCallback(() => setQuestion(null), []);
  return { attachment, setAttachment, question, clearQuestion, error, arrivals, clearError: () => setError(null) };
}

/** Page material waiting for this panel's composer, and what went wrong taking it. */
export type PageContext = ReturnType<typeof usePageContext>;
