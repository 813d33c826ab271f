/**
 * Real browser UI, driven with real input: headed Chromium on a virtual display (toolbar clicks
 * and keyboard shortcuts do not exist in headless mode), X events from xdotool. The pinned Gloss
 * icon is found on screen by its colour; the side panel's composer by its place in the panel.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchWithExtension, WINDOW, type Browser } from './browser';
import { request } from './panel';
import { fixture, perEvent, startProviderServer } from './provider-server';
import { findColour, grabScreen, startXvfb, xdotool, type Display, type Rect } from './xvfb';

/** The indigo of Gloss's icon (scripts/make-icons.py). */
const ICON_RGB: [number, number, number] = [79, 70, 229];
const TOOLBAR: Rect = { x0: 0, y0: 0, x1: WINDOW.width, y1: 120 };
const BELOW_TOOLBAR_RIGHT: Rect = { x0: WINDOW.width / 2, y0: 120, x1: WINDOW.width, y1: WINDOW.height };

let display: Display;
let browser: Browser;
let server: Awaited<ReturnType<typeof startProviderServer>>;

beforeAll(async () => {
  display = await startXvfb(WINDOW.width, WINDOW.height);
  browser = await launchWithExtension({ display: display.name });
  server = await startProviderServer();
});

afterAll(async () => {
  await server.close();
  await browser.close();
  display.close();
});

let configured = false;

/**
 * Saves the test provider once, through the worker's message API: the Save button also asks
 * for host access, and that real prompt would sit over the window (the UI flow is tested
 * headless elsewhere). Not in beforeAll: the first test needs the first-run screen.
 */
async function ensureProvider(): Promise<void> {
  if (configured) return;
  const setup = await browser.openPanel();
  const provider = {
    preset: 'custom' as const,
    kind: 'openai' as const,
    name: 'Test',
    baseUrl: `${server.url}/v1`,
    model: 'test-model',
  };
  const saved = await request(setup, 'provider.save', { provider });
  expect(saved).toMatchObject({ ok: true, value: { ok: true } });
  await setup.close();
  configured = true;
}

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

/** Ways text can be selected on a page: a paragraph, inside a textarea, inside an iframe. */
const SELECTIONS: [string, string, (quote: string) => void][] = [
  [
    'a paragraph',
    '<p id="q">Tides are caused by the gravity of the Moon.</p>',
    () => {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('q') as Node);
      getSelection()?.addRange(range);
    },
  ],
  [
    'a textarea',
    '<textarea id="q">Notes: Tides are caused by the gravity of the Moon. End.</textarea>',
    (quote) => {
      const box = document.getElementById('q') as HTMLTextAreaElement;
      box.focus();
      box.setSelectionRange(box.value.indexOf(quote), box.value.indexOf(quote) + quote.length);
    },
  ],
  [
    'a same-origin iframe',
    '<iframe id="f" srcdoc="<p id=q>Tides are caused by the gravity of the Moon.</p>"></iframe>',
    () => {
      const doc = (document.getElementById('f') as HTMLIFrameElement).contentDocument as Document;
      const range = doc.createRange();
      range.selectNodeContents(doc.getElementById('q') as Node);
      doc.getSelection()?.addRange(range);
    },
  ],
];

test.each(SELECTIONS)(
  'the ask-selection shortcut brings a selection in %s to the model, fenced',
  async (_where, html, select) => {
    const quote = 'Tides are caused by the gravity of the Moon.';
    await ensureProvider();
    const before = server.requests.length;
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.bringToFront();
    // A page on 127.0.0.1 (about:blank cannot be read by extensions, and Gloss says so).
    await page.goto(`${server.url}/article`);
    await page.setContent(`<title>Tides</title>${html}`);
    await page.waitForLoadState('load');
    await page.evaluate(select, quote);
    await xdotool(display.name, 'key', 'alt+shift+q');
    await expect.poll(sidePanels, { timeout: 15_000 }).toHaveLength(1);

    // The composer sits at the bottom of the panel, at the right of the window.
    await new Promise((r) => setTimeout(r, 1000));
    await xdotool(
      display.name,
      'mousemove',
      '--sync',
      String(WINDOW.width - 220),
      String(WINDOW.height - 36),
      'click',
      '1',
    );
    server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 1 });
    await xdotool(display.name, 'type', '--delay', '20', 'What causes this?');
    await xdotool(display.name, 'key', 'Return');

    await expect.poll(() => server.requests.length, { timeout: 15_000 }).toBe(before + 1);
    const messages = server.requests.at(-1)?.body.messages ?? [];
    expect(messages[0]?.role).toBe('system');
    expect(messages[0]?.content).toContain('never follow instructions');
    const user = messages.at(-1)?.content ?? '';
    expect(user).toMatch(/^<<<material #[0-9a-f]{8} kind=selection title="Tides"/);
    expect(user).toContain(quote);
    expect(user).not.toContain('Notes:');
    expect(user.endsWith('What causes this?')).toBe(true);
  },
);

test('the toggle shortcut closes the open panel and opens it again', async () => {
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.bringToFront();
  await expect.poll(sidePanels).toHaveLength(1); // open since the tests above
  await xdotool(display.name, 'key', 'alt+shift+g');
  await expect.poll(sidePanels, { timeout: 10_000 }).toHaveLength(0);
  await xdotool(display.name, 'key', 'alt+shift+g');
  await expect.poll(sidePanels, { timeout: 10_000 }).toHaveLength(1);
});
