/**
 * The question box: Enter sends, Shift+Enter adds a line, Esc stops the answer (or cancels an
 * edit), Up in an empty box edits the last question.
 */
import './Composer.css';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { AttachmentChip } from './AttachmentChip';
import { actionPrompt, asSent, languageName, quickAction, withReturned } from './composer-text';
import type { QuickAction } from '../../shared/preferences';
import type { Attachment } from './usePageContext';
import { t } from '../../shared/i18n';

const DRAFT_KEY = 'gloss.draft';

interface Props {
  streaming: boolean;
  onSend: (question: string, attachments: Attachment[]) => void;
  onStop: () => void;
  attachment: Attachment | null;
  onAttachmentChange: (attachment: Attachment | null) => void;
  /** A question offered with the attachment ("Summarize this page."): put in the box, not sent. */
  suggestion: string | null;
  /** The suggestion is in the box (or the box was not empty): it is not offered again. */
  onSuggestionTaken: () => void;
  providerId: string | undefined;
  /** The last question shown, which Up brings back for editing. */
  lastQuestion: { id: string; question: string } | null;
  onEdit: (turnId: string, question: string) => void;
  quickActions: QuickAction[];
  /** A question the worker refused, given back (it goes in the box, before anything typed since). */
  returned: { text: string; at: number } | null;
}

export function Composer({
  streaming,
  onSend,
  onStop,
  attachment,
  onAttachmentChange,
  suggestion,
  onSuggestionTaken,
  providerId,
  lastQuestion,
  onEdit,
  quickActions,
  returned,
}: Props) {
  // The draft survives the panel closing: what the user typed is never lost.
  const [draft, setDraft] = useState(() => localStorage.getItem(DRAFT_KEY) ?? '');
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    localStorage.setItem(DRAFT_KEY, draft);
  }, [draft]);
  const [keptChars, setKeptChars] = useState<number | null>(null);
  const onTrimChange = useCallback((kept: number | null) => setKeptChars(kept), []);
  // A new quote brings the cursor to the question: the quote is never sent by itself.
  useEffect(() => box.current?.focus(), [attachment?.url, attachment?.title]);

  // A suggestion fills an empty box once (React's "adjust state while rendering"), also one that
  // arrived before the box was shown (asked from the page while in the history or settings).
  const [offered, setOffered] = useState<string | null>(null);
  if (suggestion !== offered) {
    setOffered(suggestion);
    if (suggestion && !draft.trim()) setDraft(suggestion);
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

  // The turn whose question is being edited in the box, if any.
  const [editing, setEditing] = useState<string | null>(null);

  const submit = (override?: string) => {
    const question = (override ?? draft).trim();
    if (!question || streaming) return;
    if (editing) {
      onEdit(editing, question);
      setEditing(null);
      setDraft('');
      return;
    }
    onSend(question, attachment ? [asSent(attachment, keptChars)] : []);
    onAttachmentChange(null);
    setDraft('');
  };

  /** Asks the action about the attachment or the text in the box; with neither, fills the box. */
  const runAction = (action: QuickAction) => {
    const prompt = actionPrompt(action.prompt, languageName(chrome.i18n.getUILanguage()));
    const next = quickAction(prompt, draft, attachment !== null);
    if ('send' in next) submit(next.send);
    else {
      setDraft(next.fill);
      box.current?.focus();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape' && streaming) {
      e.preventDefault();
      onStop();
    } else if (e.key === 'Escape' && editing) {
      e.preventDefault();
      setEditing(null);
      setDraft('');
    } else if (e.key === 'ArrowUp' && draft === '' && lastQuestion && !streaming) {
      e.preventDefault();
      setEditing(lastQuestion.id);
      setDraft(lastQuestion.question);
    }
  };

  return (
    <div className="composer-area">
      {attachment && (
        <AttachmentChip
          attachment={attachment}
          providerId={providerId}
          onChange={onAttachmentChange}
          onTrimChange={onTrimChange}
        />
      )}
      {quickActions.length > 0 && !editing && (
        <div className="quick-actions" role="group" aria-label={t('quickActions')}>
          {quickActions.map((a) => (
            <button
              key={a.id}
              type="button"
              className="ghost"
              disabled={streaming}
              title={a.prompt}
              onClick={() => runAction(a)}
            >
              {a.label}
            </button>
          ))}
        </div>
      )}
      {editing && (
        <p className="editing-note" role="status">
          {t('editingNote')}
        </p>
      )}
      <form
        className="composer"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <textarea
          ref={box}
          aria-label={t('yourQuestion')}
          placeholder={attachment ? t('placeholderQuote') : t('placeholderAny')}
          rows={2}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {streaming ? (
          <button type="button" className="stop" onClick={onStop}>
            {t('stop')}
          </button>
        ) : (
          <button type="submit" className="primary" disabled={!draft.trim()}>
            {t('send')}
          </button>
        )}
      </form>
    </div>
  );
}
