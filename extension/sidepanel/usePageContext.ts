/**
 * Page material the context menu or shortcut left for the panel: taken when the panel opens
 * and whenever new material arrives while it is open.
 */
import { useCallback, useEffect, useState } from 'react';
import { send } from '../shared/messages';
import { PENDING_CONTEXT_KEY, type Attachment } from '../shared/settings';

export type { Attachment };

export function usePageContext() {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [question, setQuestion] = useState<string | null>(null);

  const take = useCallback(() => {
    send('context.take', {}).then(
      (r) => {
        if (r.attachment) setAttachment(r.attachment);
        setQuestion(r.question);
        setError(r.error);
      },
      () => undefined,
    );
  }, []);

  useEffect(() => {
    take();
    const onChange = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      if (area === 'session' && changes[PENDING_CONTEXT_KEY]?.newValue) take();
    };
    chrome.storage.onChanged.addListener(onChange);
    return () => chrome.storage.onChanged.removeListener(onChange);
  }, [take]);

  return { attachment, setAttachment, question, error, clearError: () => setError(null) };
}
