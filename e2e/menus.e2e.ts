/**
 * Gloss's context menu, clicked for real in headed Chromium (e2e/headed): the item is found on
 * screen by Gloss's icon next to it. The panel must open from the click itself (the user
 * gesture), and what was selected or read must reach the composer and then the model. Pages
 * extensions cannot read say so in the panel instead of doing nothing.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { explained } from './explained';
import { headedWithFiles } from './file-server';
import { PAGE_AREA, TOOLBAR, type Headed } from './headed';
import { fixture, perEvent } from './provider-server';

const ARTICLE = readFileSync(new URL('./fixtures/injected-page.html', import.meta.url), 'utf8');

let h: Headed;
let filesUrl: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ h, filesUrl, close } = await headedWithFiles(() => ({ type: 'text/html; charset=utf-8', body: ARTICLE })));
});

afterAll(() => close());

async function closePanel(): Promise<void> {
  if ((await h.sidePanels()).length === 0) return;
  await h.shortcut('alt+shift+g');
  await expect.poll(h.sidePanels, { timeout: 10_000 }).toHaveLength(0);
}

/**
 * Right-clicks `selector`'s element on screen and returns Gloss's row in the menu: its icon, in
 * the menu's icon column, which opens right of and below the pointer (the selection's own
 * highlight, above, is of a similar blue).
 */
async function openMenuOn(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const { x, y, bottom } = await onScreen(page, selector);
  await h.clickAt(x, y, 3);
  return h.findIcon({ x0: x, y0: bottom + 2, x1: x + 60, y1: PAGE_AREA.y1 });
}

/** Where `selector`'s element is on screen: a point inside it, and its bottom edge. */
async function onScreen(page: Page, selector: string): Promise<{ x: number; y: number; bottom: number }> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  // The window sits at the screen's origin; the browser's own bars are above the page.
  const bars = await page.evaluate(() => window.outerHeight - window.innerHeight);
  const y = Math.round(bars + box.y + box.height / 2);
  return { x: Math.round(box.x + 40), y, bottom: Math.round(bars + box.y + box.height) };
}

/**
 * A click on the page (its heading by default), as a reader clicks into a page before a shortcut: the keys then
 * go to this window. Without it, under load the X focus could still be in the test's own reader
 * window, and the shortcut then (rightly) found an extension page it cannot read.
 */
async function focusPage(page: Page, selector = 'h1'): Promise<void> {
  const { x, y } = await onScreen(page, selector);
  await h.clickAt(x, y);
}

/** Every alert in the panel, so a failure shows what the panel said instead. */
const alertInPanel = () =>
  h.inPanel((doc) => [...(doc?.querySelectorAll('[role=alert]') ?? [])].map((a) => a.textContent).join(' | '));

test('"Ask Gloss about …" in the context menu opens the panel with the selection as a quote', async () => {
  await closePanel();
  const page = await h.page();
  await page.goto(filesUrl);
  await page.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('article p') as Node);
    getSelection()?.addRange(range);
  });
  const item = await openMenuOn(page, 'article p');
  await h.clickAt(item.x + 100, item.y);

  await expect.poll(h.sidePanels, { timeout: 15_000 }).toHaveLength(1);
  await expect
    .poll(() => h.inPanel((doc) => doc?.querySelector('.chip')?.textContent ?? ''), { timeout: 15_000 })
    .toMatch(/How tides work.*Tides are the regular rise and fall of the sea\./);

  const user = (await h.askFromPanel('Is that all?')).at(-1)?.content ?? '';
  expect(user).toMatch(/^<<<material #[0-9a-f]{8} kind=selection title="How tides work"/);
  expect(user).toContain('caused mainly by the gravity of the Moon');
  expect(user).not.toContain('neap tides');
  expect(user.endsWith('Is that all?')).toBe(true);
  await expect
    .poll(() => h.inPanel((doc) => doc?.querySelector('.turn:last-child')?.getAttribute('data-status')))
    .toBe('done');
});

test('with the panel open, "Ask Gloss about …" leaves the keyboard in the composer for the question', async () => {
  const page = await h.page();
  await page.goto(filesUrl);
  if ((await h.sidePanels()).length === 0) await h.shortcut('alt+shift+g');
  await expect.poll(h.sidePanels, { timeout: 10_000 }).toHaveLength(1);
  await focusPage(page);
  await page.evaluate(() => getSelection()?.selectAllChildren(document.querySelector('article p') as Node));
  const item = await openMenuOn(page, 'article p');
  await h.clickAt(item.x + 100, item.y);
  await expect
    .poll(() => h.inPanel((doc) => doc?.querySelector('.chip')?.textContent ?? ''), { timeout: 15_000 })
    .toMatch(/Tides are the regular rise and fall of the sea\./);
  const draft = await h.inPanel((doc) => doc?.querySelector('textarea')?.value ?? '');
  await h.xdotool('type', '--delay', '20', ' Why twice a day?');
  await expect
    .poll(() => h.inPanel((doc) => doc?.querySelector('textarea')?.value ?? ''))
    .toBe(`${draft} Why twice a day?`);
  expect(await page.evaluate(() => scrollY)).toBe(0);
  // Left empty, with no quote, for the tests below.
  await h.xdotool('key', 'ctrl+a', 'BackSpace');
  await expect.poll(() => h.inPanel((doc) => doc?.querySelector('textarea')?.value ?? '')).toBe('');
  await h.inPanel((doc) => doc?.querySelector<HTMLButtonElement>('.chip-head button:last-child')?.click());
  await expect.poll(() => h.inPanel((doc) => doc?.querySelector('.chip') === null)).toBe(true);
});

/** What the panel shows, for a failure's message. */
const panelText = async () =>
  `The panel: ${await h.inPanel((doc) => doc?.querySelector('.app')?.textContent ?? 'none')}`;

test('"Summarize this page" in Gloss\'s submenu summarizes the article at once', async () => {
  await closePanel();
  const page = await h.page();
  await page.goto(filesUrl);
  const before = h.server.requests.length;
  h.server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 1 });
  const parent = await openMenuOn(page, 'h1');
  // Two items on a page: Chromium groups them under "Gloss"; the second is Summarize.
  await h.clickAt(parent.x + 100, parent.y);
  await new Promise((r) => setTimeout(r, 500));
  await h.xdotool('key', 'Down', 'Down', 'Return');

  await expect.poll(h.sidePanels, { timeout: 15_000 }).toHaveLength(1);
  // No Send to press: the menu item said Summarize.
  await explained(expect.poll(() => h.server.requests.length, { timeout: 15_000 }).toBe(before + 1), panelText, () =>
    h.describe(),
  );
  const user = h.server.requests.at(-1)?.body.messages?.at(-1)?.content ?? '';
  expect(user).toMatch(/^<<<material #[0-9a-f]{8} kind=page title="How tides work"/);
  expect(user).toContain('these are neap tides');
  expect(user).not.toContain('Subscribe now');
  expect(user.endsWith('Summarize this page.')).toBe(true);
  const composer = () =>
    h.inPanel((doc) => ({
      chip: doc?.querySelector('.chip') !== null,
      question: doc?.querySelector('textarea')?.value ?? '',
      focused: doc?.activeElement?.tagName ?? '',
    }));
  await expect.poll(composer).toEqual({ chip: false, question: '', focused: 'TEXTAREA' });
});

test('with nothing to read yet, a quick action reads the tab beside the panel, named before it is sent', async () => {
  await closePanel();
  const page = await h.page();
  await page.goto(filesUrl);
  // The toolbar button is the user's action on this tab: Gloss may read it now.
  const { x, y } = await h.settledIcon(TOOLBAR);
  await h.clickAt(x, y);
  await expect.poll(h.sidePanels, { timeout: 15_000 }).toHaveLength(1);
  await h.inPanel((doc) => doc?.querySelector<HTMLButtonElement>('button[aria-label="New chat"]')?.click());
  const named = () => h.inPanel((doc) => doc?.querySelector('.quick-actions-tab')?.textContent ?? '');
  await expect.poll(named, { timeout: 10_000 }).toBe('About this tab: How tides work');

  const before = h.server.requests.length;
  h.server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 1 });
  const explain = () =>
    h.inPanel((doc) => {
      const button = [...(doc?.querySelectorAll<HTMLButtonElement>('.quick-actions button') ?? [])].find(
        (b) => b.textContent === 'Explain',
      );
      button?.click();
      return button ? `clicked${button.disabled ? ' (disabled)' : ''}` : 'no Explain button';
    });
  expect(await explain()).toBe('clicked');
  await explained(expect.poll(() => h.server.requests.length, { timeout: 15_000 }).toBe(before + 1), panelText, () =>
    h.describe(),
  );
  const user = h.server.requests.at(-1)?.body.messages?.at(-1)?.content ?? '';
  expect(user).toMatch(/^<<<material #[0-9a-f]{8} kind=page title="How tides work"/);
  expect(user).toContain('these are neap tides');
  expect(user).not.toContain('Summarize');
  // The chat has its material now: the actions act on it, and no tab is named.
  await expect.poll(named).toBe('');
});

// The browser's PDF viewer is read since issue 15: e2e/pdf.e2e.ts.
test('asking about a browser page says Gloss cannot read it', async () => {
  const page = await h.page();
  await page.goto('chrome://version');
  await focusPage(page, 'body');
  await h.shortcut('alt+shift+q');
  await expect.poll(h.sidePanels, { timeout: 15_000 }).toHaveLength(1);
  await expect.poll(alertInPanel, { timeout: 15_000 }).toContain('Gloss cannot read this page');
  await h.inPanel((doc) => (doc?.querySelector('[role=alert] button') as HTMLButtonElement | null)?.click());
});

test('the shortcut with nothing selected asks for a selection', async () => {
  // From a closed panel, so nothing said in the test above can be taken for the answer.
  await closePanel();
  const page = await h.page();
  await page.goto(filesUrl);
  await focusPage(page);
  await h.shortcut('alt+shift+q');
  await expect.poll(alertInPanel, { timeout: 15_000 }).toContain('Select some text on the page first');
});
