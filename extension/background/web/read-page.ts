/**
 * The web reader: one page, read for the `fetch_url` tool (issue 29), from the worker. It never
 * throws; every problem is a sentence in the user's language that names the address.
 *
 * 1. The address must be http(s) and, unless the caller allows its origin, not on this computer
 *    or a private network (`page-fetch.ts` says how redirects are judged).
 * 2. It is fetched without cookies or credentials, and read with a running cap (5 MB of HTML or
 *    text, 20 MB of PDF: `page-body.ts`), no more than 20 s of silence and 60 s in all, and
 *    stopped at once by the caller's signal.
 * 3. Its content type picks the reader: Readability for HTML, PDF.js for PDFs (in a page with a
 *    DOM: `page-host.ts`; the core rejoins the PDF's text with page markers, as for the panel's
 *    PDFs), text as it is.
 * 4. The text is cut to what the caller asked for, saying how much was kept of how much.
 */
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import { readCapped, sizeLabel } from '../../shared/read-body';
import type { PageParser } from '../../shared/protocol';
import { coreReady, pdfText } from '../core';
import { byteCap, cutText, decodeBody, fileTitle, IDLE_MS, joinBytes, TOTAL_MS, type PageKind } from './page-body';
import { FETCH_DEPS, fetchPage, refusal, type FetchDeps, type FetchedPage, type PageProblem } from './page-fetch';
import { NoParser, withParser } from './page-host';
import { abortable, ReadClock } from './read-clock';

export interface ReadPage {
  /** The address asked for, and where the content finally came from (after redirects). */
  url: string;
  finalUrl: string;
  title: string;
  /**
   * Readable text: Mozilla Readability for HTML (paragraphs, headings kept as lines; the title
   * is `title`), PDF.js text for PDFs (with the page markers of the panel's PDF reader,
   * "— page 2 —"), plain text as is.
   */
  text: string;
  kind: 'html' | 'pdf' | 'text';
  /**
   * The text was longer than `maxChars`: how much was kept, in characters, of how many. For a
   * PDF whose later pages were not assembled, their characters are counted as PDF.js gives them.
   */
  cut?: { kept: number; total: number };
  /**
   * The page was longer than the reader reads (5 MB of HTML or text): only its first
   * `readBytes` bytes were downloaded, and `text` comes from them.
   */
  partial?: { readBytes: number };
}

export type PageReading = { page: ReadPage } | PageProblem;

export interface ReadOptions {
  signal: AbortSignal;
  maxChars: number;
  /** Whether a private address's origin may be read (the user said so); none may by default. */
  allowedPrivate?: (origin: string) => boolean;
}

/** What a read needs from outside, replaced in tests. */
export interface ReadDeps extends FetchDeps {
  withParser: <T>(read: (parser: PageParser) => Promise<T>) => Promise<T>;
  idleMs: number;
  totalMs: number;
}

const DEPS: ReadDeps = { ...FETCH_DEPS, withParser, idleMs: IDLE_MS, totalMs: TOTAL_MS };

/** Reads the page at `url`; never throws. */
export function readWebPage(url: string, options: ReadOptions): Promise<PageReading> {
  return readPage(url, options, DEPS);
}

/** `readWebPage` with its dependencies given. */
export async function readPage(url: string, options: ReadOptions, deps: ReadDeps): Promise<PageReading> {
  const refused = refusal(url, options.allowedPrivate);
  if (refused) return refused;
  const clock = new ReadClock(options.signal, deps.idleMs, deps.totalMs);
  try {
    const fetched = await fetchPage(url, clock, options.allowedPrivate, deps);
    if ('problem' in fetched) return fetched;
    return await readFetched(url, fetched, clock, options.maxChars, deps);
  } catch (e) {
    if (e instanceof NoParser) return { problem: t('readCannotParse', url) };
    if (clock.why === 'stopped') return { problem: t('readStopped', url) };
    if (clock.why === 'idle') return { problem: t('readIdle', url, deps.idleMs / 1000) };
    if (clock.why === 'total') return { problem: t('readTooLong', url, deps.totalMs / 1000) };
    return { problem: t('readFailed', url, messageOf(e)) };
  } finally {
    clock.end();
  }
}

/** Reads the body of a page that may be read, and makes its text. */
async function readFetched(
  url: string,
  { response, finalUrl, kind }: FetchedPage,
  clock: ReadClock,
  maxChars: number,
  deps: ReadDeps,
): Promise<PageReading> {
  const cap = byteCap(kind);
  const read = await readCapped(response, cap, () => clock.tick());
  clock.stopIdle();
  if (read.overLimit && kind === 'pdf') return { problem: t('readPdfTooLarge', url, sizeLabel(cap)) };
  const bytes = joinBytes(read.bytes);
  const body = { bytes, cut: read.overLimit, type: response.headers.get('content-type') };
  const made = await abortable(textOf(url, kind, body, maxChars, deps), clock.signal);
  if ('problem' in made) return made;
  const { text, cut } = cutText(made.text, maxChars, made.total);
  const title = made.title || fileTitle(finalUrl);
  const page: ReadPage = { url, finalUrl, title, text, kind, ...(cut && { cut }) };
  if (read.overLimit) page.partial = { readBytes: bytes.byteLength };
  return { page };
}

interface Made {
  title: string;
  text: string;
  /** The text's full length, when more is known than `text` holds. */
  total?: number;
}

/** A body as read: its bytes, whether the cap cut it, and its content type. */
interface Body {
  bytes: Uint8Array;
  cut: boolean;
  type: string | null;
}

async function textOf(
  url: string,
  kind: PageKind,
  body: Body,
  maxChars: number,
  deps: ReadDeps,
): Promise<Made | PageProblem> {
  if (kind === 'pdf') return pdfOf(url, body.bytes, maxChars, deps);
  const text = decodeBody(body.bytes, body.type, kind, body.cut);
  const made = kind === 'html' ? await deps.withParser((parser) => parser.html(text)) : { title: '', text };
  return made.text.trim() ? made : { problem: t('readNoText', url) };
}

async function pdfOf(url: string, bytes: Uint8Array, maxChars: number, deps: ReadDeps): Promise<Made | PageProblem> {
  const runs = await deps.withParser((parser) => parser.pdf(bytes, maxChars));
  if ('failure' in runs)
    return {
      problem: runs.failure === 'encrypted' ? t('readPdfEncrypted', url) : t('readPdfBroken', url, runs.detail),
    };
  await coreReady();
  // Marked in the user's language ("— Seite 3 —"), as the panel marks a PDF's pages.
  const { text, emptyPages } = pdfText(runs.pages, t('pdfPageWord'));
  if (emptyPages === runs.pageCount || !text.trim()) return { problem: t('readPdfNoText', url) };
  return { title: '', text, total: text.length + runs.restChars };
}
