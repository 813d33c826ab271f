/**
 * Chrome's offscreen document: the one Chrome-only API of the web reader and the model that runs
 * inside Gloss. webextension-polyfill does not know `offscreen` (Firefox has none: its background
 * page has a DOM of its own and starts Web Workers), so it is reached through `chrome` here and
 * nowhere else. The document (`offscreen.html`) parses the pages the worker fetched and runs the
 * local model; `offscreen-keeper.ts` decides when it is open. Chrome allows one per extension.
 */
/* eslint-disable no-restricted-syntax -- the one place the worker reaches `chrome.offscreen` */
import browser from 'webextension-polyfill';

/** The document's page, built from `offscreen.html` beside this module (vite.config.ts names it). */
export const OFFSCREEN_PAGE = 'extension/background/offscreen/offscreen.html';

/**
 * Chrome's reasons for the document, shown nowhere to users (the `offscreen` permission has no
 * warning): a DOM to parse pages in, and Web Workers for llama.cpp (the service worker has none).
 */
const REASONS: `${chrome.offscreen.Reason}`[] = ['DOM_PARSER', 'WORKERS'];
const JUSTIFICATION =
  'Parses web pages Gloss was asked to read (Mozilla Readability, PDF.js) and runs the language model the user downloaded into Gloss (llama.cpp in WebAssembly, in a Web Worker).';

interface ChromeApis {
  offscreen?: typeof chrome.offscreen;
  runtime?: Pick<typeof chrome.runtime, 'getContexts'>;
}

function chromeApis(): ChromeApis | undefined {
  return (globalThis as { chrome?: ChromeApis }).chrome;
}

/** True in Chrome (116 and later), whose worker parses pages in an offscreen document. */
export function hasOffscreen(): boolean {
  return chromeApis()?.offscreen !== undefined;
}

/**
 * Opens the document unless it is open: a worker that was stopped and started again finds the
 * one it left (an offscreen document outlives the worker), and Chrome allows only one.
 */
export async function openOffscreen(): Promise<void> {
  const apis = chromeApis();
  if (!apis?.offscreen || !apis.runtime) throw new Error('This browser has no offscreen documents');
  if (await isOffscreenOpen()) return;
  await apis.offscreen.createDocument({ url: OFFSCREEN_PAGE, reasons: REASONS, justification: JUSTIFICATION });
}

/** True if the document is open now (false where there are no offscreen documents). */
export async function isOffscreenOpen(): Promise<boolean> {
  const runtime = chromeApis()?.runtime;
  if (!runtime) return false;
  const open = await runtime.getContexts({
    contextTypes: ['OFFSCREEN_DOCUMENT'],
    documentUrls: [browser.runtime.getURL(OFFSCREEN_PAGE)],
  });
  return open.length > 0;
}

/** Closes the document; one already closed is not an error. */
export async function closeOffscreen(): Promise<void> {
  await chromeApis()
    ?.offscreen?.closeDocument()
    .catch(() => undefined);
}
