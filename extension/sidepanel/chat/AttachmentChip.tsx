/**
 * The quote waiting to go with the next question: where it is from, how big it is against the
 * model's budget (before anything is sent), editable and removable. Nothing is cut silently:
 * when it does not fit, the user chooses to send only what fits or all of it.
 */
import './AttachmentChip.css';
import { useEffect, useState } from 'react';
import { send, type Res } from '../../shared/protocol';
import { chipTitle, hostOf, preview, tokenCount } from './attachment-text';
import type { Attachment } from './usePageContext';
import { t } from '../../shared/i18n';

interface Props {
  attachment: Attachment;
  providerId: string | undefined;
  /** The question typed to go with it: it takes its share of the window first. */
  question: string;
  onChange: (attachment: Attachment | null) => void;
  onTrimChange: (keptChars: number | null) => void;
}

export function AttachmentChip({ attachment, providerId, question, onChange, onTrimChange }: Props) {
  const [fit, setFit] = useState<Res<'context.fit'>>();
  const [trim, setTrim] = useState(true);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    let live = true;
    // Re-sized as the question grows, after a pause in typing rather than on every key.
    const timer = setTimeout(() => {
      send('context.fit', { text: attachment.text, providerId, question }).then(
        (f) => live && setFit(f),
        () => undefined,
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [attachment.text, providerId, question]);

  const kept = fit !== undefined && fit.percent < 100 ? fit.keptChars : null;
  const overflows = kept !== null;
  useEffect(() => onTrimChange(trim ? kept : null), [trim, kept, onTrimChange]);

  const host = hostOf(attachment.url);
  return (
    <div
      className="chip"
      role="group"
      aria-label={attachment.kind === 'page' ? t('attachedPage') : t('quotedSelection')}
    >
      <div className="chip-head">
        <span className="chip-title" title={attachment.url}>
          {chipTitle(attachment.kind, attachment.title)} {host && <span className="hint">· {host}</span>}
        </span>
        <button type="button" className="ghost" onClick={() => setEditing(!editing)} aria-expanded={editing}>
          {editing ? t('done') : t('edit')}
        </button>
        <button type="button" className="ghost" aria-label={t('removeQuote')} onClick={() => onChange(null)}>
          ×
        </button>
      </div>
      {editing ? (
        <textarea
          aria-label={t('quotedText')}
          value={attachment.text}
          onChange={(e) => onChange({ ...attachment, text: e.target.value })}
        />
      ) : (
        <blockquote className="chip-text">{preview(attachment.text)}</blockquote>
      )}
      {fit && (
        <p className="hint chip-fit" role="status">
          {overflows
            ? t('tooLong', fit.percent, tokenCount(fit.keptTokens), tokenCount(fit.totalTokens))
            : t('aboutTokens', tokenCount(fit.totalTokens))}
        </p>
      )}
      {overflows && (
        <label className="check">
          <input type="checkbox" checked={trim} onChange={(e) => setTrim(e.target.checked)} /> {t('sendWhatFits')}
        </label>
      )}
    </div>
  );
}
