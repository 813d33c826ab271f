/**
 * Gloss in a headed Firefox ESR (web-ext run on a virtual display), driven with real input: the
 * keyboard shortcuts and the context menu, from the same sources as Chrome. Firefox keeps
 * extension pages out of WebDriver BiDi's reach, so BiDi only selects text in the web page and
 * reads where the page sits on screen; the sidebar is used with the mouse and keyboard, and
 * what it does is seen where it matters: the question that reaches the (fake LM Studio) model.
 * Images too (issue 16): an image on the page and a screenshot from the page's menu reach the
 * model as JPEG image parts.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connectBidi, type Bidi } from './bidi';
import { ICON_RGB } from './headed';
import { textPdf } from './fixtures/pdf';
import { jpegSize } from './jpeg';
import { fixture, perEvent, startProviderServer } from './provider-server';
import { clickAt, findOnScreen, SCREEN, startXvfb, waitOnScreen, xdotool, type Display, type Rect } from './xvfb';

const FIREFOX = process.env.GLOSS_FIREFOX ?? '/usr/bin/firefox-esr';
const DIST_FIREFOX = fileURLToPath(new URL('../dist-firefox', import.meta.url));
const PAGE = `<!doctype html><title>Tides</title><body style="font-size: 24px">
<p id="first">Tides are caused by the gravity of the Moon.</p>
<p id="second">Spring tides come at new and full moon.</p>
<img id="chart" src="/chart.png" width="300" height="200" alt="Tide chart">`;
/** A 600×400 PNG (orange to teal, far from Gloss's indigo), drawn by ImageMagick. */
const CHART = execFileSync('convert', ['-size', '600x400', 'gradient:#e07000-#008080', 'png:-']);
/** A two-page PDF for Firefox's own viewer (pdf.js), written from the file structure by e2e/fixtures/pdf.ts. */
const TIDES_PDF = textPdf([
  ['Neap tides come at the quarter moons.'],
  ['Tidal ranges are largest in the Bay of Fundy.'],
]);

let display: Display;
let provider: Awaited<ReturnType<typeof startProviderServer>>;
let pages: Server;
let pageUrl: string;
let firefox: ChildProcess;
let bidi: Bidi;
/** The requests for the PDF: the viewer's navigation, and Gloss's fetches (mode "cors"). */
const pdfAskedBy: { mode: string; origin: string }[] = [];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The test's web pages: the page with text and a chart, the chart, and a PDF. */
function servePage(req: IncomingMessage, res: ServerResponse): void {
  if (req.url === '/chart.png') {
    res.writeHead(200, { 'content-type': 'image/png' }).end(CHART);
  } else if (req.url === '/tides.pdf') {
    pdfAskedBy.push({ mode: String(req.headers['sec-fetch-mode']), origin: req.headers.origin ?? '' });
    res.writeHead(200, { 'content-type': 'application/pdf' }).end(TIDES_PDF);
  } else {
    res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  }
}

beforeAll(async () => {
  display = await startXvfb(SCREEN.width, SCREEN.height);
  provider = await startProviderServer({ port: 1234 }); // where LM Studio listens
  pages = createServer(servePage);
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/`;
  const port = await freePort();
  firefox = spawn(
    'npx',
    ['web-ext', 'run', '--source-dir', DIST_FIREFOX, '--firefox', FIREFOX, '--no-input', '--no-reload'].concat([
      '--start-url',
      pageUrl,
      `--arg=--remote-debugging-port=${port}`,
      // Optional permissions are granted without Firefox's doorhanger, a popup that pointer events
      // do not reach on a bare X server; Gloss still asks for them, in a click, as it does for users.
      '--pref=extensions.webextOptionalPermissionPrompts=false',
    ]),
    { stdio: 'ignore', detached: true, env: { ...process.env, DISPLAY: display.name } },
  );
  bidi = await connectBidi(port, 90_000);
}, 120_000);

afterAll(async () => {
  bidi.close();
  if (firefox.pid) process.kill(-firefox.pid, 'SIGTERM');
  pages.close();
  await provider.close();
  display.close();
});

/** Where the web page sits on screen, and its size: the sidebar is the strip left of it. */
const pageBox = () =>
  bidi.evaluate<{ x: number; y: number; w: number; h: number }>(
    pageUrl,
    '({ x: window.mozInnerScreenX, y: window.mozInnerScreenY, w: innerWidth, h: innerHeight })',
  );

async function sidebar(): Promise<Rect> {
  const page = await pageBox();
  return { x0: 0, y0: Math.round(page.y), x1: Math.round(page.x), y1: Math.round(page.y + page.h) };
}

/**
 * The composer at the sidebar's foot: the question box (about 50 px), and under it a row of
 * tools with Send (about 40 px).
 */
const COMPOSER = { height: 110, boxCentre: 65 };

/** The sidebar above its composer (whose focus ring is indigo too): where a quote shows. */
async function quoteArea(): Promise<Rect> {
  const area = await sidebar();
  return { ...area, y1: area.y1 - COMPOSER.height - 20 };
}

/** Gloss's indigo inside `area` (its icon, the first-run button, a quote's edge), or null. */
const indigoIn = (area: Rect) => findOnScreen(display.name, area, ICON_RGB);

/**
 * Waits for a quote to arrive in the sidebar: its chip's indigo edge changes where the indigo
 * above the composer is (answers have indigo links, so "any indigo" is not enough).
 */
async function waitForQuote(before: { x: number; y: number } | null): Promise<void> {
  const now = async () => JSON.stringify(await indigoIn(await quoteArea()));
  await expect.poll(now, { timeout: 15_000 }).not.toBe(JSON.stringify(before));
  await expect.poll(now).not.toBe('null');
}

/** Selects the paragraph `id` in the page, as a user's drag would, and returns it on screen. */
async function select(id: string): Promise<{ x: number; y: number }> {
  return bidi.evaluate(
    pageUrl,
    `(() => {
      const p = document.getElementById(${JSON.stringify(id)});
      const range = document.createRange();
      range.selectNodeContents(p);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      const box = p.getBoundingClientRect();
      return { x: mozInnerScreenX + box.x + 40, y: mozInnerScreenY + box.y + box.height / 2 };
    })()`,
  );
}

/** Types the question into the composer (which took the focus with the quote) and sends it. */
async function askAndGetPrompt(question: string): Promise<string> {
  const before = provider.requests.length;
  provider.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 1 });
  await xdotool(display.name, 'type', '--delay', '20', question);
  await xdotool(display.name, 'key', 'Return');
  await expect.poll(() => provider.requests.length, { timeout: 15_000 }).toBe(before + 1);
  return provider.requests.at(-1)?.body.messages?.at(-1)?.content ?? '';
}

test('first run in Firefox finds the local server; the ask-selection shortcut brings the selection to the model', async () => {
  // The sidebar opened at install, rendered, and its probe found "LM Studio" here.
  await expect.poll(() => provider.modelListRequests.length, { timeout: 90_000, interval: 500 }).toBeGreaterThan(0);
  const use = await waitOnScreen(display.name, sidebar, ICON_RGB);
  await clickAt(display.name, use.x, use.y);
  // The chat replaces the first-run screen.
  const around: Rect = { x0: use.x - 15, y0: use.y - 10, x1: use.x + 15, y1: use.y + 10 };
  await expect.poll(() => indigoIn(around), { timeout: 15_000 }).toBeNull();

  await select('first');
  const before = await indigoIn(await quoteArea());
  await xdotool(display.name, 'key', 'alt+shift+q');
  // The quote chip appears in the sidebar, and the composer has the focus.
  await waitForQuote(before);
  const prompt = await askAndGetPrompt('What causes this?');
  expect(prompt).toMatch(/^<<<material #[0-9a-f]{8} kind=selection title="Tides"/);
  expect(prompt).toContain('Tides are caused by the gravity of the Moon.');
  expect(prompt.endsWith('What causes this?')).toBe(true);
});

test('"Ask Gloss about …" in Firefox\'s context menu brings the selection to the model', async () => {
  const at = await select('second');
  const before = await indigoIn(await quoteArea());
  await clickAt(display.name, at.x, at.y, 3);
  // Gloss's item, by its icon, in the menu that opens right of and below the pointer.
  const menu: Rect = { x0: Math.round(at.x), y0: Math.round(at.y) + 16, x1: Math.round(at.x) + 80, y1: SCREEN.height };
  await waitOnScreen(display.name, menu, ICON_RGB);
  // On a bare X server (no window manager) pointer events do not reach GTK's menu popups, so
  // the item seen there is chosen with the keyboard: Firefox lists extensions' items last.
  await xdotool(display.name, 'key', 'Up', 'Return');

  await waitForQuote(before);
  // The page kept the focus: click into the question box, above the tools at the bottom.
  const bar = await sidebar();
  await clickAt(display.name, bar.x0 + 30, bar.y1 - COMPOSER.boxCentre);
  const prompt = await askAndGetPrompt('And when are they highest?');
  expect(prompt).toMatch(/^<<<material #[0-9a-f]{8} kind=selection title="Tides"/);
  expect(prompt).toContain('Spring tides come at new and full moon.');
  expect(prompt).not.toContain('gravity');
});

test("Firefox's toggle shortcut closes the sidebar and opens it again", async () => {
  expect((await pageBox()).x).toBeGreaterThan(100);
  await xdotool(display.name, 'key', 'alt+shift+g');
  await expect.poll(async () => (await pageBox()).x, { timeout: 10_000 }).toBe(0);
  await xdotool(display.name, 'key', 'alt+shift+g');
  await expect.poll(async () => (await pageBox()).x, { timeout: 10_000 }).toBeGreaterThan(100);
});

/** The JPEG images of the last message the model received, by their size in pixels. */
function sentImages(): string[] {
  const content: unknown = provider.requests.at(-1)?.body.messages?.at(-1)?.content;
  if (!Array.isArray(content)) return [];
  return content.flatMap((part: { type?: string; image_url?: { url?: string } }) => {
    const url = part.type === 'image_url' ? (part.image_url?.url ?? '') : '';
    const jpeg = 'data:image/jpeg;base64,';
    return url.startsWith(jpeg) ? [jpegSize(Buffer.from(url.slice(jpeg.length), 'base64'))] : [];
  });
}

/** Right-clicks the page at `at` (screen pixels) and waits for Gloss's item in the menu. */
async function menuAt(at: { x: number; y: number }): Promise<void> {
  await clickAt(display.name, Math.round(at.x), Math.round(at.y), 3);
  const menu: Rect = { x0: Math.round(at.x), y0: Math.round(at.y) + 16, x1: Math.round(at.x) + 80, y1: SCREEN.height };
  await waitOnScreen(display.name, menu, ICON_RGB);
}

test('"Ask Gloss about this image" in Firefox sends the part of a screenshot it covers to the model', async () => {
  const at = await bidi.evaluate<{ x: number; y: number }>(
    pageUrl,
    // No selection left from before: with one, Gloss's items would sit in a submenu.
    `(() => { getSelection().removeAllRanges(); const box = document.getElementById('chart').getBoundingClientRect();
      return { x: mozInnerScreenX + box.x + 40, y: mozInnerScreenY + box.y + 40 }; })()`,
  );
  await menuAt(at);
  await xdotool(display.name, 'key', 'Up', 'Return');
  await new Promise((r) => setTimeout(r, 2000)); // the image is prepared and handed to the sidebar
  const bar = await sidebar();
  await clickAt(display.name, bar.x0 + 30, bar.y1 - COMPOSER.boxCentre);
  await askAndGetPrompt('What does the chart show?');
  // Firefox's activeTab lets Gloss capture the tab, not download from its site: the image as
  // shown (300×200 CSS pixels, one device pixel each), not its file's 600×400.
  expect(sentImages()).toEqual(['300×200']);
});

test('"Screenshot for Gloss" in Firefox shows the capture to crop, and what is kept reaches the model', async () => {
  const page = await pageBox();
  await menuAt({ x: page.x + 700, y: page.y + 400 });
  // Three items on a page: Firefox puts them in a "Gloss" submenu, listed last; the screenshot is the third.
  await xdotool(display.name, 'key', 'Up', 'Right', 'Down', 'Down', 'Return');
  await new Promise((r) => setTimeout(r, 2000)); // the sidebar takes the screenshot and shows it
  // A click on the picture (below the sidebar's header and the hint) chooses no part; Enter keeps it all.
  const bar = await sidebar();
  await clickAt(display.name, bar.x0 + 100, bar.y0 + 150);
  await xdotool(display.name, 'key', 'Return');
  await new Promise((r) => setTimeout(r, 1000));
  await clickAt(display.name, bar.x0 + 30, bar.y1 - COMPOSER.boxCentre);
  await askAndGetPrompt('What is on the screen?');
  // The whole visible page, as Firefox captured it: wider than the chart on it.
  const [shot] = sentImages();
  expect(Number(shot?.split('×')[0])).toBeGreaterThan(600);
});

test('"Add this tab" in Firefox (its shortcut) joins each selection to the sources, and the model gets both, named', async () => {
  const bar = await sidebar();
  for (const id of ['first', 'second']) {
    await select(id);
    const before = await indigoIn(await quoteArea());
    await xdotool(display.name, 'key', 'alt+shift+d');
    // A second chip moves the first up: the indigo edges above the composer change either way.
    await waitForQuote(before);
  }
  await clickAt(display.name, bar.x0 + 30, bar.y1 - COMPOSER.boxCentre);
  const prompt = await askAndGetPrompt('How do the two relate?');
  expect(prompt).toMatch(
    /source=1 kind=selection title="Tides"[^\n]*>>>\nTides are caused by the gravity of the Moon\./,
  );
  expect(prompt).toMatch(/source=2 kind=selection title="Tides"[^\n]*>>>\nSpring tides come at new and full moon\./);
});

test("In Firefox's PDF viewer the ask shortcut brings the PDF to the model, once Gloss may download from its site", async () => {
  const bar = await sidebar(); // measured on the web page: the PDF viewer is not a page BiDi may script
  const tree = await bidi.send<{ contexts: { context: string; url: string }[] }>('browsingContext.getTree', {});
  const tab = tree.contexts.find((c) => c.url.startsWith(pageUrl));
  await bidi.send('browsingContext.navigate', { context: tab?.context, url: `${pageUrl}tides.pdf`, wait: 'complete' });
  await new Promise((r) => setTimeout(r, 1500)); // pdf.js shows the document after the load
  await xdotool(display.name, 'key', 'alt+shift+q');
  // Firefox's activeTab lets Gloss into the tab, not download from its site: the sidebar offers
  // to ask for that site. Its button is just above the composer: from the question box, back
  // past the four quick actions.
  await new Promise((r) => setTimeout(r, 3000));
  await clickAt(display.name, bar.x0 + 30, bar.y1 - COMPOSER.boxCentre);
  await xdotool(display.name, 'key', 'shift+Tab', 'shift+Tab', 'shift+Tab', 'shift+Tab', 'shift+Tab', 'Return');
  await new Promise((r) => setTimeout(r, 3000)); // granted, downloaded again and read by PDF.js
  await clickAt(display.name, bar.x0 + 30, bar.y1 - COMPOSER.boxCentre);
  const prompt = await askAndGetPrompt('Where are tides largest?');
  // Gloss fetched it twice: first as a page of its own origin, which the PDF's site does not
  // allow (no CORS headers); then, granted the site in the click, as the extension (no Origin).
  const fetches = pdfAskedBy.filter((r) => r.mode === 'cors');
  expect(fetches).toEqual([
    { mode: 'cors', origin: expect.stringMatching(/^moz-extension:\/\//) },
    { mode: 'cors', origin: '' },
  ]);
  expect(prompt).toMatch(
    /^<<<material #[0-9a-f]{8} kind=pdf title="[^"]*" url="http:\/\/127\.0\.0\.1:\d+\/tides\.pdf" pages="1–2 of 2">>>/,
  );
  const order = ['— page 1 —', 'Neap tides come', '— page 2 —', 'Tidal ranges are largest'].map((p) =>
    prompt.indexOf(p),
  );
  expect(order.every((at) => at >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
});
