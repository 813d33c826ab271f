/**
 * The composer's side of `auto-ask.ts`: asks the offered question ("Summarize this page.") as
 * soon as the quote is known to fit, or leaves it in the box for the user to send.
 */
import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import type { SizedFit } from './AttachmentChip';
import { autoAsk } from './auto-ask';
import type { Offered } from './useDraft';

interface Composing {
  offered: Offered;
  draft: string;
  attachment: { text: string } | null;
  busy: boolean;
  /** Sends the box as it is. */
  ask: () => void;
  /** The question box, which keeps the cursor once it is sent. */
  box: RefObject<HTMLTextAreaElement | null>;
}

/** Returns the callback the quote's chip reports its size to. */
export function useAutoAsk({ offered, draft, attachment, busy, ask, box }: Composing): (sized: SizedFit) => void {
  const [sized, setSized] = useState<SizedFit | null>(null);
  // A report for other material or another question says nothing of this one.
  const current = sized !== null && sized.text === attachment?.text && sized.question === draft;
  const next = autoAsk({
    offered: offered.question,
    draft,
    hasAttachment: attachment !== null,
    fits: current ? sized.fits : null,
    busy,
  });
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
  return setSized;
}
