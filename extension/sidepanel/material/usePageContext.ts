/**
 * Page material the context menu or shortcut left for this window's panel: taken when the
 * panel opens and whenever new material arrives while it is open. Asking about a page or
 * selection replaces the composer's sources; "Add this tab", the tab picker and a PDF file join
 * them (`sources.ts`). A PDF is read here, in the panel (`pdf-read.ts`), from the tab's address
 * or from a file the user gave. The sources survive the panel closing (`kept-sources.ts`).
 */
import browser from 'webextension-polyfill';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import type { Attachment, PdfRequest } from '../../shared/attachment';
import type { ScannedPdf } from '../pdf/pdf-pages';
import { accessToAsk } from '../pdf/pdf-access';
import { PdfScanned, pdfFromFile, pdfFromUrl } from '../pdf/pdf-read';
import { keptSourcesKey, readKeptSources } from './kept-sources';
import { withSource, type Source } from './sources';
import { useConfirmTaken, useHeld, useWindowPending, type Taken } from './useWindowPending';

export type { Attachment };

/**
 * The composer's sources, kept across the panel closing (`kept-sources.ts`): read back once when
 * the panel opens, then written whenever they change. Says when they are back, and gives the
 * latest write (material is confirmed to the worker once it is kept).
 */
function useKeptSources(sources: Source[], setSources: (s: Source[]) => void) {
  const [key, setKey] = useState<string | null>(null);
  const written = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    browser.windows
      .getCurrent()
      .then(async (win) => {
        const at = keptSourcesKey(win.id ?? -1);
        const kept = readKeptSources((await browser.storage.session.get(at))[at]);
        if (kept.length > 0) setSources(kept);
        setKey(at);
      })
      .catch(() => setKey(''));
  }, [setSources]);
  useEffect(() => {
    // Too large for the session's storage (10 MB in Chrome): kept while the panel is open only.
    if (key) written.current = browser.storage.session.set({ [key]: sources }).catch(console.warn);
  }, [key, sources]);
  return { restored: key !== null, written };
}

/** What the panel's state does with what it took: show it, or read the PDF it names. */
function apply(
  r: Taken,
  to: Pick<ReturnType<typeof useSetters>, 'addSource' | 'setError' | 'setQuestion' | 'setArrivals'>,
  readPdf: ReadPdf,
) {
  if ('failed' in r) to.setError(t('materialNotPassed', r.failed));
  else if (r.pdf) {
    readPdf(r.pdf, r.question, r.add);
    return;
  } else {
    // Nothing waiting: another take (on opening, or on the storage change) already got it.
    if (!r.attachment && !r.error) return;
    if (r.attachment) to.addSource(r.attachment, r.add);
    to.setQuestion(r.question);
    to.setError(r.error);
  }
  to.setArrivals((n) => n + 1);
}

/** Reads a PDF into the composer; `add`: beside the sources there (else in their place). */
type ReadPdf = (from: PdfRequest | File, offered?: string | null, add?: boolean) => void;

function useSetters() {
  const [attachments, setAttachments] = useState<Source[]>([]);
  const addSource = useCallback(
    (next: Source, add: boolean) => setAttachments((list) => withSource(list, next, add)),
    [],
  );
  const [error, setError] = useState<string | null>(null);
  const [question, setQuestion] = useState<string | null>(null);
  /** Counts deliveries, so the panel can show the chat whenever something arrives. */
  const [arrivals, setArrivals] = useState(0);
  /** A PDF being read (PDF.js takes a moment for a long one). */
  const [reading, setReading] = useState(false);
  /** A tab's PDF to read once the user allows Gloss to download from its site (pdf-access.ts). */
  const [retry, setRetry] = useState<{ pdf: PdfRequest; origin: string } | null>(null);
  /** A PDF read and found scanned, whose pages can be sent as images. */
  const [scanned, setScanned] = useState<ScannedPdf | null>(null);
  return {
    scanned,
    setScanned,
    attachments,
    setAttachments,
    addSource,
    error,
    setError,
    question,
    setQuestion,
    arrivals,
    setArrivals,
    reading,
    setReading,
    retry,
    setRetry,
  };
}

/** Reads a PDF (a tab's, or a file) into the composer, or says why it cannot. */
function useReadPdf(to: ReturnType<typeof useSetters>): ReadPdf {
  const { addSource, setError, setQuestion, setArrivals, setReading, setRetry, setScanned } = to;
  return useCallback(
    (from, offered = null, add = from instanceof File) => {
      setReading(true);
      setError(null);
      setRetry(null);
      setScanned(null);
      setArrivals((n) => n + 1);
      (from instanceof File ? pdfFromFile(from) : pdfFromUrl(from.url, from.title))
        .then(
          (pdf) => {
            addSource(!(from instanceof File) && from.askPages ? { ...pdf, askPages: true } : pdf, add);
            setQuestion(offered);
          },
          async (e: unknown) => {
            const origin = await accessToAsk(from, e);
            if (origin !== null && !(from instanceof File)) {
              setRetry({ pdf: from, origin });
              return;
            }
            setError(messageOf(e));
            if (e instanceof PdfScanned) setScanned(e.scan);
          },
        )
        .finally(() => setReading(false));
    },
    [setArrivals, addSource, setError, setQuestion, setReading, setRetry, setScanned],
  );
}

export function usePageContext() {
  const state = useSetters();
  const { addSource, setError, setQuestion, setArrivals } = state;

  const readPdf = useReadPdf(state);
  const kept = useKeptSources(state.attachments, state.setAttachments);
  const held = useHeld();
  useWindowPending(
    useCallback(
      (r: Taken) => apply(r, { addSource, setError, setQuestion, setArrivals }, readPdf),
      [readPdf, addSource, setError, setQuestion, setArrivals],
    ),
    kept.restored,
    held,
  );
  useConfirmTaken(held, state.arrivals, kept.written);

  const clearQuestion = useCallback(() => setQuestion(null), [setQuestion]);
  const { setScanned } = state;
  // The scanned PDF's offer answers its "no text" message: they go together.
  const clearError = useCallback(() => {
    setError(null);
    setScanned(null);
  }, [setError, setScanned]);
  const { attachments, question, error, arrivals, reading, retry, scanned } = state;
  return {
    attachments,
    setAttachments: state.setAttachments,
    question,
    clearQuestion,
    error,
    setError,
    clearError,
    arrivals,
    reading,
    readPdf,
    retry,
    scanned,
  };
}

/** Page material waiting for this panel's composer, and what went wrong taking it. */
export type PageContext = ReturnType<typeof usePageContext>;
