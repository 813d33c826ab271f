/**
 * Reading in the panel, in real Chromium: a long answer is followed until the reader scrolls up,
 * and what the reader acts on (a version's arrows, an edit box) stays in view.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { answerText as answerOf, ask, lastTurn as lastOf, newChat as newChatIn } from './panel';
import { startConfiguredSession, type Session } from './session';
import { SSE_DONE, ssePieces } from './sse';

let session: Session;
let panel: Page;

beforeAll(async () => {
  session = await startConfiguredSession();
  panel = session.panel;
});

afterAll(() => session.close());

const lastTurn = () => lastOf(panel);
const answerText = () => answerOf(panel);
const newChat = () => newChatIn(panel);

describe('reading a long answer', () => {
  test('scrolling up stops following; Jump to latest brings the end back; Copy copies the Markdown', async () => {
    await newChat();
    const lines = ssePieces(Array.from({ length: 150 }, (_, i) => `Line **${i}**\n\n`));
    session.server.enqueue({ kind: 'stream', chunks: [...lines, SSE_DONE], delayMs: 15 });
    await ask(panel, 'Many lines please');
    const feed = panel.getByRole('feed');
    const atBottom = () => feed.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 40);
    await expect.poll(() => answerText()).toContain('Line 20');
    expect(await atBottom()).toBe(true); // it follows the answer
    await feed.hover();
    await panel.mouse.wheel(0, -100_000); // the reader scrolls up with the wheel
    const jump = panel.getByRole('button', { name: 'Jump to latest' });
    await expect.poll(() => jump.isVisible()).toBe(true);
    await expect.poll(() => answerText()).toContain('Line 60');
    // It left the reader alone, near the top (blocks far from the screen are sized by estimate
    // until seen, so the offset may move a little as they are).
    expect(await feed.evaluate((el) => el.scrollTop < el.scrollHeight / 4)).toBe(true);
    await jump.click();
    await expect.poll(atBottom).toBe(true);
    expect(await jump.isVisible()).toBe(false);
    await expect.poll(() => lastTurn().getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    await expect.poll(atBottom).toBe(true); // followed to the end
    // Once the answer has ended, nothing floats over it: the reader scrolls as in any page.
    await feed.evaluate((el) => el.scrollTo({ top: 0 }));
    await new Promise((r) => setTimeout(r, 300));
    expect(await jump.isVisible()).toBe(false);

    await panel.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await lastTurn().getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => lastTurn().getByRole('button', { name: 'Copied' }).isVisible()).toBe(true);
    const copied = await panel.evaluate(() => navigator.clipboard.readText());
    expect(copied.startsWith('Line **0**\n\nLine **1**')).toBe(true);
  });
});

describe('what the reader acts on stays in view', () => {
  const lines = (n: number, tag: string) => ssePieces(Array.from({ length: n }, (_, i) => `${tag} line ${i}\n\n`));
  test('switching versions keeps the ‹ › control where it was, with the keyboard on it; Edit shows its box', async () => {
    await newChat();
    session.server.enqueue({ kind: 'stream', chunks: [...lines(60, 'first'), SSE_DONE], delayMs: 1 });
    await ask(panel, 'First');
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('done');
    session.server.enqueue({ kind: 'stream', chunks: [...lines(2, 'short'), SSE_DONE], delayMs: 1 });
    await ask(panel, 'Second');
    await expect.poll(() => answerText()).toContain('short line 1');
    session.server.enqueue({ kind: 'stream', chunks: [...lines(60, 'long'), SSE_DONE], delayMs: 1 });
    await lastTurn().getByRole('button', { name: 'Regenerate' }).click();
    await expect.poll(() => answerText()).toContain('long line 59');
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('done');

    // From the long version to the short one: the control would jump up by the long answer.
    const versions = lastTurn().getByRole('group', { name: 'Versions' });
    const top = () => versions.evaluate((el) => Math.round(el.getBoundingClientRect().top));
    // On screen, in the list's view (not only somewhere in the page).
    const onScreen = () =>
      versions.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const view = (el.closest('[role=feed]') as HTMLElement).getBoundingClientRect();
        return r.top >= view.top && r.bottom <= view.bottom;
      });
    const before = await top();
    await lastTurn().getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => answerText()).toContain('short line 1');
    expect(await onScreen()).toBe(true);
    // Where it was, give or take what blocks sized by estimate moved (a long answer is 3000 px).
    expect(Math.abs((await top()) - before)).toBeLessThan(60);
    expect(await panel.evaluate(() => document.activeElement?.closest('.versions') !== null)).toBe(true);
    // And back, from the keyboard (the Next arrow has it, Previous being the first now).
    await panel.keyboard.press('Enter');
    await expect.poll(() => answerText()).toContain('long line 59');
    expect(await onScreen()).toBe(true);
    expect(Math.abs((await top()) - before)).toBeLessThan(60);

    // Edit, under the last answer, opens the box above it: the box is brought into view.
    const last = lastTurn();
    await last.getByRole('button', { name: 'Edit' }).scrollIntoViewIfNeeded();
    await last.getByRole('button', { name: 'Edit' }).click();
    const box = last.getByLabel('Edit your question');
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    const inView = await box.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const feed = (el.closest('[role=feed]') as HTMLElement).getBoundingClientRect();
      return r.top >= feed.top && r.bottom <= feed.bottom;
    });
    expect(inView).toBe(true);
    await box.press('Escape');
  });
});

describe('text size', () => {
  test('Large makes the panel’s text larger at once, and is remembered', async () => {
    const size = () => panel.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
    expect(await size()).toBe(14);
    await panel.getByRole('button', { name: 'Settings' }).click();
    await panel.getByRole('radio', { name: 'Large' }).click();
    await expect.poll(size).toBe(16);
    await panel.reload();
    await expect.poll(size).toBe(16);
    await panel.getByRole('button', { name: 'Settings' }).click();
    await panel.getByRole('radio', { name: 'Normal' }).click();
    await expect.poll(size).toBe(14);
    await panel.getByRole('button', { name: 'Close settings' }).click();
  });
});

describe('instructions for every new chat', () => {
  test('a new chat starts with them and sends them first; its own replace them', async () => {
    await panel.getByRole('button', { name: 'Settings' }).click();
    const box = panel.getByRole('textbox', { name: 'Instructions for every new chat' });
    await box.fill('Answer in French.');
    await panel.locator('.default-instructions button[type=submit]').click();
    await expect.poll(() => panel.locator('.default-instructions button[type=submit]').isDisabled()).toBe(true);
    await panel.getByRole('button', { name: 'Close settings' }).click();
    await newChat();
    session.server.enqueue({ kind: 'stream', chunks: [...ssePieces(['Bonjour.']), SSE_DONE], delayMs: 1 });
    await ask(panel, 'Hello?');
    await expect
      .poll(() => session.server.requests.at(-1)?.body.messages?.[0]?.content ?? '')
      .toContain('Answer in French.');
    await newChat();
    await panel.getByRole('button', { name: /^Instructions/ }).click();
    await panel.getByLabel('Instructions for this conversation').fill('Answer in Latin.');
    await panel.getByRole('button', { name: 'Save instructions' }).click();
    session.server.enqueue({ kind: 'stream', chunks: [...ssePieces(['Salve.']), SSE_DONE], delayMs: 1 });
    await ask(panel, 'Hello again?');
    await expect
      .poll(() => session.server.requests.at(-1)?.body.messages?.[0]?.content ?? '')
      .toContain('Answer in Latin.');
    expect(session.server.requests.at(-1)?.body.messages?.[0]?.content).not.toContain('French');
  });
});
