/**
 * The toolbar button, clicked for real: headed Chromium on a virtual display, the pinned Gloss
 * icon found on screen by its colour and clicked with xdotool.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchWithExtension, WINDOW, type Browser } from './browser';
import { findColour, grabScreen, startXvfb, xdotool, type Display, type Rect } from './xvfb';

/** The indigo of Gloss's icon (scripts/make-icons.py). */
const ICON_RGB: [number, number, number] = [79, 70, 229];
const TOOLBAR: Rect = { x0: 0, y0: 0, x1: WINDOW.width, y1: 120 };
const BELOW_TOOLBAR_RIGHT: Rect = { x0: WINDOW.width / 2, y0: 120, x1: WINDOW.width, y1: WINDOW.height };

let display: Display;
let browser: Browser;

beforeAll(async () => {
  display = await startXvfb(WINDOW.width, WINDOW.height);
  browser = await launchWithExtension({ display: display.name });
});

afterAll(async () => {
  await browser.close();
  display.close();
});

/** Waits for the pinned icon to be drawn and returns its centre on screen. */
async function findIcon(): Promise<{ x: number; y: number }> {
  for (let tries = 0; tries < 60; tries++) {
    const found = findColour(await grabScreen(display.name), WINDOW.width, TOOLBAR, ICON_RGB);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('Gloss icon not found in the toolbar (is it pinned?)');
}

async function sidePanels(): Promise<string[]> {
  return browser.worker.evaluate(async () => {
    const contexts = await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.SIDE_PANEL] });
    return contexts.map((c) => c.documentUrl ?? '');
  });
}

test('clicking the toolbar button opens the side panel with Gloss in it', async () => {
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto('about:blank');
  expect(await sidePanels()).toEqual([]);

  const { x, y } = await findIcon();
  expect(findColour(await grabScreen(display.name), WINDOW.width, BELOW_TOOLBAR_RIGHT, ICON_RGB)).toBeNull();
  await xdotool(display.name, 'mousemove', '--sync', String(x), String(y), 'click', '1');

  await expect
    .poll(sidePanels, { timeout: 15_000 })
    .toEqual([expect.stringContaining('/extension/sidepanel/index.html')]);
  // And it is on screen: the panel (right of the page) shows its indigo Save button.
  await expect
    .poll(async () => findColour(await grabScreen(display.name), WINDOW.width, BELOW_TOOLBAR_RIGHT, ICON_RGB), {
      timeout: 15_000,
    })
    .not.toBeNull();
});
