/**
 * The sources waiting in the composer, each its own removable chip with its share of the
 * window, and, for several, what fits of them all ("3 sources: 62% fits"). One choice for all:
 * send only what fits, or everything.
 */
import './SourceChips.css';
import { useEffect, type Dispatch, type SetStateAction } from 'react';
import { t } from '../../shared/i18n';
import { tokenCount } from './attachment-text';
import { AttachmentChip } from './AttachmentChip';
import { overallFit, withChange, type Source } from './sources';
import { fitOf, useSourcesFit, type SourcesFit } from './useSourcesFit';

interface Props {
  sources: Source[];
  onSources: Dispatch<SetStateAction<Source[]>>;
  /** The question typed to go with them: it takes its share of the window first. */
  question: string;
  providerId: string | undefined;
  trim: boolean;
  onTrim: (trim: boolean) => void;
  /** How much of each fits, for the composer to send what the user chose. */
  onSized: (sized: SourcesFit | undefined) => void;
}

export function SourceChips({ sources, onSources, question, providerId, trim, onTrim, onSized }: Props) {
  const sized = useSourcesFit(sources, providerId, question);
  useEffect(() => onSized(sized), [sized, onSized]);
  const fits = sources.map((s, i) => fitOf(sized, i, s.text));
  const known = fits.filter((f) => f !== undefined);
  const all = known.length === sources.length ? overallFit(known) : null;
  // Against the list as it is when the change comes (a PDF's pages come back from the worker).
  const change = (was: Source, next: Source | null) => onSources((now) => withChange(now, was, next));
  return (
    <div className="sources" role="group" aria-label={t('sourcesLabel')}>
      {sources.length > 1 && all && (
        <p className="hint sources-fit" role="status">
          {all.percent >= 100
            ? t('sourcesAllFit', sources.length, tokenCount(all.totalTokens))
            : t('sourcesSomeFit', sources.length, all.percent)}
        </p>
      )}
      {sources.map((s, i) => (
        <AttachmentChip key={`${s.kind} ${s.url} ${i}`} attachment={s} fit={fits[i]} onChange={(n) => change(s, n)} />
      ))}
      {all && all.percent < 100 && (
        <label className="check sources-trim">
          <input type="checkbox" checked={trim} onChange={(e) => onTrim(e.target.checked)} /> {t('sendWhatFits')}
        </label>
      )}
    </div>
  );
}
