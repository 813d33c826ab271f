/**
 * A PDF's text runs, page by page, with Mozilla's PDF.js (`pdfjs-dist`): the field's standard
 * parser, loaded only when a PDF is read. It parses in its own Web Worker (bundled by Vite from
 * pdfjs-dist, never from a CDN), so a large PDF never blocks the panel. The panel runs it, not
 * the service worker: PDF.js needs a DOM-like page to start its worker, which the panel is in
 * both browsers (Chrome's service worker has none, and an offscreen document would be
 * Chrome-only and need one more permission).
 */
import type { PdfTextItem } from '../../shared/protocol/context';
import { t } from '../../shared/i18n';

/** The part of PDF.js used here, so tests can pass Node's build of the same library. */
export type PdfJs = Pick<typeof import('pdfjs-dist'), 'getDocument'>;

/**
 * A problem reading a PDF, in words for the user. `retryOrigin`: the download failed before any
 * answer, where access to that origin (`https://host/*`) may let a second try through (Firefox
 * lets `activeTab` inject into a tab, not download from its origin).
 */
export class PdfProblem extends Error {
  constructor(
    message: string,
    readonly retryOrigin?: string,
  ) {
    super(message);
  }
}

let loading: Promise<PdfJs> | undefined;

/** PDF.js with its worker from the extension's own files. */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default;
      return lib;
    },
  );
  return loading;
}

/** The text runs of each page of the PDF in `bytes` (which PDF.js takes over). */
export async function textRuns(bytes: Uint8Array, pdfjs: PdfJs): Promise<PdfTextItem[][]> {
  // No eval (the panel’s CSP forbids it) and no font loading: only the text is wanted.
  // Verbosity 0: errors only; PDF.js warns about fonts it does not need to extract text.
  const task = pdfjs.getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, verbosity: 0 });
  try {
    const doc = await task.promise.catch((e: unknown) => {
      throw problemOf(e);
    });
    const pages: PdfTextItem[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items.flatMap((item) =>
          'str' in item
            ? [{ str: item.str, transform: item.transform.slice(0, 6), height: item.height, hasEOL: item.hasEOL }]
            : [],
        ),
      );
      page.cleanup();
    }
    return pages;
  } finally {
    void task.destroy();
  }
}

/** What PDF.js's failure means to the user (it names its exceptions across its worker). */
function problemOf(e: unknown): PdfProblem {
  const name = e instanceof Error ? e.name : '';
  const detail = e instanceof Error ? e.message : String(e);
  return new PdfProblem(name === 'PasswordException' ? t('pdfEncrypted') : t('pdfBroken', detail));
}
