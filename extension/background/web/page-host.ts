/**
 * Where the web reader parses a page it fetched. Readability needs a DOM and PDF.js a page to
 * start its worker in:
 *
 * - Firefox's background page is a page: it parses there, calling `page-parse.ts` directly.
 * - Chrome's service worker has neither (no `DOMParser`, no `import()`, no Web Workers): it
 *   sends the page to an offscreen document (`offscreen/`), opened when a read needs it and
 *   closed after `CLOSE_AFTER_MS` without reads, so it does not sit in memory. A small
 *   DOM in the worker would do for HTML only (Readability ships JSDOMParser, made for Firefox's
 *   own serialised pages, not the web's tag soup), and PDFs would still need a page.
 */
import { parserByMessage, type PageParser } from '../../shared/protocol';
import { hasOffscreen } from '../offscreen/chrome-offscreen';
import { offscreenKeeper } from '../offscreen/offscreen-keeper';

export type ParseHost = 'here' | 'offscreen';

/** The host for a context with `scope`'s globals, or undefined where pages cannot be parsed. */
export function parseHost(scope: { DOMParser?: unknown }, offscreen: boolean): ParseHost | undefined {
  if (typeof scope.DOMParser === 'function') return 'here';
  return offscreen ? 'offscreen' : undefined;
}

/**
 * Only the Firefox build (and tests) bundle the parser into the background script: in Chrome's
 * build the branch is dropped, so Readability and PDF.js stay out of the service worker's script
 * (whose every byte is loaded at each cold start) and live in the offscreen document's.
 */
const BUNDLES_PARSER = import.meta.env.MODE !== 'production';

/** This browser has no way to parse a page in the background. */
export class NoParser extends Error {}

/** Runs `read` with this browser's parser. Throws `NoParser` where there is none. */
export async function withParser<T>(read: (parser: PageParser) => Promise<T>): Promise<T> {
  const host = parseHost(globalThis, hasOffscreen());
  if (host === 'offscreen') return offscreenKeeper.use(() => read(parserByMessage));
  if (host === 'here' && BUNDLES_PARSER) {
    const { localParser } = await import('./page-parse');
    return read(localParser);
  }
  throw new NoParser('This browser cannot parse pages in the background');
}
