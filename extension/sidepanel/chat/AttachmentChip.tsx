/**
 * The quote waiting to go with the next question: where it is from, how big it is against the
 * model's budget (before anything is sent), editable and removable. Nothing is cut silently:
 * when it does not fit, the user chooses to send only what fits or all of it.
 */
import './AttachmentChip.css';
import { useContext, useEffect, useState } from 'react';
import { ComposerImages } from './ImageChips';
import { send, type Res } from '../../shared/protocol';
import { chipTitle, hostOf, pageCount, pdfFitText, preview, tokenCount } from './attachment-text';
import type { Attachment } from './usePageContext';
import { t } from '../../shared/i18n';

interface Props {
  attachment: Attachment;
  providerId: string | undefined;
  /** The question typed to go with it: it takes its share of the window first. */
  question: string;
  onChange: (attachment: Attachment | null) => void;
  onTrimChange: (keptChars: number | null) => void;
  /** Whether the quote, with `question`, fits the model's window, once sized. */
  onFit?: (sized: SizedFit) => void;
}

/** What was sized, and whether it fits: a report for other material or another question is stale. */
export interface SizedFit {
  text: string;
  question: string;
  fits: boolean;
}

const LABELS = {
  page: () => t('attachedPage'),
  selection: () => t('quotedSelection'),
  pdf: () => t('attachedPdf'),
  transcript: () => t('attachedTranscript'),
};

export function AttachmentChip({ attachment, providerId, question, onChange, onTrimChange, onFit }: Props) {
  const [fit, setFit] = useState<Res<'context.fit'>>();
  const [trim, setTrim] = useState(true);
  const [editing, setEditing] = useState(false);
  // The question's images take room first: the quote gets what is left.
  const images = useContext(ComposerImages);

  useEffect(() => {
    let live = true;
    const sizes = images.map(({ width, height }) => ({ width, height }));
    // Re-sized as the question grows, after a pause in typing rather than on every key.
    const timer = setTimeout(() => {
      send('context.fit', { text: attachment.text, providerId, images: sizes, question }).then(
        (f) => {
          if (!live) return;
          setFit(f);
          onFit?.({ text: attachment.text, question, fits: f.percent >= 100 });
        },
        () => undefined,
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [attachment.text, providerId, images, question, onFit]);

  const kept = fit !== undefined && fit.percent < 100 ? fit.keptChars : null;
  const overflows = kept !== null;
  useEffect(() => onTrimChange(trim ? kept : null), [trim, kept, onTrimChange]);

  const host = hostOf(attachment.url);
  return (
    <div className="chip" role="group" aria-label={LABELS[attachment.kind]()}>
      <div className="chip-head">
        <span className="chip-title" title={attachment.url}>
          {chipTitle(attachment.kind, attachment.title)} {host && <span className="hint">· {host}</span>}
          {attachment.pages !== undefined && <span className="hint"> · {pageCount(attachment.pages)}</span>}
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
          {!overflows
            ? t('aboutTokens', tokenCount(fit.totalTokens))
            : attachment.pages
              ? pdfFitText(attachment.text, attachment.pages, fit)
              : t('tooLong', fit.percent, tokenCount(fit.keptTokens), tokenCount(fit.totalTokens))}
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
