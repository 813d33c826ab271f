/**
 * Chrome's offscreen document for the web reader (`page-host.ts`): it parses the pages the
 * worker fetched and sends back their text. It fetches nothing and keeps nothing; Chrome gives
 * it `runtime` alone of the extension APIs, so its words for the user (a PDF's problem) go back
 * as codes that the worker puts into the user's language.
 */
import { serveParser, type PageParser } from '../../shared/protocol';
import { CLOSE_AFTER_MS } from './page-host';
import { localParser } from './page-parse';

/**
 * The worker closes this document `CLOSE_AFTER_MS` after its last read, but a worker that Chrome
 * stops first (after 30 s idle, much as long) never does, and an offscreen document outlives its
 * worker. So the document also closes itself, later than the worker would: `window.close()`
 * closes an offscreen document (checked in Chromium 156), and the next read opens a new one.
 */
const SELF_CLOSE_MS = 2 * CLOSE_AFTER_MS;

let parsing = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function idle(): void {
  clearTimeout(timer);
  if (parsing === 0) timer = setTimeout(() => window.close(), SELF_CLOSE_MS);
}

function counted<A extends unknown[], R>(parse: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    parsing += 1;
    clearTimeout(timer);
    try {
      return await parse(...args);
    } finally {
      parsing -= 1;
      idle();
    }
  };
}

const parser: PageParser = { html: counted(localParser.html), pdf: counted(localParser.pdf) };
serveParser(parser);
idle();
