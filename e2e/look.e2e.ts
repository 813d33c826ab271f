/**
 * What a user sees of the panel's type and layout, in real Chromium: readable text, the model
 * always named in the header at the Chrome side panel's width and Firefox's narrowest, an opaque
 * Jump button, one scrollbar, a designed empty chat, quiet turn actions and a real history menu.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ask, configureProvider } from './panel';
import { startSession, type Session } from './session';
import { SSE_DONE, ssePieces } from './sse';

let session: Session;
let panel: Page;
/** A llama.cpp-style model id: a file path, long enough to be cut. */
const MODEL = '/models/SmolLM2-1.7B-Instruct.Q4_K_M.gguf';

beforeAll(async () => {
  session = await startSession();
  panel = session.panel;
  await panel.setViewportSize({ width: 360, height: 640 });
  await configureProvider(panel, { baseUrl: `${session.server.url}/v1`, model: MODEL, key: 'k' });
});

afterAll(() => session.close());

const lines = (count: number, from = 0) => ssePieces(Array.from({ length: count }, (_, i) => `Line ${from + i}\n\n`));

async function answered(question: string, count: number): Promise<void> {
  session.server.enqueue({ kind: 'stream', chunks: [...lines(count), SSE_DONE], delayMs: 1 });
  await ask(panel, question);
  await expect.poll(() => panel.locator('.turn').last().getAttribute('data-status')).toBe('done');
}

describe('a new chat', () => {
  test('says what Gloss can do and the shortcuts, as one group rather than lines spread over the height', async () => {
    const empty = panel.locator('.empty-state');
    await expect
      .poll(() => empty.getByRole('heading', { name: 'Ask about what you are reading' }).isVisible())
      .toBe(true);
    const points = empty.locator('.empty-points li');
    expect(await points.count()).toBeGreaterThanOrEqual(3);
    expect(await points.allTextContents()).toContainEqual(expect.stringContaining('Summarize · Explain'));
    const shortcuts = empty.getByRole('region', { name: 'Keyboard shortcuts' });
    await expect.poll(() => shortcuts.textContent()).toContain('Alt+Shift+G');
    // Each part follows the one before it closely.
    const tops = await empty.evaluate((el) =>
      [...el.querySelectorAll('h2, li, section')].map((part) => part.getBoundingClientRect()),
    );
    for (let i = 1; i < tops.length; i++) {
      expect((tops[i]?.top ?? 0) - (tops[i - 1]?.bottom ?? 0)).toBeLessThan(40);
    }
  });

  test('the body text is at least 14 px (not the 10.5 px of Chromium’s extension-page stylesheet)', async () => {
    const size = (selector: string) =>
      panel
        .locator(selector)
        .first()
        .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size('body')).toBeGreaterThanOrEqual(14);
    expect(await size('.empty-points li')).toBeGreaterThanOrEqual(14);
  });
});

describe('the header', () => {
  test.each([360, 240])(
    'at %i px it names the provider and the model (cut in the middle if at all), with every button in view',
    async (width) => {
      await panel.setViewportSize({ width, height: 640 });
      const box = (selector: string) =>
        panel.locator(selector).evaluate((el) => {
          const { left, right, width } = el.getBoundingClientRect();
          return { left, right, width };
        });
      const face = await box('.model-switch');
      const head = await box('.model-switch-head');
      const tail = await box('.model-switch-tail');
      const provider = await box('.model-switch-provider');
      // The provider is named too, on its own line.
      expect(await panel.locator('.model-switch-provider').textContent()).toBe('OpenAI');
      expect(provider.width).toBeGreaterThan(30);
      expect(await panel.locator('.model-switch-tail').textContent()).toBe('Q4_K_M.gguf');
      // The end of the model's name is whole and inside the switch; its start shows a few letters.
      expect(tail.width).toBeGreaterThan(40);
      expect(tail.right).toBeLessThanOrEqual(face.right);
      expect(head.width).toBeGreaterThanOrEqual(16);
      for (const name of ['New chat', 'History', 'Settings']) {
        const button = (await panel.getByRole('button', { name, exact: true }).boundingBox()) ?? { x: -1, width: 0 };
        expect(button.x).toBeGreaterThanOrEqual(0);
        expect(button.x + button.width).toBeLessThanOrEqual(width);
        expect(await panel.getByRole('button', { name, exact: true }).getAttribute('title')).toBe(name);
      }
      await panel.setViewportSize({ width: 360, height: 640 });
    },
  );
});

describe('the composer', () => {
  test.each([360, 240])(
    'at %i px the question box keeps the panel’s width, with the paperclip, the tab picker, the camera and Send in view',
    async (width) => {
      await panel.setViewportSize({ width, height: 640 });
      const question = (await panel.getByRole('textbox', { name: 'Your question' }).boundingBox()) ?? { width: 0 };
      // The panel's padding aside, the box is as wide as the panel: nothing sits beside it.
      expect(question.width).toBeGreaterThan(width - 40);
      for (const name of ['Attach a PDF', 'Add a tab of this window', 'Screenshot of the page', 'Send']) {
        const button = (await panel.getByRole('button', { name, exact: true }).boundingBox()) ?? { x: -1, width: 0 };
        expect(button.x).toBeGreaterThanOrEqual(0);
        expect(button.x + button.width).toBeLessThanOrEqual(width);
      }
      await panel.setViewportSize({ width: 360, height: 640 });
    },
  );
});

describe('reading a conversation', () => {
  test('no page scrollbar next to the conversation’s own, with the live region in place', async () => {
    await answered('A few lines', 5);
    await expect.poll(() => panel.locator('body > [aria-live=polite]').count()).toBe(1);
    const overflow = await panel.evaluate(() => ({
      down: document.documentElement.scrollHeight - innerHeight,
      across: document.documentElement.scrollWidth - innerWidth,
    }));
    expect(overflow).toEqual({ down: 0, across: 0 });
  });

  test.each(['light', 'dark'] as const)('Jump to latest has an opaque background (%s)', async (scheme) => {
    await panel.emulateMedia({ colorScheme: scheme });
    // It shows while an answer is being written, over the text, once the reader scrolls up.
    session.server.enqueue({ kind: 'stream', chunks: [...lines(80), SSE_DONE], delayMs: 20 });
    await ask(panel, `Many lines (${scheme})`);
    await expect.poll(() => panel.locator('.turn').last().locator('.answer').textContent()).toContain('20');
    await panel.getByRole('feed').hover();
    await panel.mouse.wheel(0, -100_000); // the reader scrolls up with the wheel
    const jump = panel.getByRole('button', { name: 'Jump to latest' });
    await expect.poll(() => jump.isVisible()).toBe(true);
    const background = await jump.evaluate((el) => getComputedStyle(el).backgroundColor);
    // rgb(…) is opaque; rgba(…, a) with a < 1 (or transparent) would show the text beneath.
    expect(background).toMatch(/^rgb\(/);
    await jump.click();
    await expect
      .poll(() => panel.locator('.turn').last().getAttribute('data-status'), { timeout: 15_000 })
      .toBe('done');
    await panel.emulateMedia({ colorScheme: null });
  });

  test('a turn’s actions are icons that stay quiet until hovered or focused, and the keyboard reaches them', async () => {
    const first = panel.locator('.turn').first();
    const tools = first.locator('.turn-tools');
    await panel.getByLabel('Your question').focus();
    await expect.poll(() => tools.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await first.focus();
    await panel.keyboard.press('Tab');
    const edit = first.getByRole('button', { name: 'Edit', exact: true });
    expect(await edit.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => tools.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(await edit.getAttribute('title')).toBe('Edit');
  });
});

describe('the history', () => {
  test('a conversation’s “⋯” is a menu: arrows move, Esc gives the focus back, items on one line', async () => {
    await panel.getByRole('button', { name: 'History', exact: true }).click();
    const trigger = panel.getByRole('button', { name: 'Actions for A few lines' });
    await trigger.click();
    const menu = panel.getByRole('menu', { name: 'A few lines' });
    const items = menu.getByRole('menuitem');
    expect(await items.allTextContents()).toEqual(['Rename', 'Export Markdown', 'Export JSON', 'Delete']);
    const focused = () => panel.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(focused).toBe('Rename');
    await panel.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Export Markdown');
    await panel.keyboard.press('ArrowUp');
    await panel.keyboard.press('ArrowUp');
    expect(await focused()).toBe('Delete');
    const heights = await items.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBe(Math.min(...heights)); // none wraps to a second line
    await panel.keyboard.press('Escape');
    expect(await menu.count()).toBe(0);
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await panel.getByRole('button', { name: 'History', exact: true }).getAttribute('aria-pressed')).toBe('true');
  });
});
