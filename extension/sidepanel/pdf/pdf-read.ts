/**
 * A PDF becomes the composer's quote: fetched again from the tab's address (the browser's viewer
 * keeps its text from extensions; `activeTab` lets Gloss fetch that address once the user asked)
 * or taken from a file the user dropped or picked, then read with PDF.js and rejoined by the core.
 * Each way it can fail has its own message; nothing is cut or lost silently.
 */
import type { Attachment } from '../../shared/attachment';
import { offerMaterial } from '../../shared/attachment';
import { t } from '../../shared/i18n';
import { MAX_PDF_BYTES } from '../../shared/pdf';
import { send, type Res } from '../../shared/protocol';
import type { PdfTextItem } from '../../shared/protocol/context';
import { downloadPdf, tooLarge } from './pdf-download';
import { loadPdfJs, PdfProblem, textRuns, type PdfJs } from '../../shared/pdf-extract';
import type { ScannedPdf } from './pdf-pages';

export { PdfProblem };

/** A PDF with no text at all (scanned): said, with what its pages can be drawn from as images. */
export class PdfScanned extends PdfProblem {
  constructor(readonly scan: ScannedPdf) {
    super(t('pdfNoText'));
  }
}

/** What reading a PDF needs from outside, replaced in tests. */
export interface PdfDeps {
  fetch: typeof fetch;
  pdfjs: () => Promise<PdfJs>;
  /** The core's `pdfText`, behind the worker. */
  pdfText: (pages: PdfTextItem[][]) => Promise<Res<'context.pdfText'>>;
}

const DEFAULTS: PdfDeps = {
  // The PDF the user is reading, not a provider: its bytes go to PDF.js here in the panel,
  // where sending them through the worker would copy up to 50 MB through JSON messages.
  // eslint-disable-next-line no-restricted-globals -- see above
  fetch: (...args) => fetch(...args),
  pdfjs: loadPdfJs,
  pdfText: (pages) => send('context.pdfText', { pages }),
};

/** The PDF at `url` (the tab's), as an attachment. Throws a `PdfProblem` saying what went wrong. */
export async function pdfFromUrl(url: string, title: string, deps: PdfDeps = DEFAULTS): Promise<Attachment> {
  return pdfFromBytes(await downloadPdf(url, deps.fetch), title || fileName(url), url, deps);
}

/** A PDF file the user dropped or picked, as an attachment. */
export async function pdfFromFile(file: File, deps: PdfDeps = DEFAULTS): Promise<Attachment> {
  if (!isPdfFile(file)) throw new PdfProblem(t('pdfOnlyPdf', file.name));
  if (file.size > MAX_PDF_BYTES) throw tooLarge(file.size);
  return pdfFromBytes(new Uint8Array(await file.arrayBuffer()), file.name, '', deps);
}

/** A file that says it is a PDF, by type or (when the system gives no type) by name. */
export function isPdfFile(file: { name: string; type: string }): boolean {
  return file.type === 'application/pdf' || (!file.type && file.name.toLowerCase().endsWith('.pdf'));
}

async function pdfFromBytes(bytes: Uint8Array, title: string, url: string, deps: PdfDeps): Promise<Attachment> {
  // A copy to PDF.js, which takes over what it is given: a scan's pages are drawn from `bytes`.
  const runs = await textRuns(bytes.slice(), await deps.pdfjs());
  const { text, emptyPages } = await deps.pdfText(runs);
  if (emptyPages === runs.length) throw new PdfScanned({ title, bytes, pages: runs.length });
  const offered = offerMaterial({ kind: 'pdf', title, url, text, pages: runs.length });
  if ('error' in offered) throw new PdfProblem(offered.error);
  if (!('attachment' in offered)) throw new PdfProblem(t('pdfNoText'));
  return offered.attachment;
}

/** The last part of a URL's path ("report.pdf"), for a PDF without a title. */
function fileName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    return '';
  }
}
