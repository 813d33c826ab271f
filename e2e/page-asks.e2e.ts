/**
 * Material from the page, as the context menu leaves it for the panel (issue 12): "Summarize
 * this page" summarizes at once, with the cursor left in the composer; "Ask about this page"
 * keeps the quote and waits for the user's question.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { pendingContextKey } from '../extension/shared/attachment';
import { configureProvider } from './panel';
import { startSession, type Session } from './session';
import { SSE_DONE, ssePieces } from './sse';

let session: Session;
let panel: Page;

beforeAll(async () => {
  session = await startSession();
  panel = session.panel;
  await configureProvider(panel, { baseUrl: `${session.server.url}/v1`, model: 'test-model', key: 'k' });
});

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
