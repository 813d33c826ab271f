/**
 * Chrome's offscreen document: the one Chrome-only API of the web reader. webextension-polyfill
 * does not know `offscreen` (Firefox has none: its background page has a DOM of its own), so it
 * is reached through `chrome` here and nowhere else. The document (`offscreen.html`) parses the
 * pages the worker fetched; `page-host.ts` decides when it is open.
 */
/* eslint-disable no-restricted-syntax -- the one place the web reader reaches `chrome` */
import browser from 'webextension-polyfill';

/** The document's page, built from `offscreen.html` beside this module (vite.config.ts names it). */
export const OFFSCREEN_PAGE = 'extension/background/web/offscreen.html';

/** Chrome's reason for the document, shown nowhere to users (the `offscreen` permission has no warning). */
const JUSTIFICATION =
  'Parses web pages Gloss was asked to read: their HTML with Mozilla Readability, their PDFs with PDF.js.';

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
  const open = await apis.runtime.getContexts({
    contextTypes: ['OFFSCREEN_DOCUMENT'],
    documentUrls: [browser.runtime.getURL(OFFSCREEN_PAGE)],
  });
  if (open.length > 0) return;
  await apis.offscreen.createDocument({ url: OFFSCREEN_PAGE, reasons: ['DOM_PARSER'], justification: JUSTIFICATION });
}

/** Closes the document; one already closed is not an error. */
export async function closeOffscreen(): Promise<void> {
  await chromeApis()
    ?.offscreen?.closeDocument()
    .catch(() => undefined);
}
