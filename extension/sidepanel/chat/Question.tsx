/** A turn's question with its quotes, or the form that edits it into a new version. */
import './Question.css';
import { t } from '../../shared/i18n';
import type { Turn } from './chat-state';

interface Props {
  turn: Turn;
  /** The question being edited, or null. */
  editing: string | null;
  onEditing: (draft: string | null) => void;
  onEdit: (turnId: string, question: string) => void;
}

export function Question({ turn, editing, onEditing, onEdit }: Props) {
  return (
    <div className="question">
      {turn.attachments?.map((a, i) => (
        <blockquote key={i} className="quoted" title={a.url}>
          {a.text.length > 200 ? `${a.text.slice(0, 200)}…` : a.text}
        </blockquote>
      ))}
      {editing === null ? (
        <p className="question-text">{turn.question}</p>
      ) : (
        <form
          className="edit"
          onSubmit={(e) => {
            e.preventDefault();
            if (!editing.trim()) return;
            onEdit(turn.id, editing.trim());
            onEditing(null);
          }}
        >
          <textarea
            aria-label={t('editQuestionLabel')}
            value={editing}
            autoFocus
            onChange={(e) => onEditing(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') onEditing(null);
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
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
