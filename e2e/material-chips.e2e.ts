/**
 * Material in the composer is a compact chip (issue 34): a line for what and from where and a
 * line for how much fits, so two pages leave a narrow panel most of its height for the chat.
 * Opened, a chip shows its text to read and edit; a sent question keeps each source's title.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { pendingContextKey } from '../extension/shared/attachment';
import { startConfiguredSession, type Session } from './session';
import { SSE_DONE, ssePieces } from './sse';

let session: Session;
let panel: Page;

beforeAll(async () => void ({ panel } = session = await startConfiguredSession()));
afterAll(() => session.close());

/** What the page menu's "Add this tab" leaves for this window's panel (`page-context.ts`). */
async function addPage(title: string, url: string, text: string): Promise<void> {
  const windowId = await panel.evaluate(async () => (await chrome.windows.getCurrent()).id ?? -1);
  await session.browser.worker.evaluate(([key, value]) => chrome.storage.session.set({ [key]: value }), [
    pendingContextKey(windowId),
    { attachment: { kind: 'page', title, url, text }, add: true },
  ] as const);
}

const LONG = 'The Moon pulls the sea toward it, and the Earth turns beneath the bulge. '.repeat(40);
const chips = () => panel.locator('.chip');

test('two pages added at 240 px are a line or two each, and the chat keeps most of the panel', async () => {
  await panel.setViewportSize({ width: 240, height: 600 });
  await addPage('How tides work, and why the Moon matters most', 'https://tides.example/how', LONG);
  await expect.poll(() => chips().count(), { timeout: 10_000 }).toBe(1);
  await addPage('Kettle reviews', 'https://kettles.example/reviews', 'Boils a litre in ninety seconds.');
  await expect.poll(() => chips().count(), { timeout: 10_000 }).toBe(2);
  await expect.poll(() => panel.locator('.chip-fit').count()).toBe(2);

  const sizes = await chips().evaluateAll((all) => all.map((c) => c.getBoundingClientRect().height));
  // A title line and a fit line each (the fit line may wrap once at this width).
  for (const height of sizes) expect(height).toBeLessThan(80);
  const sources = await panel.locator('.sources').boundingBox();
  expect(sources?.height ?? 600).toBeLessThan(600 / 3);
  // Closed, the text is not shown; the whole name is the tooltip.
  expect(await panel.locator('.chip-text').first().isVisible()).toBe(false);
  expect(await panel.locator('.chip-toggle').first().getAttribute('title')).toBe('https://tides.example/how');
  expect(await panel.locator('.chip-fit').first().textContent()).toMatch(/^About \d+ tokens\.$/);
});

test('opened, a chip shows its text and can be edited; the edit is what the model gets', async () => {
  const toggle = panel.locator('.chip-toggle').nth(1);
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  const second = chips().nth(1);
  expect(await second.locator('.chip-text').textContent()).toBe('Boils a litre in ninety seconds.');
  await second.getByRole('button', { name: 'Edit' }).click();
  await second.getByLabel('Quoted text').fill('Boils a litre in sixty seconds.');
  await second.getByRole('button', { name: 'Done' }).click();
  // Closed again, the chip keeps the edit.
  await toggle.click();
  expect(await second.locator('.chip-text').isVisible()).toBe(false);

  session.server.enqueue({ kind: 'stream', chunks: [...ssePieces(['Sixty seconds.']), SSE_DONE], delayMs: 5 });
  const before = session.server.requests.length;
  await panel.getByLabel('Your question').fill('How fast does it boil?');
  await panel.getByLabel('Your question').press('Enter');
  await expect.poll(() => session.server.requests.length, { timeout: 10_000 }).toBe(before + 1);
  const user = session.server.requests.at(-1)?.body.messages?.at(-1)?.content ?? '';
  expect(user).toContain('Boils a litre in sixty seconds.');
  expect(user).not.toContain('ninety');

  // The sent question names each source over the start of its text.
  // The host stays with its dot when the title wraps (a no-break space): a lone “·” started a line.
  const titles = await panel.locator('.question .quoted-title').allTextContents();
  expect(titles).toEqual([
    'Page from “How tides work, and why the Moon matters most” ·\u00a0tides.example',
    'Page from “Kettle reviews” ·\u00a0kettles.example',
  ]);
  await expect.poll(() => panel.locator('.turn').last().getAttribute('data-status')).toBe('done');
});

test('a short question is not faded; a long one is, with Show more', async () => {
  const faded = (el: Element) => getComputedStyle(el).maskImage !== 'none';
  const question = panel.locator('.question-text').last();
  expect(await question.evaluate(faded)).toBe(false);
  // The whole page's start, cut to two lines under its title, fades and offers more.
  const page = panel.locator('.question .quoted').first();
  expect(await page.evaluate(faded)).toBe(true);
  expect(await panel.locator('.question .more').first().textContent()).toBe('Show more');
});
