/**
 * What sending from the composer does: a new question with the sources (or only what fits of
 * them, sized for exactly what goes: `send-sources.ts`) and the images, or, while the last
 * question is being edited in the box (Up in an empty box), a new version of that question. The
 * keys' meaning is `composer-text.ts`'s.
 */
import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { messageOf } from '../../shared/errors';
import type { QuestionImage } from '../../shared/images/image';
import type { ComposerKey } from './composer-text';
import { sentAfterSizing, sentNow, type Sending as Choice, type SizeNow } from '../material/send-sources';
import type { Attachment } from '../material/usePageContext';
import type { Source } from '../material/sources';

export interface Sending {
  draft: string;
  setDraft: Dispatch<SetStateAction<string>>;
  streaming: boolean;
  attachments: Source[];
  /** The fits on show and the choice of what goes; the question is the draft's. */
  choice: Omit<Choice, 'question'>;
  /** Sizes the sources when the fits on show are not for what goes. */
  sizeNow: SizeNow;
  images: { take: () => QuestionImage[] };
  onSend: (question: string, attachments: Attachment[], images: QuestionImage[]) => void;
  onEdit: (turnId: string, question: string) => void;
  onAttachmentsChange: Dispatch<SetStateAction<Source[]>>;
  onStop: () => void;
  /** Nothing could be sent: why. */
  onError: (message: string) => void;
  lastQuestion: { id: string; question: string } | null;
}

/**
 * A new question (`asked`: the box, or a quick action's prompt) with the sources as they go: at
 * once when the fits on show are for them and this question, else once they are sized with it
 * (`sizing` holds off a second send meanwhile); nothing goes if that fails.
 */
export function sendNew(s: Sending, asked: string, sizing: { current: boolean }) {
  const [question, typed, sources] = [asked.trim(), s.draft, s.attachments];
  const go = (sent: Attachment[]) => {
    s.onSend(question, sent, s.images.take());
    // Anything typed or added while the sources were sized stays in the composer.
    s.onAttachmentsChange((now) => now.filter((x) => !sources.includes(x)));
    s.setDraft((now) => (now === typed ? '' : now));
  };
  // The fits on show were sized with the box's text: a quick action's prompt needs its own room.
  const choice = { ...s.choice, question: asked };
  const now = sentNow(sources, choice);
  if (now) {
    go(now);
    return;
  }
  sizing.current = true;
  sentAfterSizing(sources, choice, s.sizeNow)
    .then(go, (e: unknown) => s.onError(messageOf(e)))
    .finally(() => (sizing.current = false));
}

export function useSend(s: Sending) {
  // The turn whose question is being edited in the box, if any.
  const [editing, setEditing] = useState<string | null>(null);
  // Sources being sized before they go: a second Enter meanwhile does not send twice.
  const sizing = useRef(false);

  const submit = (override?: string) => {
    const asked = override ?? s.draft;
    const question = asked.trim();
    if (!question || s.streaming || sizing.current) return;
    if (editing) {
      s.onEdit(editing, question);
      setEditing(null);
      s.setDraft('');
      return;
    }
    sendNew(s, asked, sizing);
  };

  const onKey = (does: ComposerKey) => {
    if (does === 'send') submit();
    else if (does === 'stop') s.onStop();
    else {
      // Up brings the last question into the box to edit; Esc leaves the edit, and empties it.
      const last = does === 'editLast' ? s.lastQuestion : null;
      setEditing(last?.id ?? null);
      s.setDraft(last?.question ?? '');
    }
  };
  return { editing, submit, onKey };
}
