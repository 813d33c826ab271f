/**
 * Commands that come close together, and links between answers, in real Chromium: a double
 * click on Continue asks once, a Stop sent with the question stops it, and an in-answer link
 * leads within its own answer.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ask } from './panel';
import { startConfiguredSession, type Session } from './session';
import { SSE_DONE, ssePieces } from './sse';

let session: Session;
beforeAll(async () => void (session = await startConfiguredSession()));
afterAll(() => session.close());
const panel = (): Page => session.panel;

const lastTurn = () => panel().locator('.turn').last();
const answerText = () => lastTurn().locator('.answer').textContent();

/** Takes the next scripted response off the provider server's queue, as a request would. */
async function takeScripted(): Promise<void> {
  const stop = new AbortController();
  await fetch(`${session.server.url}/v1/chat/completions`, { method: 'POST', body: '{}', signal: stop.signal });
  stop.abort();
}

async function newChat(): Promise<void> {
  await panel().getByRole('button', { name: 'New chat' }).click();
}

describe('commands close together', () => {
  test('a double click on Continue sends one request and carries on one answer', async () => {
    await newChat();
    session.server.enqueue({ kind: 'stream', chunks: ssePieces(['One ', 'two ']), delayMs: 5, hold: true });
    await ask(panel(), 'Count');
    await expect.poll(() => answerText()).toContain('two');
    await panel().getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('stopped');

    const before = session.server.requests.length;
    // One response: a second request would be answered 500 (and be counted).
    session.server.enqueue({ kind: 'stream', chunks: [...ssePieces(['three ']), SSE_DONE], delayMs: 200 });
    await lastTurn().getByRole('button', { name: 'Continue' }).dblclick();
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('done');
    await new Promise((r) => setTimeout(r, 500)); // a second request would have arrived by now
    expect(session.server.requests.length - before).toBe(1);
    expect((await answerText())?.trim()).toBe('One two three');
  });

  test('Stop shows the text that came before it together with the stopped state, not a frame after', async () => {
    await newChat();
    const words = Array.from({ length: 400 }, (_, i) => `w${i} `);
    session.server.enqueue({ kind: 'stream', chunks: ssePieces(words), delayMs: 5, hold: true });
    await ask(panel(), 'Stream on');
    await expect.poll(async () => (await answerText())?.length ?? 0).toBeGreaterThan(100);
    // What the answer says the moment its turn shows as stopped, seen from inside the page.
    await lastTurn().evaluate((turn) => {
      const seen = window as unknown as { atStop?: string };
      new MutationObserver((_, observer) => {
        if (turn.getAttribute('data-status') !== 'stopped') return;
        seen.atStop = turn.querySelector('.answer')?.textContent ?? '';
        observer.disconnect();
      }).observe(turn, { attributes: true, attributeFilter: ['data-status'] });
    });
    await panel().getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('stopped');
    await new Promise((r) => setTimeout(r, 300)); // anything still on its way has arrived
    const atStop = await panel().evaluate(() => (window as unknown as { atStop?: string }).atStop);
    expect(atStop).toBe(await answerText());
  });

  test('a Stop sent with the question, before the worker has stored it, ends the answer as stopped', async () => {
    await newChat();
    session.server.enqueue({ kind: 'stream', chunks: ssePieces(['Never ', 'mind ']), delayMs: 50, hold: true });
    const before = session.server.requests.length;
    const box = panel().getByLabel('Your question');
    await box.fill('Stop at once');
    // Enter sends, and Stop is clicked the moment it shows, all inside the page: the Stop reaches
    // the worker right behind the question, before it has stored the turn.
    const clicked = await box.evaluate(async (el) => {
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
      for (let i = 0; i < 200; i++) {
        const stop = document.querySelector<HTMLButtonElement>('button.stop');
        if (stop) {
          stop.click();
          return true;
        }
        await new Promise((r) => setTimeout(r, 0));
      }
      return false;
    });
    expect(clicked).toBe(true);
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('stopped');
    // No request was sent, or the one sent was aborted (give one that was on its way time to arrive).
    await new Promise((r) => setTimeout(r, 300));
    const sent = session.server.requests.slice(before);
    expect(sent.length).toBeLessThanOrEqual(1);
    if (sent[0]) await sent[0].aborted;
    else await takeScripted(); // the response nobody asked for must not answer the next test
  });
});

describe('links inside answers', () => {
  test('two answers with the same heading and footnote: each one links within itself', async () => {
    await newChat();
    for (const n of [1, 2]) {
      const answer = `## Intro\n\nAnswer ${n}, see [the intro](#gloss-h-intro) and the note[^1].\n\n[^1]: Note ${n}.\n`;
      session.server.enqueue({ kind: 'stream', chunks: [...ssePieces([answer]), SSE_DONE], delayMs: 1 });
      await ask(panel(), `Question ${n}`);
      await expect.poll(() => panel().locator('.turn').count()).toBe(n);
      await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('done');
    }
    // The answer's DOM is patched on the next frame after its end arrives: wait for the links.
    const readLinks = () =>
      panel().evaluate(() =>
        [...document.querySelectorAll<HTMLAnchorElement>('.turn .answer a[href^="#"]')].map((a) => {
          const target = document.getElementById(decodeURIComponent(a.getAttribute('href')!.slice(1)));
          return { found: target !== null, same: target?.closest('.turn') === a.closest('.turn') };
        }),
      );
    // Per answer: the heading link, the note's reference, its way back.
    await expect.poll(async () => (await readLinks()).length).toBe(6);
    const links = await readLinks();
    expect(links).toHaveLength(6);
    expect(links.every((l) => l.found && l.same)).toBe(true);
    const ids = await panel().evaluate(() => [...document.querySelectorAll('.turn .answer [id]')].map((e) => e.id));
    expect(new Set(ids).size).toBe(ids.length);

    // Following the second answer's links scrolls to the second answer's heading and note.
    await panel().evaluate(() => {
      const scrolled: string[] = [];
      (window as unknown as { scrolled: string[] }).scrolled = scrolled;
      Element.prototype.scrollIntoView = function (this: Element) {
        scrolled.push(this.closest('.turn')?.querySelector('.question-text')?.textContent ?? '');
      };
    });
    await lastTurn().locator('.answer a', { hasText: 'the intro' }).click();
    await lastTurn().locator('sup.footnote-ref a').click();
    const scrolled = await panel().evaluate(() => (window as unknown as { scrolled: string[] }).scrolled);
    expect(scrolled).toHaveLength(2);
    for (const where of scrolled) expect(where).toContain('Question 2');
  });
});
