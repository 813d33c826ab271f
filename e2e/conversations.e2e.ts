/**
 * Conversations you can trust, in real Chromium: an answer survives the panel closing and the
 * worker being stopped; versions, history search, export and import work as a user sees them.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ask, configureProvider } from './panel';
import { startSession, type Session } from './session';
import { SSE_DONE, sseEvent, ssePieces } from './sse';

let session: Session;
let panel: Page;

beforeAll(async () => {
  session = await startSession();
  panel = session.panel;
  await configureProvider(panel, { baseUrl: `${session.server.url}/v1`, model: 'test-model', key: 'k' });
});

afterAll(() => session.close());

const lastTurn = (page = panel) => page.locator('.turn').last();
const answerText = (page = panel) => lastTurn(page).locator('.answer').textContent();

/** `count` numbered words ("w0 w1 …"), one SSE event each. */
const words = (count: number, from = 0) => ssePieces(Array.from({ length: count }, (_, i) => `w${from + i} `));

async function newChat(page = panel): Promise<void> {
  await page.getByRole('button', { name: 'New chat' }).click();
}

describe('answers survive', () => {
  test('closing the panel mid-answer loses nothing; a reopened panel joins the live answer', async () => {
    await newChat();
    session.server.enqueue({ kind: 'stream', chunks: [...words(40), SSE_DONE], delayMs: 60 });
    await ask(panel, 'Count slowly');
    await expect.poll(() => answerText()).toContain('w3 ');
    await panel.close();

    await new Promise((r) => setTimeout(r, 600)); // the answer goes on with no panel open
    panel = await session.browser.openPanel();
    // The reopened panel shows the same conversation, catches up, then follows live.
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('streaming');
    await expect.poll(() => answerText(), { timeout: 15_000 }).toContain('w39');
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('done');
    const text = (await answerText()) ?? '';
    expect(text.trim()).toBe(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '));
    expect(session.server.requests).toHaveLength(1); // it was never asked twice
  });

  test('a worker stopped mid-answer leaves it interrupted with its text; Continue finishes it', async () => {
    await newChat();
    session.server.enqueue({ kind: 'stream', chunks: words(10), delayMs: 20, hold: true });
    await ask(panel, 'Tell me a long story');
    await expect.poll(() => answerText()).toContain('w9');

    // What the browser does to an idle worker, done now through the DevTools protocol.
    const cdp = await panel.context().newCDPSession(panel);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');

    await expect.poll(() => lastTurn().getAttribute('data-status'), { timeout: 15_000 }).toBe('interrupted');
    expect((await answerText())?.trim()).toBe(Array.from({ length: 10 }, (_, i) => `w${i}`).join(' '));
    expect(await lastTurn().textContent()).toContain('Interrupted');
    // Cut off before the provider's end, the answer still says which model wrote it.
    expect(await lastTurn().locator('.usage').textContent()).toContain('test-model');

    session.server.enqueue({ kind: 'stream', chunks: [...words(3, 10), SSE_DONE], delayMs: 5 });
    await lastTurn().getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('done');
    expect(await answerText()).toContain('w9 w10 w11 w12');
    const sent = session.server.requests.at(-1)?.body.messages ?? [];
    expect(sent.at(-2)).toMatchObject({ role: 'assistant', content: expect.stringContaining('w9') });
    expect(sent.at(-1)?.content).toContain('Continue it exactly where it stopped');
  });
});

describe('the chat', () => {
  test('regenerate and edit keep every version, switchable', async () => {
    await newChat();
    session.server.enqueue({ kind: 'stream', chunks: [...words(1, 100), SSE_DONE], delayMs: 1 });
    await ask(panel, 'First question');
    await expect.poll(() => answerText()).toContain('w100');

    session.server.enqueue({ kind: 'stream', chunks: [...words(1, 200), SSE_DONE], delayMs: 1 });
    await lastTurn().getByRole('button', { name: 'Regenerate' }).click();
    await expect.poll(() => answerText()).toContain('w200');
    expect(await lastTurn().getByRole('group', { name: 'Versions' }).textContent()).toContain('2 / 2');
    await lastTurn().getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => answerText()).toContain('w100');

    // Up in the empty composer brings the last question back for editing.
    const box = panel.getByLabel('Your question');
    await box.focus();
    await box.press('ArrowUp');
    expect(await box.inputValue()).toBe('First question');
    session.server.enqueue({ kind: 'stream', chunks: [...words(1, 300), SSE_DONE], delayMs: 1 });
    await box.fill('First question, edited');
    await box.press('Enter');
    await expect.poll(() => answerText()).toContain('w300');
    expect(await lastTurn().locator('.question-text').textContent()).toBe('First question, edited');
    expect(await lastTurn().getByRole('group', { name: 'Versions' }).textContent()).toContain('3 / 3');
    expect(await panel.locator('.turn').count()).toBe(1);

    // The choice survives a reload: the panel reopens on the version last shown.
    await lastTurn().getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => answerText()).toContain('w200');
    await panel.reload();
    await expect.poll(() => answerText()).toContain('w200');
  });

  test('a panel opened again shows its conversation without a new chat’s welcome first', async () => {
    // Watches every frame of the page from its first line, before the panel's own script runs.
    await panel.addInitScript(() => {
      const seen = { welcome: false, newChat: false };
      Object.assign(window, { seen });
      new MutationObserver(() => {
        if (document.querySelector('.empty-state')) seen.welcome = true;
        if (document.querySelector('.conversation-title')?.textContent === 'New chat') seen.newChat = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await panel.reload();
    await expect.poll(() => panel.locator('.turn').count()).toBeGreaterThan(0);
    expect(await panel.evaluate(() => (window as unknown as { seen: object }).seen)).toEqual({
      welcome: false,
      newChat: false,
    });
  });

  test('history finds a conversation by a word of its answer, and opens it', async () => {
    await newChat();
    session.server.enqueue({
      kind: 'stream',
      chunks: [sseEvent('Photosynthesis needs light.'), SSE_DONE],
      delayMs: 1,
    });
    await ask(panel, 'How do plants eat?');
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('done');
    await newChat();
    await panel.getByRole('button', { name: 'History' }).click();
    await expect.poll(() => panel.locator('.history-day').first().textContent()).toBe('Today'); // grouped by day
    await panel.getByRole('searchbox', { name: 'Search conversations' }).fill('photosynth');
    const items = panel.locator('.history-item');
    await expect.poll(() => items.allTextContents()).toEqual([expect.stringContaining('How do plants eat?')]);
    await items.first().click();
    await expect.poll(() => answerText()).toContain('Photosynthesis needs light.');
  });

  test('a conversation exported as JSON and imported again is the same conversation', async () => {
    await panel.getByRole('button', { name: 'History' }).click();
    const row = panel.locator('.history-list li', { hasText: 'How do plants eat?' });
    await row.getByLabel(/^Actions for/).click();
    const downloading = panel.waitForEvent('download');
    await row.getByRole('menuitem', { name: 'Export JSON' }).click();
    const file = await (await downloading).path();
    const exported = JSON.parse(readFileSync(file, 'utf8')) as { conversations: { turns: unknown[] }[] };
    expect(exported.conversations).toHaveLength(1);

    await row.getByLabel(/^Actions for/).click();
    await row.getByRole('menuitem', { name: 'Delete' }).click();
    await expect.poll(() => panel.locator('.history-list li', { hasText: 'How do plants eat?' }).count()).toBe(0);
    await panel.locator('input[type=file]').setInputFiles(file);
    await expect
      .poll(() => panel.locator('.history').getByRole('status').textContent())
      .toContain('Imported 1 conversation');
    await panel.locator('.history-item', { hasText: 'How do plants eat?' }).click();
    await expect.poll(() => answerText()).toContain('Photosynthesis needs light.');

    // Export again: the same conversation, to the byte, apart from the export's own date.
    await panel.getByRole('button', { name: 'History' }).click();
    const again = panel.locator('.history-list li', { hasText: 'How do plants eat?' });
    await again.getByLabel(/^Actions for/).click();
    const second = panel.waitForEvent('download');
    await again.getByRole('menuitem', { name: 'Export JSON' }).click();
    const reexported = JSON.parse(readFileSync(await (await second).path(), 'utf8')) as typeof exported;
    expect(reexported.conversations).toEqual(exported.conversations);
  });

  test('delete can be undone', async () => {
    const row = panel.locator('.history-list li', { hasText: 'Count slowly' });
    await row.getByLabel(/^Actions for/).click();
    await row.getByRole('menuitem', { name: 'Delete' }).click();
    await expect
      .poll(() => panel.locator('.history').getByRole('status').textContent())
      .toContain('Deleted “Count slowly”');
    await panel.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => panel.locator('.history-item', { hasText: 'Count slowly' }).count()).toBe(1);
  });
});

describe('a question the worker cannot take', () => {
  test('is given back to the composer with the reason, and sent again it starts a new chat', async () => {
    await newChat();
    session.server.enqueue({ kind: 'stream', chunks: [...words(1, 600), SSE_DONE], delayMs: 1 });
    await ask(panel, 'Soon deleted elsewhere');
    await expect.poll(() => answerText()).toContain('w600');

    // Another Gloss window deletes this conversation.
    const other = await session.browser.openPanel();
    await other.getByRole('button', { name: 'History' }).click();
    const row = other.locator('.history-list li', { hasText: 'Soon deleted elsewhere' });
    await row.getByLabel(/^Actions for/).click();
    await row.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    await expect.poll(() => row.count()).toBe(0);
    await other.close();

    const before = session.server.requests.length;
    await ask(panel, 'A follow-up');
    await expect.poll(() => panel.getByRole('alert').textContent()).toContain('no longer exists');
    const box = panel.getByLabel('Your question');
    await expect.poll(() => box.inputValue()).toBe('A follow-up');
    // No turn shows it: it was never stored.
    expect(await panel.locator('.question-text', { hasText: 'A follow-up' }).count()).toBe(0);
    expect(session.server.requests.length).toBe(before);

    session.server.enqueue({ kind: 'stream', chunks: [...words(1, 700), SSE_DONE], delayMs: 1 });
    await box.press('Enter');
    await expect.poll(() => answerText()).toContain('w700');
    expect(await panel.locator('.turn').count()).toBe(1);
    expect(session.server.requests.at(-1)?.body.messages?.map((m) => m.content)).toEqual(['A follow-up']);
  });
});

describe('instructions, quick actions, themes', () => {
  test('instructions set before the first question go first, as the system message, every time', async () => {
    await panel.getByRole('button', { name: 'History' }).click(); // back to the chat
    await newChat();
    await panel.getByRole('button', { name: 'Instructions' }).click();
    await panel.getByLabel('Instructions for this conversation').fill('Answer like a pirate.');
    await panel.getByRole('button', { name: 'Save instructions' }).click();
    for (const [n, question] of ['Hello', 'Again'].entries()) {
      session.server.enqueue({ kind: 'stream', chunks: [...words(1, 400 + n), SSE_DONE], delayMs: 1 });
      await ask(panel, question);
      await expect.poll(() => answerText()).toContain(`w${400 + n}`);
      const sent = session.server.requests.at(-1)?.body.messages ?? [];
      expect(sent[0]).toEqual({ role: 'system', content: 'Answer like a pirate.' });
      expect(sent.at(-1)).toEqual({ role: 'user', content: question });
    }
    expect(await panel.getByRole('button', { name: 'Instructions ✓' }).isVisible()).toBe(true);
  });

  test('a quick action asks about the text in the box', async () => {
    await newChat();
    session.server.enqueue({ kind: 'stream', chunks: [...words(1, 500), SSE_DONE], delayMs: 1 });
    await panel.getByLabel('Your question').fill('The mitochondria is the powerhouse of the cell.');
    await panel.getByRole('group', { name: 'Quick actions' }).getByRole('button', { name: 'Simplify' }).click();
    await expect.poll(() => answerText()).toContain('w500');
    expect(session.server.requests.at(-1)?.body.messages?.at(-1)?.content).toBe(
      'Rewrite this in plain, simple language.\n\nThe mitochondria is the powerhouse of the cell.',
    );
    expect(await panel.getByLabel('Your question').inputValue()).toBe('');
  });

  test('a quick action edited and moved to the front in Settings is the first chip, and asks what was written', async () => {
    await panel.getByRole('button', { name: 'Settings' }).click();
    const library = panel.getByRole('region', { name: 'Quick actions' });
    await library.getByRole('button', { name: 'Edit the Simplify action' }).click();
    await library.getByLabel('Name', { exact: true }).fill('Plain words');
    await library.getByLabel('Question it asks').fill('Say this in plain words.');
    await library.getByRole('button', { name: 'Save', exact: true }).click();
    // Up three times from the keyboard: the focus stays on the arrow as the row moves, and at
    // the top it is on the other arrow.
    await library.getByRole('button', { name: 'Move Plain words up' }).click();
    await panel.keyboard.press('Enter');
    await panel.keyboard.press('Enter');
    const focused = () => panel.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await expect.poll(focused).toBe('Move Plain words down');
    expect(await library.getByRole('button', { name: 'Move Plain words up' }).isDisabled()).toBe(true);

    await panel.reload(); // stored, not only shown (it opens on the chat)
    const chips = panel.getByRole('group', { name: 'Quick actions' }).getByRole('button');
    await expect.poll(() => chips.allTextContents()).toEqual(['Plain words', 'Summarize', 'Explain', 'Translate']);
    session.server.enqueue({ kind: 'stream', chunks: [...words(1, 600), SSE_DONE], delayMs: 1 });
    await panel.getByLabel('Your question').fill('Photosynthesis turns light into sugar.');
    await chips.first().click();
    await expect.poll(() => answerText()).toContain('w600');
    expect(session.server.requests.at(-1)?.body.messages?.at(-1)?.content).toBe(
      'Say this in plain words.\n\nPhotosynthesis turns light into sugar.',
    );
    await panel.getByRole('button', { name: 'Settings' }).click();
    await panel.getByRole('button', { name: 'Restore the default actions' }).click(); // as it was
  });

  test('the dark theme applies at once and is remembered', async () => {
    const background = () => panel.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background(); // Settings is open
    await panel.getByRole('radio', { name: 'Dark' }).click();
    await expect.poll(() => panel.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    await expect.poll(background).not.toBe(light);
    await panel.reload();
    await expect.poll(() => panel.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await background()).not.toBe(light);
  });
});
