/**
 * The pages of a PDF in the composer to send, typed ("3–5, 9"): under a PDF's chip, for when
 * its first pages are not the ones the question is about, or it does not fit. The checks and
 * the choice are `pdf-range.ts`'s; the core keeps the pages. When the user asked about a
 * selection in the browser's PDF viewer (which keeps it from extensions), this says so and
 * takes the cursor.
 */
import './PdfPages.css';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import { send } from '../../shared/protocol';
import { allPages, choosePages, typedPages } from './pdf-range';
import type { Source } from '../material/sources';

const select = (text: string, pages: number[]) => send('context.pdfPages', { text, pages });

/**
 * What is typed in the box, and why it was refused. Pages chosen (or all again, or the same PDF
 * read anew in this chip's place) show as the box's text: it never names pages that do not go.
 */
function useTyped(source: Source) {
  const chosen = typedPages(source);
  const [typed, setTyped] = useState(chosen);
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState(chosen);
  if (chosen !== shown) {
    setShown(chosen);
    setTyped(chosen);
    setProblem(null);
  }
  return { typed, setTyped, problem, setProblem };
}

export function PdfPages({ source, onChange }: { source: Source; onChange: (next: Source) => void }) {
  const { typed, setTyped, problem, setProblem } = useTyped(source);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ids = useId();
  useEffect(() => {
    if (source.askPages) input.current?.focus();
  }, [source.askPages]);

  const use = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault(); // the panel stays; the pages are used here
    setBusy(true);
    choosePages(source, typed, select)
      .then(
        (r) => {
          setProblem('error' in r ? r.error : null);
          if (!('error' in r)) onChange(r);
        },
        (e: unknown) => setProblem(messageOf(e)),
      )
      .finally(() => setBusy(false));
  };
  const all = () => onChange(allPages(source));

  return (
    <form className="chip-pages" onSubmit={use}>
      {source.askPages && (
        <p className="hint chip-pages-why" id={`${ids}why`}>
          {t('pdfNoSelection')}
        </p>
      )}
      <label>
        {t('pdfRangeLabel')}{' '}
        <input
          ref={input}
          value={typed}
          aria-invalid={problem !== null}
          // Read with the box: why it asks (when it took the cursor), and what is wrong.
          aria-describedby={
            [source.askPages && `${ids}why`, problem && `${ids}problem`].filter(Boolean).join(' ') || undefined
          }
          disabled={busy}
          onChange={(e) => setTyped(e.target.value)}
        />
      </label>
      <button type="submit" className="ghost" disabled={busy}>
        {t('pdfRangeUse')}
      </button>
      {source.range !== undefined && (
        <button type="button" className="ghost" onClick={all}>
          {t('pdfRangeAll')}
        </button>
      )}
      {problem && (
        <p className="hint chip-pages-problem" role="alert" id={`${ids}problem`}>
          {problem}
        </p>
      )}
    </form>
  );
}
