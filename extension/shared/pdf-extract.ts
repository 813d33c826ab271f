/**
 * A PDF's text runs, page by page, with Mozilla's PDF.js (`pdfjs-dist`): the field's standard
 * parser, loaded only when a PDF is read. It parses in its own Web Worker (bundled by Vite from
 * pdfjs-dist, never from a CDN), so a large PDF never blocks the page that asked. PDF.js needs a
 * page to start its worker, which Chrome's service worker is not: the panel runs it for the
 * user's PDFs, and the web reader in a page of the worker's own (`background/web/page-host.ts`).
 */
import type { PdfTextItem } from './protocol/context';
import { t } from './i18n';

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
    /** What PDF.js said, for a page that words it for the user itself (the web reader). */
    readonly failure?: PdfFailure,
  ) {
    super(message);
  }
}

/** Why PDF.js could not open a PDF: a password, or a file it cannot read (with its words). */
export type PdfFailure = { kind: 'encrypted' } | { kind: 'broken'; detail: string };

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
  return name === 'PasswordException'
    ? new PdfProblem(t('pdfEncrypted'), undefined, { kind: 'encrypted' })
    : new PdfProblem(t('pdfBroken', detail), undefined, { kind: 'broken', detail });
}
