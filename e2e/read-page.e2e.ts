/**
 * The web reader (background/web/read-page.ts) in real Chromium, called in the worker: pages of
 * `news.example` served over HTTPS from this machine (e2e/https-server.ts), parsed by Readability
 * and PDF.js in Chrome's offscreen document. The site answers with CORS headers, which is how an
 * extension without host access may read a site (the test cannot grant access without a prompt);
 * the one page without them shows the missing access named. Without access the browser does not
 * tell Gloss which server answered (address-watch.ts), so a page is read only as an address the
 * user gave (web-rebinding.e2e.ts reads with access, as the tools do): `read` passes its origin
 * as allowed, and nothing else.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PageReading } from '../extension/background/web/read-page';
import { launchWithExtension, type Browser } from './browser';
import { endlessPage, inFlightMax, type EndlessCount } from './endless-page';
import { textPdf } from './fixtures/pdf';
import { serveHttps, type HttpsSite, type SiteAnswer } from './https-server';

const CORS = { 'access-control-allow-origin': '*' };
const ARTICLE = `<!doctype html><html><head><title>How tides work | News Example</title></head><body>
<nav><a href="/">Home</a> <a href="/world">World</a> <a href="/science">Science</a></nav>
<article><h1>How tides work</h1>
<p>Twice a day the sea rises and falls along the coast. The Moon's pull on the oceans, and the
Earth turning beneath that bulge of water, make the tides that sailors and fishers plan by.</p>
<h2>Spring and neap tides</h2>
<p>When the Sun and the Moon line up, at full and new moon, their pulls add up and the tides run
highest: spring tides. At the quarter moons they pull at right angles, and the neap tides are
the smallest of the month.</p>
<p>Harbours publish tables of the times and heights of each day's tides, worked out years ahead.</p>
</article><footer>© News Example · Privacy · Cookies</footer></body></html>`;
const MB = 1024 * 1024;

let site: HttpsSite;
let local: Server;
let localPort = 0;
const localRequests: string[] = [];
const huge: EndlessCount = { made: 0, closed: false };
let browser: Browser;

function answer(path: string): SiteAnswer | null {
  if (path === '/tides') return { type: 'text/html; charset=utf-8', body: ARTICLE, headers: CORS };
  if (path === '/reports/tides.pdf')
    return {
      type: 'application/pdf',
      body: textPdf([['The Moon pulls the oceans.'], ['Spring tides run highest.']]),
      headers: CORS,
    };
  if (path === '/go')
    return {
      status: 302,
      type: 'text/plain',
      body: '',
      headers: { ...CORS, location: `http://127.0.0.1:${localPort}/secret` },
    };
  if (path === '/huge') return { type: 'text/html', body: endlessPage(huge), headers: CORS };
  // No CORS header: without host access, the browser refuses Gloss this page.
  if (path === '/closed') return { type: 'text/html', body: ARTICLE };
  return null;
}

beforeAll(async () => {
  site = await serveHttps('news.example', answer);
  // A server on this computer, as open to Gloss as a server can be: its body must never come back.
  local = createServer((req, res) => {
    localRequests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html', ...CORS }).end('<title>Local</title><p>LOCAL-SECRET</p>');
  });
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  localPort = (local.address() as AddressInfo).port;
  browser = await launchWithExtension({ args: site.args });
});

afterAll(async () => {
  await browser.close();
  site.close();
  local.close();
});

/** Reads `url` with the worker's reader, as the fetch_url tool does an address the user wrote. */
function read(url: string, maxChars = 20_000): Promise<PageReading> {
  return browser.worker.evaluate(
    ([address, max]) => {
      const reader = (
        globalThis as { __glossReadWebPage?: typeof import('../extension/background/web/read-page').readWebPage }
      ).__glossReadWebPage;
      if (!reader) throw new Error('the worker has no web reader');
      const own = new URL(address).origin;
      const allowedPrivate = (origin: string) => origin === own;
      return reader(address, { signal: new AbortController().signal, maxChars: max, allowedPrivate });
    },
    [url, maxChars] as const,
  );
}

const offscreenDocuments = () =>
  browser.worker.evaluate(
    async () => (await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })).length,
  );

test('an article comes back as its readable text and title, without the menu and footer', async () => {
  const reading = await read('https://news.example/tides');
  if (!('page' in reading)) throw new Error(reading.problem);
  expect(reading.page).toMatchObject({
    kind: 'html',
    title: 'How tides work | News Example',
    finalUrl: 'https://news.example/tides',
  });
  expect(reading.page.text).toContain('Spring and neap tides\n\nWhen the Sun and the Moon line up');
  expect(reading.page.text).toContain('Twice a day the sea rises and falls along the coast.');
  expect(reading.page.text).not.toContain('Privacy');
  expect(reading.page.cut).toBeUndefined();
  // Parsed in the offscreen document: Chrome's worker has no DOM.
  expect(await offscreenDocuments()).toBe(1);
});

test('a PDF comes back with its text and page markers', async () => {
  const reading = await read('https://news.example/reports/tides.pdf');
  expect(reading).toEqual({
    page: {
      url: 'https://news.example/reports/tides.pdf',
      finalUrl: 'https://news.example/reports/tides.pdf',
      title: 'tides.pdf',
      kind: 'pdf',
      text: '— page 1 —\n\nThe Moon pulls the oceans.\n\n— page 2 —\n\nSpring tides run highest.',
    },
  });
});

test('a redirect is not followed without access to the site: its target is never asked, the site is named', async () => {
  // The browser reports where a redirect leads only for a site Gloss has access to (with access,
  // web-tools.e2e.ts: a redirect to this computer is refused, its target never asked).
  const reading = await read('https://news.example/go');
  expect(reading).toEqual({
    problem: 'Gloss has no access to https://news.example. Allow Gloss to read this site, then try again.',
    needsAccess: 'https://news.example',
  });
  expect(localRequests).toEqual([]);
});

test('a page that never ends is cut at 5 MB, its download stopped, and says how much was read', async () => {
  const reading = await read('https://news.example/huge', 1000);
  if (!('page' in reading)) throw new Error(reading.problem);
  expect(reading.page).toMatchObject({ title: 'Server log', partial: { readBytes: 5 * MB }, cut: { kept: 1000 } });
  expect(reading.page.cut?.total).toBeGreaterThan(4 * MB);
  await expect.poll(() => huge.closed).toBe(true);
  expect(huge.made).toBeLessThan(5 * MB + inFlightMax());
});

test('a site Gloss has no access to is named, for the caller to ask the user', async () => {
  const reading = await read('https://news.example/closed');
  expect(reading).toEqual({
    problem: 'Gloss has no access to https://news.example. Allow Gloss to read this site, then try again.',
    needsAccess: 'https://news.example',
  });
});

test('the offscreen document is closed 30 s after the last read', async () => {
  await read('https://news.example/tides');
  expect(await offscreenDocuments()).toBe(1);
  await expect.poll(offscreenDocuments, { timeout: 40_000, interval: 2000 }).toBe(0);
}, 60_000);
