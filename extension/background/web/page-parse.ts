/**
 * Parsing a fetched page where there is a DOM: Chrome's offscreen document (`offscreen.ts`) or
 * Firefox's background page (`page-host.ts`). HTML goes through Readability on a parsed,
 * never rendered, document (nothing in it runs or loads); a PDF through PDF.js, whose text runs
 * the worker's core rejoins as it does for the panel's PDFs.
 */
import { messageOf } from '../../shared/errors';
import { loadPdfJs, PdfProblem, textRuns, type PdfJs } from '../../shared/pdf-extract';
import type { PageParser, ParsedHtml, PdfRuns } from '../../shared/protocol';
import type { PdfTextItem } from '../../shared/protocol/context';
import { readableText } from '../../shared/web/readable';

export function parseHtml(html: string): Promise<ParsedHtml> {
  return Promise.resolve(readableText(new DOMParser().parseFromString(html, 'text/html')));
}

/**
 * The text runs of the PDF in `bytes`, as many pages of them as `maxChars` of text needs (the
 * rest are only counted): a long PDF's runs, with their positions, are several times its text,
 * and would only be cut away after crossing to the worker.
 */
export async function pdfRuns(
  bytes: Uint8Array,
  maxChars: number,
  pdfjs: () => Promise<PdfJs> = loadPdfJs,
): Promise<PdfRuns> {
  let pages: PdfTextItem[][];
  try {
    pages = await textRuns(bytes, await pdfjs());
  } catch (e) {
    if (e instanceof PdfProblem && e.failure?.kind === 'encrypted') return { failure: 'encrypted' };
    return {
      failure: 'broken',
      detail: e instanceof PdfProblem && e.failure?.kind === 'broken' ? e.failure.detail : messageOf(e),
    };
  }
  return { ...firstRuns(pages, maxChars), pageCount: pages.length };
}

/**
 * The first pages whose runs hold `maxChars` characters with room to spare (the core's
 * rejoined text is a little shorter or longer than the runs: hyphens joined, headers dropped,
 * page markers added), and the characters of the rest.
 */
export function firstRuns(pages: PdfTextItem[][], maxChars: number): { pages: PdfTextItem[][]; restChars: number } {
  const enough = maxChars * 1.25 + 4096;
  const chars = (page: PdfTextItem[]) => page.reduce((n, item) => n + item.str.length, 0);
  let taken = 0;
  let count = 0;
  while (count < pages.length && taken < enough) taken += chars(pages[count++] ?? []);
  const rest = pages.slice(count);
  return { pages: pages.slice(0, count), restChars: rest.reduce((n, page) => n + chars(page), 0) };
}

/** The parser for a context with a DOM. */
export const localParser: PageParser = { html: parseHtml, pdf: (bytes, maxChars) => pdfRuns(bytes, maxChars) };
