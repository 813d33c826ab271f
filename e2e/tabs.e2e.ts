/**
 * Several tabs in one question (issue 15), in headed Chromium (e2e/headed): "Add this tab" by
 * its shortcut (Alt+Shift+D) in one tab and by its context-menu item in another
 * adds each as its own chip, without replacing the first, the model receives both as two named
 * sources in the untrusted fence, and the Sources under the answer say what was sent of each.
 * The tab picker asks, through the browser's real prompts, to list the tabs and then for the
 * chosen tab's site only, and adds it.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { explained } from './explained';
import { headedWithFiles } from './file-server';
import { ICON_RGB, PAGE_AREA, panelToScreen, type Headed } from './headed';
import { findOnScreen, focusedWindowName } from './xvfb';

const ARTICLE = readFileSync(new URL('./fixtures/injected-page.html', import.meta.url), 'utf8');
// A second page of a different site's shape: a product's reviews.
const REVIEWS = `<!doctype html><html lang="en"><head><title>Kettle reviews</title></head><body>
<main><h1>Kettle reviews</h1><p id="best">Boils a litre in ninety seconds and stays quiet.</p>
<p>The lid sticks after a month of daily use.</p></main></body></html>`;

let h: Headed;
let filesUrl: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ h, filesUrl, close } = await headedWithFiles((path) => ({
    type: 'text/html; charset=utf-8',
    body: path.startsWith('/reviews') ? REVIEWS : ARTICLE,
  })));
});

afterAll(() => close());

const chips = () =>
  h.inPanel((doc) => Array.from(doc?.querySelectorAll('.chip-title') ?? []).map((c) => c.textContent));

/** Right-clicks the page and chooses "Add this tab to Gloss", the last of Gloss's four page items. */
async function addPageByMenu(page: Page): Promise<void> {
  const box = await page.locator('h1').boundingBox();
  if (!box) throw new Error('no heading on the page');
  const bars = await page.evaluate(() => window.outerHeight - window.innerHeight);
  const [x, y] = [Math.round(box.x + 40), Math.round(bars + box.y + box.height / 2)];
  await h.clickAt(x, y, 3);
  const parent = await h.findIcon({
    x0: x,
    y0: Math.round(bars + box.y + box.height + 2),
    x1: x + 60,
    y1: PAGE_AREA.y1,
  });
  await h.clickAt(parent.x + 100, parent.y);
  await new Promise((r) => setTimeout(r, 500));
  await h.xdotool('key', 'Down', 'Down', 'Down', 'Down', 'Return');
}

test('two tabs added by the shortcut and the menu reach the model as two named sources, and the Sources say what was sent', async () => {
  const first = await h.page();
  await first.goto(`${filesUrl}/tides`);
  await h.shortcut('alt+shift+d');
  await expect.poll(h.sidePanels, { timeout: 15_000 }).toHaveLength(1);
  await expect.poll(chips, { timeout: 15_000 }).toEqual([expect.stringContaining('How tides work')]);

  const second = await first.context().newPage();
  await second.goto(`${filesUrl}/reviews`);
  await second.bringToFront();
  await addPageByMenu(second);
  await expect
    .poll(chips, { timeout: 15_000 })
    .toEqual([
      expect.stringContaining('Page from “How tides work”'),
      expect.stringContaining('Page from “Kettle reviews”'),
    ]);
  await expect
    .poll(() => h.inPanel((doc) => doc?.querySelector('.sources-fit')?.textContent ?? ''), { timeout: 15_000 })
    .toMatch(/^2 sources: all fit \(about \d+ tokens\)\.$/);

  const user = (await h.askFromPanel('Which one is about the sea?')).at(-1)?.content ?? '';
  const openings = user.split('\n').filter((l) => l.startsWith('<<<material '));
  expect(openings).toEqual([
    expect.stringMatching(/ source=1 kind=page title="How tides work" url="http:\/\/127\.0\.0\.1:\d+\/tides">>>$/),
    expect.stringMatching(/ source=2 kind=page title="Kettle reviews" url="http:\/\/127\.0\.0\.1:\d+\/reviews">>>$/),
  ]);
  expect(user).toContain('these are neap tides');
  expect(user).toContain('Boils a litre in ninety seconds');
  expect(user).toContain('The lid sticks');
  expect(user.endsWith('Which one is about the sea?')).toBe(true);

  // Under the answer, the Sources say what the model was sent of each.
  await expect
    .poll(() => h.inPanel((doc) => doc?.querySelector('.turn:last-child')?.getAttribute('data-status')))
    .toBe('done');
  const sources = await h.inPanel((doc) => {
    const details = doc?.querySelector<HTMLDetailsElement>('.turn:last-child .sources-sent');
    if (details) details.open = true;
    return {
      summary: details?.querySelector('summary')?.textContent,
      items: Array.from(details?.querySelectorAll('li') ?? []).map((li) => li.innerText.replace(/\s+/g, ' ')),
    };
  });
  expect(sources.summary).toBe('Sources (2)');
  expect(sources.items).toEqual([
    expect.stringMatching(
      /^Page How tides work http:\/\/127\.0\.0\.1:\d+\/tides Sent whole: [\d,]+ characters, about \d+ tokens\.$/,
    ),
    expect.stringMatching(
      /^Page Kettle reviews http:\/\/127\.0\.0\.1:\d+\/reviews Sent whole: [\d,]+ characters, about \d+ tokens\.$/,
    ),
  ]);
  await second.close();
});

/** Clicks the element `selector` in the panel with a real click (a user gesture, as permission prompts need). */
async function clickInPanel(selector: string): Promise<void> {
  const measure = () =>
    h.inPanel((doc, s) => {
      const box = doc?.querySelector(s)?.getBoundingClientRect();
      const view = doc?.defaultView;
      return box && view
        ? { x: box.x + box.width / 2, y: box.y + box.height / 2, w: view.innerWidth, h: view.innerHeight }
        : null;
    }, selector);
  // Where it stays: a panel still laying itself out moves its controls under the pointer.
  let at = await measure();
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const again = await measure();
    if (JSON.stringify(again) === JSON.stringify(at)) break;
    at = again;
  }
  if (!at) throw new Error(`${selector} is not in the panel`);
  const { x, y } = panelToScreen(at);
  // A file chooser opened by a click that landed on the paperclip beside (CI saw one over the
  // whole window) takes every click after it: close it first.
  if ((await focusedWindowName(h.display.name)) === 'Open File') await h.xdotool('key', 'Escape');
  await h.clickAt(Math.round(x), Math.round(y));
  // What the click reached, for a failure's message.
  clicked.push(
    `${selector} at ${Math.round(x)},${Math.round(y)} (panel ${at.w}×${at.h}) → ` +
      (await h.inPanel((doc) => doc?.activeElement?.getAttribute('aria-label') ?? doc?.activeElement?.tagName ?? '')),
  );
}

/** Each real click in the panel and the control it left focused. */
const clicked: string[] = [];

/**
 * Where the browser's permission prompt shows its icon, over the top middle of the page (clear of
 * the page's links, whose visited purple is near Gloss's indigo).
 */
const PROMPT_AREA = { x0: 400, y0: 95, x1: 520, y1: 150 };

/**
 * Clicks `selector` in the panel and chooses Allow in the browser's real permission prompt it
 * brings up: the prompt opens with Deny focused, so one Tab moves to Allow.
 */
async function allowWhenAsked(selector: string): Promise<void> {
  // The click that asks may land while the panel is still settling: click until the prompt is
  // up (a tab's entry is gone once its click took: the list closes as it asks).
  await expect
    .poll(
      async () => {
        if (await findOnScreen(h.display.name, PROMPT_AREA, ICON_RGB)) return true;
        if (await h.inPanel((doc, s) => doc?.querySelector(s) != null, selector)) await clickInPanel(selector);
        return false;
      },
      { timeout: 20_000, interval: 1500 },
    )
    .toBe(true);
  const icon = await h.findIcon(PROMPT_AREA);
  // A click on the prompt gives it the keyboard (the panel had it, from the click that asked).
  await h.clickAt(icon.x, icon.y);
  await h.xdotool('key', 'Tab', 'Return');
  // Gone before anything else is pressed (a second prompt must not be mistaken for this one).
  await expect.poll(() => findOnScreen(h.display.name, PROMPT_AREA, ICON_RGB), { timeout: 10_000 }).toBeNull();
}

test('the tab picker asks to list the tabs, then for the chosen tab’s site only, and adds it', async () => {
  const first = await h.page();
  await first.goto(`${filesUrl}/tides`);
  // The second tab in the same window, behind: a page Playwright opens may land in another
  // window (the last one used), which then covers the panel the clicks below are meant for.
  const other = await h.browser.worker.evaluate(async (url) => {
    const [front] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return (await chrome.tabs.create({ url, active: false, windowId: front?.windowId })).id;
  }, `${filesUrl}/reviews`);
  await h.shortcut('alt+shift+d', first);
  await expect.poll(chips, { timeout: 15_000 }).toEqual([expect.stringContaining('How tides work')]);

  // The panel is still settling after the chip arrived: click again until the picker is open.
  await explained(
    expect
      .poll(
        async () => {
          const open = () => h.inPanel((doc) => doc?.querySelector('.tab-pick')?.getAttribute('aria-expanded'));
          if ((await open()) !== 'true') await clickInPanel('.tab-pick');
          return open();
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toBe('true'),
    async () => `Clicks: ${clicked.join('; ')}`,
    async () => `On screen: ${await h.describe()}`,
  );
  await expect
    .poll(() => h.inPanel((doc) => doc?.querySelector('.tab-picker')?.textContent ?? ''), { timeout: 10_000 })
    .toContain('Gloss needs to see their titles and addresses');
  await allowWhenAsked('.tab-picker button');
  await expect
    .poll(
      () => h.inPanel((doc) => Array.from(doc?.querySelectorAll('.tab-list button') ?? []).map((b) => b.textContent)),
      {
        timeout: 10_000,
      },
    )
    .toEqual([expect.stringContaining('How tides work'), expect.stringContaining('Kettle reviews')]);
  await allowWhenAsked('.tab-list li:nth-child(2) button');
  await expect
    .poll(chips, { timeout: 15_000 })
    .toEqual([expect.stringContaining('How tides work'), expect.stringContaining('Page from “Kettle reviews”')]);
  expect(await h.browser.worker.evaluate(() => chrome.permissions.getAll())).toMatchObject({
    permissions: expect.arrayContaining(['tabs']),
    origins: expect.arrayContaining(['http://127.0.0.1/*']),
  });
  await h.browser.worker.evaluate((id) => (id === undefined ? undefined : chrome.tabs.remove(id)), other);
});

const granted = () => h.browser.worker.evaluate(() => chrome.permissions.getAll());

test('the list of tabs is given back a few seconds after the panel closes', async () => {
  // The test before left it granted, with the panel open.
  expect((await granted()).permissions).toContain('tabs');
  await h.shortcut('alt+shift+g');
  await expect.poll(h.sidePanels, { timeout: 15_000 }).toHaveLength(0);
  // Not at once: a panel reopening to take the keyboard is gone for a moment only.
  expect((await granted()).permissions).toContain('tabs');
  await expect.poll(async () => (await granted()).permissions, { timeout: 15_000 }).not.toContain('tabs');
});

test('Settings lists the sites Gloss may access with the provider that uses each, and gives one back', async () => {
  await h.shortcut('alt+shift+g');
  await expect.poll(h.sidePanels, { timeout: 15_000 }).toHaveLength(1);
  const access = () => h.inPanel((doc) => doc?.querySelector('section.access')?.textContent ?? '');
  await expect
    .poll(
      async () => {
        if (!(await access())) await clickInPanel('.bar button:last-child'); // Settings
        return access();
      },
      { timeout: 15_000, interval: 1000 },
    )
    .toContain('http://127.0.0.1Used by');
  expect(await access()).not.toContain('Your tabs’ titles');
  const giveBack = 'section.access button[aria-label="Give back access to http://127.0.0.1"]';
  await h.inPanel((doc, s) => doc?.querySelector(s)?.scrollIntoView({ block: 'center' }), giveBack);
  await clickInPanel(giveBack);
  await expect.poll(async () => (await granted()).origins).not.toContain('http://127.0.0.1/*');
  await expect.poll(access).toContain('No website and no list of your tabs.');
});
