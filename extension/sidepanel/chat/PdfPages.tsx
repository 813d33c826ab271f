/**
 * The pages of a PDF in the composer to send, typed ("3–5, 9"): under a PDF's chip, for when
 * its first pages are not the ones the question is about, or it does not fit. The checks and
 * the choice are `pdf-range.ts`'s; the core keeps the pages. When the user asked about a
 * selection in the browser's PDF viewer (which keeps it from extensions), this says so and
 * takes the cursor.
 */
import './PdfPages.css';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import { send } from '../../shared/protocol';
import { allPages, choosePages, typedPages } from './pdf-range';
import type { Source } from './sources';

const select = (text: string, pages: number[]) => send('context.pdfPages', { text, pages });

export function PdfPages({ source, onChange }: { source: Source; onChange: (next: Source) => void }) {
  const [typed, setTyped] = useState(() => typedPages(source));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
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
  const all = () => {
    const whole = allPages(source);
    setTyped(typedPages(whole));
    setProblem(null);
    onChange(whole);
  };

  return (
    <form className="chip-pages" onSubmit={use}>
      {source.askPages && <p className="hint chip-pages-why">{t('pdfNoSelection')}</p>}
      <label>
        {t('pdfRangeLabel')}{' '}
        <input
          ref={input}
          value={typed}
          aria-invalid={problem !== null}
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
        <p className="hint chip-pages-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
