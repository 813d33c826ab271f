/**
 * One source waiting to go with the next question: where it is from, how big it is against its
 * share of the model's budget (before anything is sent), editable and removable. Nothing is cut
 * silently: the composer's "Send only what fits" says whether a source that does not fit is cut.
 */
import './AttachmentChip.css';
import Check from 'lucide-react/icons/check';
import Chevron from 'lucide-react/icons/chevron-right';
import Pencil from 'lucide-react/icons/pencil';
import X from 'lucide-react/icons/x';
import { useId, useState } from 'react';
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

/**
 * "About 950 tokens.", or how much fits of a source that does not; `full`: a PDF that does not
 * fit also says what is left out (the open chip has room for it).
 */
function fitText(attachment: Source, fit: SourceFit, full: boolean): string {
  if (fit.percent >= 100) return t('aboutTokens', tokenCount(fit.totalTokens));
  // Its first pages are named; pages the user chose are named in the title.
  if (attachment.pages && attachment.range === undefined)
    return pdfFitText(attachment.text, attachment.pages, fit, full);
  return t('tooLong', fit.percent, tokenCount(fit.keptTokens), tokenCount(fit.totalTokens));
}

/**
 * A chip is one or two lines (what, from where, how big, how much fits) until opened: cards with
 * the text took most of a narrow panel. Open, it shows the text to read or edit and a PDF's
 * pages; a PDF asking which pages opens by itself, its box taking the cursor.
 */
export function AttachmentChip({ attachment, fit, onChange }: Props) {
  const [opened, setOpened] = useState(false);
  const [editing, setEditing] = useState(false);
  const open = opened || editing || attachment.askPages === true;
  const host = hostOf(attachment.url);
  const name = chipTitle(attachment.kind, attachment.title);
  const body = useId();
  return (
    <div className="chip" role="group" aria-label={SOURCE_LABELS[attachment.kind]()} data-open={open || undefined}>
      <div className="chip-head">
        <button
          type="button"
          className="chip-toggle"
          aria-expanded={open}
          aria-controls={body}
          title={attachment.url || attachment.title}
          onClick={() => {
            setOpened(!open);
            if (open) setEditing(false);
          }}
        >
          <Chevron aria-hidden="true" size={16} strokeWidth={1.75} className={open ? 'turned' : undefined} />
          <span className="chip-title">
            <span className="chip-name">{name}</span> {host && <span className="hint">·&nbsp;{host}</span>}
            {attachment.pages !== undefined && (
              <span className="hint"> ·&nbsp;{pagesOf(attachment.pages, attachment.range)}</span>
            )}
          </span>
        </button>
        {/* Icons, as on a turn: at 240 px words here left the title a few letters. */}
        {open && (
          <IconButton
            icon={editing ? Check : Pencil}
            className="small"
            label={editing ? t('done') : t('edit')}
            onClick={() => setEditing(!editing)}
            aria-expanded={editing}
          />
        )}
        {/* Named by its title: with several sources, "Remove" alone does not say which. */}
        <IconButton icon={X} className="small" label={t('removeSource', name)} onClick={() => onChange(null)} />
      </div>
      {fit && (
        <p className="hint chip-fit" role="status">
          {fitText(attachment, fit, open)}
        </p>
      )}
      {/* Kept while closed: the pages typed, or the text being edited, are there when it opens. */}
      <div id={body} hidden={!open}>
        <ChipBody attachment={attachment} editing={editing} onChange={onChange} />
      </div>
    </div>
  );
}

/**
 * An open chip's text, to read or (editing) to change, and a PDF's pages to choose: first when
 * it asks which pages, so the question and its box are in sight however long the excerpt.
 */
function ChipBody({
  attachment,
  editing,
  onChange,
}: { attachment: Source; editing: boolean } & Pick<Props, 'onChange'>) {
  const pages = attachment.kind === 'pdf' && (attachment.pages ?? 0) > 1 && (
    <PdfPages source={attachment} onChange={onChange} />
  );
  const asks = attachment.askPages === true;
  return (
    <>
      {asks && pages}
      {editing ? (
        <textarea
          aria-label={t('quotedText')}
          value={attachment.text}
          onChange={(e) => onChange({ ...attachment, text: e.target.value })}
        />
      ) : (
        <blockquote className="chip-text">{preview(attachment.text)}</blockquote>
      )}
      {!asks && pages}
    </>
  );
}
