/**
 * Where the panel leaves the reader (issue 12): a reopened panel and a conversation shown again
 * after Settings or History land at the latest answer or where the reader was, never at the
 * top; a long question is collapsed and its answer is in view as soon as it is sent; the wait
 * shows it is alive; a failed answer keeps what arrived.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ask, configureProvider } from './panel';
import { startSession, type Session } from './session';
import { SSE_DONE, ssePieces } from './sse';

let session: Session;
let panel: Page;
const SIZE = { width: 400, height: 700 };

beforeAll(async () => {
  session = await startSession();
  panel = session.panel;
  await panel.setViewportSize(SIZE);
  await configureProvider(panel, {
    baseUrl: `${session.server.url}/v1`,
    model: 'test-model',
    key: 'k',
  });
});

afterAll(() => session.close());

/** An answer of `lines` paragraphs, tall enough that three of them overflow the panel. */
const longAnswer = (tag: string, lines = 30) =>
  ssePieces(Array.from({ length: lines }, (_, i) => `${tag} paragraph ${i}.\n\n`));

/** The provider's next answer: `text`, whole. */
const replyWith = (text: string) =>
  session.server.enqueue({ kind: 'stream', chunks: [...ssePieces([text]), SSE_DONE], delayMs: 5 });
const feed = (page = panel) => page.getByRole('feed');
const atLatest = (list: Locator) => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 40);
const scrollTop = (list: Locator) => list.evaluate((el) => Math.round(el.scrollTop));

/** Whether `target`'s top is inside the conversation's visible part. */
async function inView(target: Locator): Promise<boolean> {
  const box = await feed().evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
  const top = await target.evaluate((el) => el.getBoundingClientRect().top);
  return top >= box.top && top < box.bottom;
}

async function answered(tag: string): Promise<void> {
  session.server.enqueue({
    kind: 'stream',
    chunks: [...longAnswer(tag), SSE_DONE],
    delayMs: 1,
  });
  await ask(panel, `Tell me about ${tag}`);
  await expect.poll(() => panel.locator('.turn').last().getAttribute('data-status')).toBe('done');
}

describe('where the panel leaves you', () => {
  test('a reopened panel shows the latest answer, not the top of the conversation', async () => {
    for (const tag of ['alpha', 'beta', 'gamma']) await answered(tag);
    // The panel follows the answer once a frame: its end shows within a frame of arriving.
    await expect.poll(() => atLatest(feed())).toBe(true);

    await panel.close();
    panel = await session.browser.openPanel();
    await panel.setViewportSize(SIZE);
    await expect.poll(() => panel.locator('.turn').count()).toBe(3);
    await expect.poll(() => atLatest(feed())).toBe(true);
    expect(await panel.getByText('gamma paragraph 29.').isVisible()).toBe(true);
  });

  test('back from Settings or History, the reader is where they were reading', async () => {
    const list = feed();
    await list.evaluate((el) => el.scrollTo({ top: 900 }));
    await expect.poll(() => scrollTop(feed())).toBe(900);

    await panel.getByRole('button', { name: 'Settings' }).click();
    await panel.getByRole('button', { name: 'Close settings' }).click();
    await expect.poll(() => scrollTop(feed())).toBe(900);
    // The answers have ended: nothing floats over the text being read.
    expect(await panel.getByRole('button', { name: 'Jump to latest' }).isVisible()).toBe(false);

    // At the latest when they left, the reader comes back to the latest.
    await feed().evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => atLatest(feed())).toBe(true);
    await panel.getByRole('button', { name: 'History' }).click();
    await panel.getByRole('button', { name: 'History' }).click();
    await expect.poll(() => atLatest(feed())).toBe(true);
  });

  test('a long question is collapsed, and its answer comes into view as it is sent', async () => {
    await feed().evaluate((el) => el.scrollTo({ top: 0 })); // reading far up when asking
    const question = Array.from({ length: 500 }, (_, i) => `word${i}`).join(' ');
    // An SSE comment first (no data for the panel): the model reads the question for 1.5 s.
    const chunks = [Buffer.from(': prefill\n\n'), ...ssePieces(['The answer starts here.']), SSE_DONE];
    session.server.enqueue({ kind: 'stream', chunks, delayMs: 1500 });
    await ask(panel, question);

    const turn = panel.locator('.turn').last();
    await expect.poll(() => turn.locator('.pending').count()).toBe(1);
    expect(await inView(turn.locator('.pending'))).toBe(true);
    await expect
      .poll(() => turn.locator('.answer').textContent(), { timeout: 5000 })
      .toContain('The answer starts here.');
    expect(await inView(turn.locator('.answer'))).toBe(true);
    await expect.poll(() => turn.getAttribute('data-status'), { timeout: 5000 }).toBe('done');

    // Collapsed to a few lines, with the whole question a click away.
    const text = turn.locator('.question-text');
    const collapsed = await text.evaluate((el) => el.getBoundingClientRect().height);
    expect(collapsed).toBeLessThan(SIZE.height / 3);
    await turn.getByRole('button', { name: 'Show more' }).click();
    expect(await text.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(collapsed * 2);
    await turn.getByRole('button', { name: 'Show less' }).click();
    expect(await text.evaluate((el) => el.getBoundingClientRect().height)).toBe(collapsed);
    // A short question has nothing to expand.
    expect(await panel.locator('.turn').first().getByRole('button', { name: 'Show more' }).count()).toBe(0);
  });
});

describe('while the answer is on its way', () => {
  test('a spinner and the seconds waited before the first token; a pulse while it streams', async () => {
    // An SSE comment first (no data for the panel), then the answer 2.5 s later: a slow prefill.
    const slow = [Buffer.from(': prefill\n\n'), ...ssePieces(['Slow ', 'but ', 'sure.']), SSE_DONE];
    session.server.enqueue({ kind: 'stream', chunks: slow, delayMs: 2500 });
    await ask(panel, 'Take your time');
    const turn = panel.locator('.turn').last();
    await expect
      .poll(() => turn.locator('.pending').textContent(), { timeout: 3000 })
      .toMatch(/Waiting for the model….*[12] s/);
    expect(await turn.locator('.spin').evaluate((el) => getComputedStyle(el).animationName)).toBe('spin');
    await expect.poll(() => turn.locator('.activity.pulse').count(), { timeout: 5000 }).toBe(1);
    await expect.poll(() => turn.getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    expect(await turn.locator('.activity').count()).toBe(0);
  });

  test('with reduced motion the signs stay, still', async () => {
    await panel.emulateMedia({ reducedMotion: 'reduce' });
    session.server.enqueue({
      kind: 'stream',
      chunks: [Buffer.from(': prefill\n\n'), SSE_DONE],
      delayMs: 1500,
    });
    await ask(panel, 'Still there?');
    const spinner = panel.locator('.turn').last().locator('.spin');
    await expect.poll(() => spinner.count()).toBe(1);
    expect(await spinner.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expect
      .poll(() => panel.locator('.turn').last().getAttribute('data-status'), {
        timeout: 5000,
      })
      .not.toBe('streaming');
    await panel.emulateMedia({ reducedMotion: 'no-preference' });
  });

  test('a stream that goes quiet says for how long, and Retry stops it and asks again', async () => {
    session.server.enqueue({
      kind: 'stream',
      chunks: ssePieces(['Half an ', 'answer']),
      delayMs: 5,
      hold: true,
    });
    await ask(panel, 'Will you finish?');
    const turn = panel.locator('.turn').last();
    await expect.poll(() => turn.locator('.answer').textContent()).toContain('Half an answer');
    const stall = turn.getByRole('status');
    await expect.poll(() => stall.textContent(), { timeout: 15_000 }).toMatch(/No data for 1\d s/);
    expect(await stall.getByRole('button', { name: 'Stop' }).isVisible()).toBe(true);

    replyWith('A whole answer.');
    await stall.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() => panel.locator('.turn').last().locator('.answer').textContent())
      .toContain('A whole answer.');
    await expect.poll(() => panel.locator('.turn').last().getAttribute('data-status')).toBe('done');
    expect((session.server.requests.at(-1)?.body.messages ?? []).at(-1)?.content).toContain('Will you finish?');
  });
});

describe('a failed answer', () => {
  test('a dropped connection keeps what arrived, and Continue carries it on in place', async () => {
    session.server.enqueue({
      kind: 'stream',
      chunks: ssePieces(['First half, ']),
      delayMs: 10,
      drop: true,
    });
    await ask(panel, 'Tell me everything');
    const turn = panel.locator('.turn').last();
    await expect.poll(() => turn.getAttribute('data-status')).toBe('error');
    const alert = turn.getByRole('alert');
    expect(await alert.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);

    replyWith('second half.');
    await alert.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => turn.getAttribute('data-status')).toBe('done');
    // The same turn holds both halves: nothing went behind a version switch.
    expect(await turn.locator('.answer').textContent()).toContain('First half, second half.');
    expect(await turn.getByText('1/2').count()).toBe(0);
    const sent = session.server.requests.at(-1)?.body.messages ?? [];
    expect(sent.at(-2)).toMatchObject({
      role: 'assistant',
      content: expect.stringContaining('First half'),
    });
  });

  test('Retry after a request that failed outright asks again in place: no version holds only the error', async () => {
    session.server.enqueue({ kind: 'status', status: 500, body: 'upstream crashed' });
    await ask(panel, 'Try again, please');
    const turns = await panel.locator('.turn').count();
    const turn = panel.locator('.turn').last();
    await expect.poll(() => turn.getAttribute('data-status')).toBe('error');

    replyWith('Here it is.');
    await turn.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => turn.getAttribute('data-status')).toBe('done');
    expect(await turn.locator('.answer').textContent()).toContain('Here it is.');
    expect(await turn.getByRole('alert').count()).toBe(0);
    expect(await turn.getByRole('group', { name: 'Versions' }).count()).toBe(0);
    expect(await panel.locator('.turn').count()).toBe(turns);
  });
});
