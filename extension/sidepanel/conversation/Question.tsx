/** A turn's question with its quotes, or the form that edits it into a new version. */
import './Question.css';
import type { KeyboardEvent, SubmitEvent } from 'react';
import { t } from '../../shared/i18n';
import type { Turn } from './chat-state';
import { Collapsible } from '../Collapsible';
import { SentQuote } from './SentQuote';

interface Props {
  turn: Turn;
  /** The question being edited, or null. */
  editing: string | null;
  onEditing: (draft: string | null) => void;
  onEdit: (turnId: string, question: string) => void;
}

export function Question({ turn, editing, onEditing, onEdit }: Props) {
  // An edited question is sent as a new version; an empty one is not sent.
  const send = (e: SubmitEvent) => {
    e.preventDefault();
    if (!editing?.trim()) return;
    onEdit(turn.id, editing.trim());
    onEditing(null);
  };
  // Esc cancels; Enter sends, as in the composer (Shift+Enter adds a line).
  const keys = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') onEditing(null);
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      e.currentTarget.form?.requestSubmit();
    }
  };

  return (
    <div className="question">
      {turn.attachments?.map((a, i) => (
        <SentQuote key={i} source={a} />
      ))}
      {(turn.images?.length ?? 0) + (turn.imagesMissing ?? 0) > 0 && (
        <div className="question-images">
          {turn.images?.map((image, i) => (
            <img
              key={i}
              src={`data:${image.mediaType};base64,${image.data}`}
              alt={t('imageAlt', String(i + 1), `${image.width}×${image.height}`)}
            />
          ))}
          {Array.from({ length: turn.imagesMissing ?? 0 }, (_, i) => (
            <span key={`missing-${i}`} className="image-missing">
              {t('imageNotStored')}
            </span>
          ))}
        </div>
      )}
      {editing === null ? (
        <Collapsible as="p" className="question-text">
          {turn.question}
        </Collapsible>
      ) : (
        <form className="edit" onSubmit={send}>
          <textarea
            aria-label={t('editQuestionLabel')}
            value={editing}
            autoFocus
            onChange={(e) => onEditing(e.target.value)}
            onKeyDown={keys}
          />
          <button type="submit" className="primary">
            {t('sendEdited')}
          </button>
          <button type="button" className="ghost" onClick={() => onEditing(null)}>
            {t('cancel')}
          </button>
        </form>
      )}
    </div>
  );
}
