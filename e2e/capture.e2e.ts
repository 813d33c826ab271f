/**
 * Images from the tab (issue 16), with real menus and real input in headed Chromium (e2e/headed):
 * "Screenshot for Gloss" and the composer's screenshot button show the capture to crop, and only
 * the part kept is sent; "Ask Gloss about this image" sends the image's own file when the tab's
 * access covers it, else the part of a screenshot it covers, and says which. Each reaches the
 * scripted provider as an OpenAI `image_url` JPEG data URL of the size the chip shows.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { headedWithFiles, serveFiles, type FileServer } from './file-server';
import { PAGE_AREA, panelToScreen, TOOLBAR, type Headed } from './headed';
import { jpegSize } from './jpeg';

/** A 600×400 PNG (orange to teal, far from the indigo of Gloss's icon), drawn by ImageMagick. */
const PHOTO = execFileSync('convert', ['-size', '600x400', 'gradient:#e07000-#008080', 'png:-']);

/**
 * The page: a heading, the photo from its own origin, the same photo from another one, and from a
 * third whose server answers the worker's download (a `cors` fetch) late, with an error.
 */
const page = (other: string, slow: string) => `<!doctype html><html lang="en"><title>Harbour photos</title>
<body style="margin:0;font:16px sans-serif">
<h1 style="margin:16px">Harbour photos</h1>
<img id="own" src="/photo.png" width="300" height="200" alt="Harbour" style="margin:16px">
<img id="other" src="${other}/photo.png" width="300" height="200" alt="Boats" style="margin:16px">
<img id="slow" src="${slow}/photo.png" width="300" height="200" alt="Quay" style="margin:16px">
</body></html>`;

let h: Headed;
let filesUrl: string;
let other: FileServer;
let slow: Server;
let close: () => Promise<void>;

/** The photo for the page; for the worker's download, an error after `SLOW_MS`. */
const SLOW_MS = 2_500;
function slowServer(): Server {
  return createServer((req, res) => {
    if (req.headers['sec-fetch-mode'] !== 'cors')
      return void res.writeHead(200, { 'content-type': 'image/png' }).end(PHOTO);
    setTimeout(() => res.writeHead(500).end(), SLOW_MS);
  });
}

beforeAll(async () => {
  // Another origin, without CORS: the worker may not download from it.
  other = await serveFiles((path) => (path === '/photo.png' ? { type: 'image/png', body: PHOTO } : null));
  slow = slowServer();
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  ({ h, filesUrl, close } = await headedWithFiles((path) =>
    path === '/photo.png' ? { type: 'image/png', body: PHOTO } : { type: 'text/html', body: page(other.url, slowUrl) },
  ));
});

afterAll(async () => {
  other.close();
  slow.closeAllConnections();
  slow.close();
  await close();
});

/** Right-clicks `selector`'s element near its top left; returns Gloss's row in the menu. */
async function openMenuOn(tab: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await tab.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  const bars = await tab.evaluate(() => window.outerHeight - window.innerHeight);
  const x = Math.round(box.x + 30);
  const y = Math.round(bars + box.y + 20);
  await h.clickAt(x, y, 3);
  return h.findIcon({ x0: x, y0: y + 2, x1: x + 60, y1: PAGE_AREA.y1 });
}

/** The JPEG images of a message as the provider got them, by their pixel size; checks each. */
function sentSizes(content: unknown): string[] {
  if (!Array.isArray(content)) throw new Error(`no content parts: ${JSON.stringify(content)}`);
  return content.flatMap((part: { type?: string; image_url?: { url?: string } }) => {
    if (part.type !== 'image_url') return [];
    const url = part.image_url?.url ?? '';
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const jpeg = Buffer.from(url.slice('data:image/jpeg;base64,'.length), 'base64');
    // Plausible: a real picture, far under the 5 MB cap.
    expect(jpeg.length).toBeGreaterThan(1000);
    expect(jpeg.length).toBeLessThan(1_000_000);
    return [jpegSize(jpeg)];
  });
}

const chips = () =>
  h.inPanel((doc) => Array.from(doc?.querySelectorAll('.image-chips img') ?? []).map((i) => i.getAttribute('alt')));
const notice = () => h.inPanel((doc) => doc?.querySelector('.image-chips [role=status]')?.textContent ?? '');
const clickInPanel = (selector: string) =>
  h.inPanel((doc, s) => (doc?.querySelector(s) as HTMLElement | null)?.click(), selector);

/** Drags with the real mouse over the screenshot shown in the panel, between two fractions of it. */
async function dragOverShot(from: [number, number], to: [number, number]): Promise<string> {
  // Where the screenshot is once the panel has settled: a panel that reloaded to take the
  // keyboard lays itself out again for a moment after the screenshot appears.
  let before = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await shownShot());
        const settled = now === before;
        before = now;
        return settled;
      },
      { interval: 250 },
    )
    .toBe(true);
  const shown = await shownShot();
  if (!shown) throw new Error('no screenshot shown');
  // Whole screen pixels, where the pointer really goes.
  const point = ([fx, fy]: [number, number]) => {
    const at = panelToScreen({ x: shown.x + fx * shown.width, y: shown.y + fy * shown.height, w: shown.w, h: shown.h });
    return { x: Math.round(at.x), y: Math.round(at.y) };
  };
  const a = point(from);
  const b = point(to);
  await h.xdotool('mousemove', String(a.x), String(a.y), 'sleep', '0.1', 'mousedown', '1');
  await h.xdotool('mousemove', String((a.x + b.x) >> 1), String((a.y + b.y) >> 1), 'sleep', '0.1');
  await h.xdotool('mousemove', String(b.x), String(b.y), 'sleep', '0.1', 'mouseup', '1');
  // The size kept, in the screenshot's pixels (what the chip says), from the drag on screen;
  // each axis by its own scale (the shown height is rounded apart from the width).
  const width = Math.round(((b.x - a.x) * shown.natural.width) / shown.width);
  const height = Math.round(((b.y - a.y) * shown.natural.height) / shown.height);
  return `${width}×${height}`;
}

const shot = () => h.inPanel((doc) => doc?.querySelector<HTMLImageElement>('.screenshot img')?.complete ?? false);

test('opened from the toolbar, the panel can capture the tab; after the tab changed site, it says how to allow it', async () => {
  const tab = await h.page();
  await tab.goto(filesUrl);
  // The click on Gloss's toolbar button is the user's action on this tab (activeTab).
  const { x, y } = await h.settledIcon(TOOLBAR);
  await h.clickAt(x, y);
  await expect.poll(h.sidePanels, { timeout: 15_000 }).toHaveLength(1);
  await clickInPanel('button[aria-label="Screenshot of the page"]');
  await expect.poll(shot, { timeout: 15_000 }).toBe(true);
  await clickInPanel('.screenshot-actions .ghost'); // Cancel
  await expect.poll(shot).toBe(false);
  expect(await chips()).toEqual([]);

  // Another site in the same tab: the browser took the access back with the page.
  await tab.goto(filesUrl.replace('127.0.0.1', 'localhost'));
  await clickInPanel('button[aria-label="Screenshot of the page"]');
  await expect.poll(notice, { timeout: 10_000 }).toContain('choose “Screenshot for Gloss”');
  expect(await h.inPanel((doc) => doc?.querySelector('.screenshot') ?? null)).toBeNull();
  expect(await chips()).toEqual([]);
});

/** The screenshot in the panel: where it is shown, at what size, and its own size. */
const shownShot = () =>
  h.inPanel((doc) => {
    const img = doc?.querySelector<HTMLImageElement>('.screenshot img');
    const box = img?.getBoundingClientRect();
    const view = doc?.defaultView;
    const natural = { width: img?.naturalWidth ?? 0, height: img?.naturalHeight ?? 0 };
    return img?.complete && box && view
      ? { x: box.x, y: box.y, width: box.width, height: box.height, w: view.innerWidth, h: view.innerHeight, natural }
      : null;
  });

/** Chooses "Screenshot for Gloss" in the page's menu; waits for the screenshot in the panel. */
async function screenshotFromMenu(): Promise<void> {
  const tab = await h.page();
  await tab.goto(filesUrl);
  const parent = await openMenuOn(tab, 'h1');
  // Three items on a page: Chromium groups them under "Gloss"; the screenshot is the third.
  await h.clickAt(parent.x + 100, parent.y);
  await new Promise((r) => setTimeout(r, 500));
  await h.xdotool('key', 'Down', 'Down', 'Down', 'Return');
  await expect.poll(h.sidePanels, { timeout: 15_000 }).toHaveLength(1);
  await expect.poll(shot, { timeout: 15_000 }).toBe(true);
}

test('"Screenshot for Gloss" shows the capture to crop; the part kept and a whole one from the button are sent', async () => {
  await screenshotFromMenu();
  expect(await chips()).toEqual([]); // nothing is kept before the user chooses
  const size = await dragOverShot([0.1, 0.1], [0.6, 0.5]);
  await clickInPanel('.screenshot-actions .primary');
  await expect.poll(chips, { timeout: 10_000 }).toEqual([`Image 1 (${size} pixels)`]);

  // The menu's click let Gloss capture this tab: the button works now too. Keep all of it.
  await clickInPanel('button[aria-label="Screenshot of the page"]');
  await expect.poll(shot, { timeout: 15_000 }).toBe(true);
  const whole = await h.inPanel((doc) => {
    const img = doc?.querySelector<HTMLImageElement>('.screenshot img');
    return `${img?.naturalWidth}×${img?.naturalHeight}`;
  });
  await clickInPanel('.screenshot-actions button:nth-child(2)');
  await expect.poll(chips, { timeout: 10_000 }).toEqual([`Image 1 (${size} pixels)`, `Image 2 (${whole} pixels)`]);

  const sent = (await h.askFromPanel('What is on the screen?')).at(-1)?.content;
  expect(sentSizes(sent)).toEqual([size, whole]);
  expect(JSON.stringify(sent)).toContain('What is on the screen?');
});

/**
 * Right-clicks the image `selector` and chooses "Ask Gloss about this image"; checks the chip and
 * the note the panel shows, and returns the sizes the provider got with a question.
 */
async function askAboutImage(selector: string, size: string): Promise<{ note: string; sent: string[] }> {
  const tab = await h.page();
  await tab.goto(filesUrl);
  const item = await openMenuOn(tab, selector);
  await h.clickAt(item.x + 100, item.y);
  await expect.poll(chips, { timeout: 15_000 }).toEqual([`Image 1 (${size} pixels)`]);
  const note = await notice();
  return { note, sent: sentSizes((await h.askFromPanel('What is this?')).at(-1)?.content) };
}

test('"Ask Gloss about this image" sends the image\'s own file when the tab\'s access covers it', async () => {
  const { note, sent } = await askAboutImage('#own', '600×400');
  expect(note).toBe('The image from the page: its own file, 600×400 pixels.');
  expect(sent).toEqual(['600×400']);
});

test('an image from another origin is cut from a screenshot of the tab, and the panel says so', async () => {
  // As shown on the page (300×200 CSS pixels on a screen of one device pixel each).
  const { note, sent } = await askAboutImage('#other', '300×200');
  expect(note).toContain('cut the image from a screenshot of the tab');
  expect(sent).toEqual(['300×200']);
});

test('an image whose download fails late is not cut from a tab brought to the front meanwhile', async () => {
  const tab = await h.page();
  await tab.goto(filesUrl);
  const item = await openMenuOn(tab, '#slow');
  await h.clickAt(item.x + 100, item.y);
  // While the worker waits for the image's server, another page comes to the front.
  const front = await h.browser.context.newPage();
  await front.goto(`${filesUrl}/elsewhere`);
  await expect
    .poll(notice, { timeout: SLOW_MS + 15_000 })
    .toBe(
      'Gloss could not get this image: the tab changed before Gloss could look at it. Go back to the image and ask again.',
    );
  expect(await chips()).toEqual([]);
  await front.close();
});

/** Where focus is in the panel: the screenshot's picture, elsewhere in its dialog, or outside it. */
const focusIn = () =>
  h.inPanel((doc) => {
    const at = doc?.activeElement;
    if (!doc?.hasFocus() || !at) return 'nowhere';
    if (at.classList.contains('screenshot-frame')) return 'picture';
    return at.closest('dialog.screenshot') ? 'dialog' : at === doc.body ? 'nowhere' : 'outside';
  });
const chosen = () => h.inPanel((doc) => doc?.querySelector('.screenshot-chosen')?.textContent ?? '');
const sizeOf = (text: string) => /(\d+)×(\d+)/.exec(text)?.slice(1).map(Number) ?? [];

test('the crop by keyboard: arrows choose and move a part, Shift+arrows resize it, Enter keeps it; Escape cancels', async () => {
  await screenshotFromMenu();
  // A click on the picture (a drag that goes nowhere) brings the keys to it, choosing no part.
  await dragOverShot([0.5, 0.5], [0.5, 0.5]);
  await expect.poll(focusIn, { timeout: 5_000 }).toBe('picture');
  expect(await chosen()).toBe('No part chosen');

  await h.xdotool('key', 'Right');
  await expect.poll(chosen).toMatch(/^Part chosen: \d+×\d+ pixels$/);
  const [width, height] = sizeOf(await chosen());
  await h.xdotool('key', 'shift+Left', 'shift+Left', 'shift+Up', 'Right', 'Down');
  await expect.poll(async () => sizeOf(await chosen())[0]).toBeLessThan(width!);
  const kept = sizeOf(await chosen());
  expect(kept[1]).toBeLessThan(height!);
  await h.xdotool('key', 'Return');
  await expect.poll(chips, { timeout: 10_000 }).toEqual([`Image 1 (${kept.join('×')} pixels)`]);
  expect(await h.inPanel((doc) => doc?.querySelector('.screenshot') !== null)).toBe(false);

  // Again from the button: Tab goes round the dialog's controls, never to the panel behind it.
  await clickInPanel('button[aria-label="Screenshot of the page"]');
  await expect.poll(shot, { timeout: 15_000 }).toBe(true);
  await expect.poll(focusIn, { timeout: 5_000 }).toBe('picture');
  // Past the last control focus may visit the browser's own UI, and comes back to the dialog.
  const visited: string[] = [];
  for (let i = 0; i < 12 && !(visited.includes('dialog') && (await focusIn()) === 'picture'); i++) {
    await h.xdotool('key', 'Tab');
    visited.push(await focusIn());
  }
  expect(visited).not.toContain('outside');
  expect(visited).toContain('dialog');
  expect(await focusIn()).toBe('picture');
  await h.xdotool('key', 'Escape');
  const open = () => h.inPanel((doc) => doc?.querySelector('.screenshot') !== null);
  await expect.poll(open).toBe(false);
  expect(await chips()).toEqual([`Image 1 (${kept.join('×')} pixels)`]);
});
