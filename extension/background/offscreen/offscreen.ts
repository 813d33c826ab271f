/**
 * Chrome's offscreen document. It parses the pages the worker fetched for the web reader
 * (`web/page-host.ts`) and sends back their text, and it hosts the model that runs inside Gloss
 * (`local-model/engine-host.ts`): its downloads, and llama.cpp in a Web Worker, which the
 * service worker cannot start. Chrome gives it `runtime` alone of the extension APIs, so its
 * words for the user (a PDF's problem, a failed download) go back as codes that the worker puts
 * into the user's language.
 */
import { serveEngine, serveParser, type PageParser } from '../../shared/protocol';
import { pageEngineHost } from '../local-model/engine-host';
import { localParser } from '../web/page-parse';
import { CLOSE_AFTER_MS } from './offscreen-keeper';

/**
 * The worker closes this document `CLOSE_AFTER_MS` after its last use if it is idle, but a
 * worker that Chrome stops first (after 30 s idle, much as long) never does, and an offscreen
 * document outlives its worker. So the document also closes itself once it has been idle (no
 * parse, no download, no model loaded) this long, later than the worker would: `window.close()`
 * closes an offscreen document (checked in Chromium 156), and the next use opens a new one.
 */
const SELF_CLOSE_MS = 2 * CLOSE_AFTER_MS;
/** How often the document looks whether it is idle. */
const CHECK_MS = 5_000;

let parsing = 0;

function counted<A extends unknown[], R>(parse: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    parsing += 1;
    try {
      return await parse(...args);
    } finally {
      parsing -= 1;
    }
  };
}

const parser: PageParser = { html: counted(localParser.html), pdf: counted(localParser.pdf) };
serveParser(parser);
const engine = pageEngineHost();
serveEngine(engine);

let busySince = Date.now();
setInterval(() => {
  if (parsing > 0 || engine.busyNow()) busySince = Date.now();
  else if (Date.now() - busySince >= SELF_CLOSE_MS) window.close();
}, CHECK_MS);
