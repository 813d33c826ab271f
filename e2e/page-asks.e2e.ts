/**
 * Material from the page, as the context menu leaves it for the panel (issue 12): "Summarize
 * this page" summarizes at once, with the cursor left in the composer; "Ask about this page"
 * keeps the quote and waits for the user's question.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { pendingContextKey } from '../extension/shared/attachment';
import { startConfiguredSession, type Session } from './session';
import { SSE_DONE, ssePieces } from './sse';

let session: Session;
let panel: Page;

beforeAll(async () => void ({ panel } = session = await startConfiguredSession()));
afterAll(() => session.close());

interface Material {
  title: string;
  url: string;
  text: string;
}

/**
 * What the worker leaves for this window's panel after the page's menu (the shape
 * `context.take` hands over; `page-context.ts` writes it): the page, and for Summarize its question.
 */
async function fromMenu(page: Material, question?: string): Promise<void> {
  const windowId = await panel.evaluate(async () => (await chrome.windows.getCurrent()).id ?? -1);
  await session.browser.worker.evaluate(([key, value]) => chrome.storage.session.set({ [key]: value }), [
    pendingContextKey(windowId),
    { attachment: { kind: 'page', ...page }, ...(question ? { question } : {}) },
  ] as const);
}

const tides = { title: 'How tides work', url: 'http://pages.test/tides', text: 'The Moon pulls the sea.' };
const box = () => panel.getByLabel('Your question');
/**
 * Sends a question and waits for its own answer: right after Enter the last turn on screen can
 * still be the previous chat's finished one, so "the last turn is done" alone proves nothing.
 */
async function send(question: string, answer: string): Promise<void> {
  const before = session.server.requests.length;
  await box().fill(question);
  await box().press('Enter');
  await expect.poll(() => session.server.requests.length, { timeout: 10_000 }).toBe(before + 1);
  const last = panel.locator('.turn').last();
  await expect.poll(() => last.textContent()).toContain(answer);
  await expect.poll(() => last.getAttribute('data-status')).toBe('done');
}
const focusedTag = () => panel.evaluate(() => document.activeElement?.tagName);

describe('from the page menu', () => {
  test('"Summarize this page" asks at once, and leaves the cursor in the composer', async () => {
    session.server.enqueue({
      kind: 'stream',
      chunks: [...ssePieces(['The sea follows the Moon.']), SSE_DONE],
      delayMs: 5,
    });
    const before = session.server.requests.length;
    await fromMenu(tides, 'Summarize this page.');
    await expect.poll(() => session.server.requests.length, { timeout: 10_000 }).toBe(before + 1);
    const user = session.server.requests.at(-1)?.body.messages?.at(-1)?.content ?? '';
    expect(user).toContain('The Moon pulls the sea.');
    expect(user.endsWith('Summarize this page.')).toBe(true);
    await expect.poll(() => panel.locator('.turn').last().getAttribute('data-status')).toBe('done');
    expect(await panel.locator('.chip').count()).toBe(0);
    expect(await box().inputValue()).toBe('');
    expect(await focusedTag()).toBe('TEXTAREA');
    await new Promise((r) => setTimeout(r, 500));
    expect(session.server.requests.length).toBe(before + 1); // asked once
  });

  test('"Ask about this page" keeps the quote and waits for the question', async () => {
    const before = session.server.requests.length;
    await fromMenu({ ...tides, title: 'Tides, again' });
    await expect.poll(() => panel.locator('.chip-title').textContent()).toContain('Tides, again');
    await expect.poll(() => panel.locator('.chip-fit').count()).toBe(1); // sized, and still waiting
    expect(await box().inputValue()).toBe('');
    expect(await focusedTag()).toBe('TEXTAREA');
    expect(session.server.requests.length).toBe(before);
  });
});

describe('material from another page', () => {
  const octopus = { title: 'Octopus', url: 'http://pages.test/octopus', text: 'Eight arms.' };

  test('starts a new chat, saying so before it is sent', async () => {
    const open = await panel.locator('.turn').count();
    expect(open).toBeGreaterThan(0); // the tides chat is open
    await fromMenu(octopus);
    const place = panel.locator('.material-place');
    await expect.poll(() => place.textContent()).toContain('sending starts a new chat');
    session.server.enqueue({ kind: 'stream', chunks: [...ssePieces(['Clever animals.']), SSE_DONE], delayMs: 5 });
    await send('How clever are they?', 'Clever animals.');
    expect(await panel.locator('.turn').count()).toBe(1);
    // The model was sent the octopus alone, none of the tides chat.
    const sent = session.server.requests.at(-1)?.body.messages ?? [];
    expect(sent.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(sent.map((m) => m.content).join('\n')).not.toContain('Moon');
  });

  test('joins the open chat when the user adds it there', async () => {
    await fromMenu(tides);
    const place = panel.locator('.material-place');
    await place.getByRole('button', { name: 'Add to this chat' }).click();
    expect(await place.textContent()).toContain('This page goes into this chat.');
    session.server.enqueue({ kind: 'stream', chunks: [...ssePieces(['Both are wet.']), SSE_DONE], delayMs: 5 });
    await send('Compare the two', 'Both are wet.');
    expect(await panel.locator('.turn').count()).toBe(2);
    const sent = session.server.requests.at(-1)?.body.messages ?? [];
    expect(sent.map((m) => m.content).join('\n')).toContain('Eight arms.');
    // Material from a page the chat is about is simply added, with nothing to choose.
    await fromMenu(octopus);
    await expect.poll(() => panel.locator('.chip-title').textContent()).toContain('Octopus');
    expect(await place.count()).toBe(0);
  });

  test('arriving while the latest answer is read, it keeps that answer in view, at any width', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => `Line ${i} of a long answer.\n\n`);
    session.server.enqueue({ kind: 'stream', chunks: [...ssePieces(lines), SSE_DONE], delayMs: 1 });
    await send('A long one, please', 'Line 59 of a long answer.');
    await fromMenu({ title: 'Squid', url: 'http://pages.test/squid', text: 'Ten arms.' });
    await panel.locator('.material-place').waitFor();
    // The quote and the notice take room from the conversation, a narrower panel makes it
    // longer: its end stays in sight, with nothing to jump to.
    const size = panel.viewportSize() ?? { width: 400, height: 800 };
    await panel.setViewportSize({ width: 240, height: size.height });
    const below = () =>
      panel.locator('.conversation').evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    await expect.poll(below).toBeLessThan(2);
    expect(await panel.locator('.jump').count()).toBe(0);
    await panel.setViewportSize(size);
  });
});
