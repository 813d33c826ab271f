/**
 * The panel from the keyboard (issue 12): paging keys in the question box scroll the
 * conversation, the conversation takes the focus, Stop leaves the cursor in the box, and
 * opening Instructions puts it in their text.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ask } from './panel';
import { startConfiguredSession, type Session } from './session';
import { SSE_DONE, ssePieces } from './sse';

let session: Session;
let panel: Page;

beforeAll(async () => {
  session = await startConfiguredSession();
  panel = session.panel;
  await panel.setViewportSize({ width: 400, height: 700 });
  for (const tag of ['alpha', 'beta']) {
    const paragraphs = Array.from({ length: 30 }, (_, i) => `${tag} paragraph ${i}.\n\n`);
    session.server.enqueue({ kind: 'stream', chunks: [...ssePieces(paragraphs), SSE_DONE], delayMs: 1 });
    await ask(panel, `Tell me about ${tag}`);
    await panel.locator('.turn[data-status=done]', { hasText: `${tag} paragraph 29.` }).waitFor();
  }
});

afterAll(() => session.close());

const feed = () => panel.getByRole('feed');
const box = () => panel.getByLabel('Your question');
const scrollTop = () => feed().evaluate((el) => Math.round(el.scrollTop));
const atEnd = () => feed().evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 40);
const focused = () =>
  panel.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);

describe('from the question box', () => {
  test('Home and End (in an empty box) go to the start and end of the conversation', async () => {
    await box().fill('');
    await box().press('Home');
    await expect.poll(scrollTop).toBe(0);
    await box().press('End');
    await expect.poll(atEnd).toBe(true);
    expect(await focused()).toBe('Your question');
  });

  test('PageUp and PageDown page through the conversation', async () => {
    const bottom = await scrollTop();
    await box().press('PageUp');
    await expect.poll(scrollTop).toBeLessThan(bottom - 300);
    const paged = await scrollTop();
    await box().press('PageUp');
    await expect.poll(scrollTop).toBeLessThan(paged - 300);
    await box().press('PageDown');
    await expect.poll(scrollTop).toBe(paged);
  });

  test('with text in the box, Home and End move the cursor and leave the conversation alone', async () => {
    const before = await scrollTop();
    await box().fill('some words');
    await box().press('Home');
    expect(await box().evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe(0);
    await box().press('End');
    expect(await box().evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe('some words'.length);
    expect(await scrollTop()).toBe(before);
    await box().fill('');
  });
});

describe('focus', () => {
  test('the conversation can be focused and scrolled with the keyboard', async () => {
    await feed().focus();
    expect(await focused()).toBe('Conversation');
    await feed().press('Home');
    await expect.poll(scrollTop).toBe(0);
  });

  test('Stop leaves the cursor in the question box', async () => {
    session.server.enqueue({ kind: 'stream', chunks: ssePieces(['Going ', 'on ']), delayMs: 50, hold: true });
    await ask(panel, 'Keep going');
    await expect.poll(() => panel.locator('.turn').last().locator('.answer').textContent()).toContain('Going');
    await panel.locator('form.composer').getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => panel.locator('.turn').last().getAttribute('data-status')).toBe('stopped');
    expect(await focused()).toBe('Your question');
  });

  test('opening Instructions puts the cursor in their text', async () => {
    await panel.getByRole('button', { name: 'Instructions' }).click();
    expect(await panel.evaluate(() => document.activeElement?.id)).toBe('system-prompt');
    await panel.keyboard.press('Escape');
  });
});
