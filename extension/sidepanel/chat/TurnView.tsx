/** One question and its answer, with its versions and what can be done with it. */
import './TurnView.css';
import { memo, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { PathStep } from '../../shared/thread';
import type { AnswerDom } from '../answer/answer-dom';
import type { Turn } from './chat-state';
import { onAnswerClick } from '../answer/links';
import { modelName } from '../model-name';
import { t } from '../../shared/i18n';

export interface TurnActions {
  onRegenerate: (turnId: string) => void;
  onEdit: (turnId: string, question: string) => void;
  onContinue: (turnId: string) => void;
  onSelect: (turnId: string) => void;
}

/** Up and Down move between messages, as in a feed. */
function moveFocus(e: KeyboardEvent<HTMLElement>) {
  if (e.target !== e.currentTarget || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
  const next = e.key === 'ArrowDown' ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling;
  if (next instanceof HTMLElement) {
    e.preventDefault();
    next.focus();
  }
}

export const TurnView = memo(function TurnView({
  step,
  doc,
  onRegenerate,
  onEdit,
  onContinue,
  onSelect,
}: TurnActions & { step: PathStep<Turn>; doc: AnswerDom }) {
  const { turn, versions, index } = step;
  const slot = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  // A reloaded conversation brings a new AnswerDom for the same turn: it replaces the old one.
  useEffect(() => {
    slot.current?.replaceChildren(doc.root);
  }, [doc]);
  const onClick = (e: MouseEvent<HTMLDivElement>) => onAnswerClick(e.nativeEvent);
  const streaming = turn.status === 'streaming';
  const copy = () => {
    void navigator.clipboard.writeText(turn.answer).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };

  return (
    <article
      className="turn"
      data-status={turn.status}
      tabIndex={0}
      aria-busy={streaming}
      aria-label={t('questionLabel', turn.question)}
      onKeyDown={moveFocus}
    >
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
              setEditing(null);
            }}
          >
            <textarea
              aria-label={t('editQuestionLabel')}
              value={editing}
              autoFocus
              onChange={(e) => setEditing(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setEditing(null);
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
            />
            <button type="submit" className="primary">
              {t('sendEdited')}
            </button>
            <button type="button" className="ghost" onClick={() => setEditing(null)}>
              {t('cancel')}
            </button>
          </form>
        )}
      </div>
      {turn.reasoning && (
        <details className="reasoning">
          <summary>{streaming && !turn.answer ? t('thinking') : t('reasoning')}</summary>
          <p>{turn.reasoning}</p>
        </details>
      )}
      <div className="answer-slot" ref={slot} onClick={onClick} />
      {streaming && !turn.answer && <p className="pending">{t('waiting')}</p>}
      <Status turn={turn} onContinue={onContinue} onRegenerate={onRegenerate} />
      {turn.saveFailed && (
        <p className="notice error" role="alert">
          {turn.saveFailed}
        </p>
      )}
      <footer className="turn-actions">
        {versions.length > 1 && (
          <span className="versions" role="group" aria-label={t('versions')}>
            <button
              type="button"
              className="ghost"
              aria-label={t('previousVersion')}
              disabled={index === 0 || streaming}
              onClick={() => onSelect(versions[index - 1] ?? turn.id)}
            >
              ‹
            </button>
            <span>
              {index + 1} / {versions.length}
            </span>
            <button
              type="button"
              className="ghost"
              aria-label={t('nextVersion')}
              disabled={index === versions.length - 1 || streaming}
              onClick={() => onSelect(versions[index + 1] ?? turn.id)}
            >
              ›
            </button>
          </span>
        )}
        {!streaming && (
          <>
            <button type="button" className="ghost" onClick={() => setEditing(turn.question)}>
              {t('edit')}
            </button>
            <button type="button" className="ghost" onClick={() => onRegenerate(turn.id)}>
              {t('regenerate')}
            </button>
            {turn.answer && (
              <button type="button" className="ghost" onClick={copy}>
                {copied ? t('copied') : t('copy')}
              </button>
            )}
          </>
        )}
        <span className="meta usage">
          {[
            turn.model && modelName(turn.model),
            turn.usage && t('tokens', turn.usage.inputTokens, turn.usage.outputTokens),
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </footer>
    </article>
  );
});

function Status({
  turn,
  onContinue,
  onRegenerate,
}: {
  turn: Turn;
  onContinue: (id: string) => void;
  onRegenerate: (id: string) => void;
}) {
  if (turn.status === 'done' && turn.finishReason === 'length') {
    return <p className="meta">{t('lengthLimit')}</p>;
  }
  if (turn.status === 'stopped' || turn.status === 'interrupted') {
    return (
      <div className="meta interrupted">
        <p>{turn.status === 'stopped' ? t('stopped') : t('interrupted')}</p>
        <button type="button" onClick={() => onContinue(turn.id)}>
          {t('continue')}
        </button>
      </div>
    );
  }
  if (turn.status === 'error' && turn.error) {
    return (
      <div className="error" role="alert">
        <p>{turn.error.message}</p>
        <button type="button" onClick={() => onRegenerate(turn.id)}>
          {t('retry')}
        </button>
      </div>
    );
  }
  return null;
}
