/**
 * One source waiting to go with the next question: where it is from, how big it is against its
 * share of the model's budget (before anything is sent), editable and removable. Nothing is cut
 * silently: the composer's "Send only what fits" says whether a source that does not fit is cut.
 */
import './AttachmentChip.css';
import Check from 'lucide-react/icons/check';
import Pencil from 'lucide-react/icons/pencil';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import { IconButton } from '../IconButton';
import type { SourceFit } from '../../shared/protocol/context';
import { chipTitle, hostOf, pagesOf, pdfFitText, preview, tokenCount } from './attachment-text';
import { PdfPages } from '../pdf/PdfPages';
import type { Source } from './sources';
import { t } from '../../shared/i18n';

interface Props {
  attachment: Source;
  /** Its share of the window, once sized. */
  fit: SourceFit | undefined;
  onChange: (attachment: Source | null) => void;
}

export const SOURCE_LABELS = {
  page: () => t('attachedPage'),
  selection: () => t('quotedSelection'),
  pdf: () => t('attachedPdf'),
  transcript: () => t('attachedTranscript'),
};

/** "About 950 tokens.", or how much fits of a source that does not. */
function fitText(attachment: Source, fit: SourceFit): string {
  if (fit.percent >= 100) return t('aboutTokens', tokenCount(fit.totalTokens));
  // Its first pages are named; pages the user chose are named in the title.
  if (attachment.pages && attachment.range === undefined) return pdfFitText(attachment.text, attachment.pages, fit);
  return t('tooLong', fit.percent, tokenCount(fit.keptTokens), tokenCount(fit.totalTokens));
}

export function AttachmentChip({ attachment, fit, onChange }: Props) {
  const [editing, setEditing] = useState(false);
  const host = hostOf(attachment.url);
  return (
    <div className="chip" role="group" aria-label={SOURCE_LABELS[attachment.kind]()}>
      <div className="chip-head">
        <span className="chip-title" title={attachment.url || attachment.title}>
          <span className="chip-name">{chipTitle(attachment.kind, attachment.title)}</span>{' '}
          {host && <span className="hint">· {host}</span>}
          {attachment.pages !== undefined && (
            <span className="hint"> · {pagesOf(attachment.pages, attachment.range)}</span>
          )}
        </span>
        {/* Icons, as on a turn: at 240 px words here left the title a few letters. */}
        <IconButton
          icon={editing ? Check : Pencil}
          className="small"
          label={editing ? t('done') : t('edit')}
          onClick={() => setEditing(!editing)}
          aria-expanded={editing}
        />
        {/* Named by its title: with several sources, "Remove" alone does not say which. */}
        <IconButton
          icon={X}
          className="small"
          label={t('removeSource', chipTitle(attachment.kind, attachment.title))}
          onClick={() => onChange(null)}
        />
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
          {fitText(attachment, fit)}
        </p>
      )}
      {attachment.kind === 'pdf' && (attachment.pages ?? 0) > 1 && <PdfPages source={attachment} onChange={onChange} />}
    </div>
  );
}
