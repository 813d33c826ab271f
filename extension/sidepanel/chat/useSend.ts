/**
 * What sending from the composer does: a new question with the sources (or only what fits of
 * them) and the images, or, while the last question is being edited in the box (Up in an empty
 * box), a new version of that question. The keys' meaning is `composer-text.ts`'s.
 */
import { useState } from 'react';
import type { QuestionImage } from '../../shared/image';
import type { ComposerKey } from './composer-text';
import type { Attachment } from './usePageContext';

interface Sending {
  draft: string;
  setDraft: (draft: string) => void;
  streaming: boolean;
  attachments: Attachment[];
  /** The sources as they go: all of each, or only what fits if the user chose that. */
  asSentAll: (sources: readonly Attachment[]) => Attachment[];
  images: { take: () => QuestionImage[] };
  onSend: (question: string, attachments: Attachment[], images: QuestionImage[]) => void;
  onEdit: (turnId: string, question: string) => void;
  onAttachmentsChange: (attachments: Attachment[]) => void;
  onStop: () => void;
  lastQuestion: { id: string; question: string } | null;
}

export function useSend(s: Sending) {
  // The turn whose question is being edited in the box, if any.
  const [editing, setEditing] = useState<string | null>(null);

  const submit = (override?: string) => {
    const question = (override ?? s.draft).trim();
    if (!question || s.streaming) return;
    if (editing) {
      s.onEdit(editing, question);
      setEditing(null);
      s.setDraft('');
      return;
    }
    s.onSend(question, s.asSentAll(s.attachments), s.images.take());
    s.onAttachmentsChange([]);
    s.setDraft('');
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
