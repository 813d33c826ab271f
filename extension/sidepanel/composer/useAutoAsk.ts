/**
 * The composer's side of `auto-ask.ts`: asks the offered question ("Summarize this page.") as
 * soon as the sources are known to fit, or leaves it in the box for the user to send.
 */
import { useEffect, useEffectEvent, type RefObject } from 'react';
import { autoAsk } from './auto-ask';
import type { Offered } from './useDraft';

interface Composing {
  offered: Offered;
  draft: string;
  hasSources: boolean;
  /** Whether the sources fit whole with the question, once sized for it (null before). */
  fits: boolean | null;
  busy: boolean;
  /** Sends the box as it is. */
  ask: () => void;
  /** The question box, which keeps the cursor once it is sent. */
  box: RefObject<HTMLTextAreaElement | null>;
}

export function useAutoAsk({ offered, draft, hasSources, fits, busy, ask, box }: Composing): void {
  const next = autoAsk({ offered: offered.question, draft, hasAttachment: hasSources, fits, busy });
  const settle = useEffectEvent(() => {
    offered.settled();
    if (next !== 'send') return;
    ask();
    box.current?.focus();
  });
  useEffect(() => {
    if (next === 'wait' || offered.question === null) return;
    // After this commit: the composer's own state changes as the question goes.
    const timer = setTimeout(settle, 0);
    return () => clearTimeout(timer);
  }, [next, offered.question]);
}
