/**
 * The composer's draft. It survives the panel closing (localStorage): what the user typed is
 * never lost. A question that came with page material ("Summarize this page.") fills an empty
 * box once, to be asked at once (`auto-ask.ts`); a refused question comes back before whatever
 * was typed since.
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { withReturned } from './composer-text';

const DRAFT_KEY = 'gloss.draft';

/** A question put in the box to be asked at once, until it is asked or left to the user. */
export interface Offered {
  question: string | null;
  settled: () => void;
}

/**
 * The draft, its setter, and the question offered. `suggestion` fills an empty box (then
 * `onSuggestionTaken`); `returned` is a question the worker refused, put back in the box.
 */
export function useDraft(
  suggestion: string | null,
  onSuggestionTaken: () => void,
  returned: { text: string; at: number } | null,
): [string, Dispatch<SetStateAction<string>>, Offered] {
  const [draft, setDraft] = useState(() => localStorage.getItem(DRAFT_KEY) ?? '');
  useEffect(() => {
    localStorage.setItem(DRAFT_KEY, draft);
  }, [draft]);

  // A suggestion fills an empty box once (React's "adjust state while rendering"), also one that
  // arrived before the box was shown (asked from the page while in the history or settings).
  const [offered, setOffered] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  if (suggestion !== offered) {
    setOffered(suggestion);
    if (suggestion && !draft.trim()) {
      setDraft(suggestion);
      setAsking(suggestion);
    }
  }
  useEffect(() => {
    if (suggestion) onSuggestionTaken();
  }, [suggestion, onSuggestionTaken]);
  // A refused question comes back, whatever was typed since (React's "adjust state while
  // rendering"): nothing the user wrote is lost.
  const [given, setGiven] = useState(returned);
  if (returned !== given) {
    setGiven(returned);
    if (returned) setDraft(withReturned(draft, returned.text));
  }
  return [draft, setDraft, { question: asking, settled: () => setAsking(null) }];
}
