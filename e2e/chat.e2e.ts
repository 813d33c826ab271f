/**
 * The foundation path in real Chromium: configure a provider in the panel, ask, and watch a
 * streamed markdown answer render; then the ways it can go wrong.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ask as askIn, configureProvider, openProviderForm, request } from './panel';
import { fixture, perEvent, splitInsideCharacters } from './provider-server';
import { startSession, type Session } from './session';
import { ssePieces } from './sse';

let session: Session;
let server: Session['server'];
let panel: Page;

beforeAll(async () => {
  session = await startSession();
  ({ server, panel } = session);
});

afterAll(() => session.close());

const answers = () => panel.locator('.turn .answer');
const lastTurn = () => panel.locator('.turn').last();

async function configure(baseUrl: string, model = 'gpt-4o-mini', key?: string) {
  await configureProvider(panel, { baseUrl, model, key });
}

const ask = (question: string) => askIn(panel, question);

describe('first run', () => {
  test('shows the provider form and explains a bad base URL as it is typed', async () => {
    await expect.poll(() => panel.getByRole('heading', { name: 'Connect a model' }).isVisible()).toBe(true);
    await openProviderForm(panel);
    await panel.getByRole('textbox', { name: 'Base URL' }).fill('ftp://example.com/v1');
    await expect.poll(() => panel.getByRole('alert').textContent()).toContain('must start with http:// or https://');
  });

  test('Settings lists the keyboard shortcuts', async () => {
    await configure(`${server.url}/v1`, 'gpt-4o-mini', 'test-key');
    await panel.getByRole('button', { name: 'Settings' }).click();
    const shortcuts = panel.getByRole('region', { name: 'Keyboard shortcuts' });
    await expect.poll(() => shortcuts.textContent()).toContain('Open or close Gloss Alt+Shift+G');
    expect(await shortcuts.textContent()).toContain('Ask Gloss about the selected text Alt+Shift+Q');
    await panel.getByRole('button', { name: 'Close settings' }).click();
  });

  test('saves a provider; the panel never receives the key', async () => {
    await configure(`${server.url}/v1`, 'gpt-4o-mini', 'test-key');
    await expect.poll(() => panel.getByLabel('Your question').isVisible()).toBe(true);
    const seen = JSON.stringify(await request(panel, 'settings.get', {}));
    expect(seen).toContain('"hasApiKey":true');
    expect(seen).not.toContain('test-key');
  });
});

describe('asking', () => {
  test('streams a markdown answer that renders as it arrives', async () => {
    server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 60 });
    // Record every distinct state of the answer, to see it grow rather than appear at once.
    await panel.evaluate(() => {
      const states = new Set<string>();
      (window as unknown as { answerStates: Set<string> }).answerStates = states;
      new MutationObserver(() => {
        const answer = document.querySelector('.turn:last-child .answer');
        if (answer) states.add(answer.innerHTML);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await ask('Explain Rust ownership');
    const answer = answers().last();
    await expect.poll(() => lastTurn().getAttribute('data-status'), { timeout: 15_000 }).toBe('done');

    expect(await answer.locator('h2').textContent()).toContain('Rust ownership');
    expect(await answer.locator('li').count()).toBe(2);
    expect(await answer.locator('strong').textContent()).toBe('owner');
    expect(await answer.locator('pre code.language-rust').textContent()).toContain('String::from("hi")');
    expect(await answer.locator('table th').allTextContents()).toEqual(['Term', 'Meaning']);
    expect(await answer.locator('a').last().getAttribute('href')).toBe('https://doc.rust-lang.org/book/');
    expect(await lastTurn().locator('.usage').textContent()).toContain('31 in · 58 out');
    const states = await panel.evaluate(() => (window as unknown as { answerStates: Set<string> }).answerStates.size);
    expect(states).toBeGreaterThanOrEqual(3);

    const request = server.requests.at(-1);
    expect(request?.headers.authorization).toBe('Bearer test-key');
    expect(request?.body.stream).toBe(true);
    expect(request?.body.messages?.at(-1)).toEqual({ role: 'user', content: 'Explain Rust ownership' });
  });

  test('a follow-up question carries the conversation so far', async () => {
    server.enqueue({ kind: 'stream', chunks: perEvent(fixture('length_limit')), delayMs: 10 });
    await ask('And borrowing?');
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('done');
    const roles = server.requests.at(-1)?.body.messages?.map((m) => m.role);
    expect(roles).toEqual(['user', 'assistant', 'user']);
    expect(await lastTurn().textContent()).toContain('length limit');
  });

  test('characters split across network reads arrive intact', async () => {
    const chunks = splitInsideCharacters(fixture('multibyte_text'));
    expect(chunks.length).toBeGreaterThan(10);
    server.enqueue({ kind: 'stream', chunks, delayMs: 5 });
    await ask('Say something in several scripts');
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('done');
    const text = await answers().last().textContent();
    expect(text).toContain('Café crème — naïve 🦀 日本語のテキスト');
    expect(text).not.toContain('\uFFFD');
  });

  test('Stop ends the answer early and keeps what arrived', async () => {
    const many = ssePieces(Array.from({ length: 200 }, (_, i) => `word${i} `));
    server.enqueue({ kind: 'stream', chunks: many, delayMs: 100, hold: true });
    await ask('Write a long essay');
    await expect.poll(() => answers().last().textContent()).toContain('word2');
    await panel.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('stopped');
    await server.requests.at(-1)?.aborted; // the request was really cancelled
    const kept = await answers().last().textContent();
    expect(kept).toContain('word0');
    expect(kept).not.toContain('word199');
    expect(await lastTurn().textContent()).toContain('Stopped.');
    // The provider reports usage only at the end: a stopped answer shows Gloss's estimate, said so.
    await expect.poll(() => lastTurn().locator('.usage').textContent()).toMatch(/about \d+ in · [1-9]\d* out tokens/);
  });
});

describe('when things go wrong', () => {
  test('429: says how long to wait; Retry asks again and the question is kept', async () => {
    server.enqueue({
      kind: 'status',
      status: 429,
      headers: { 'retry-after': '7' },
      body: '{"error":{"message":"Rate limit reached for gpt-4o-mini","type":"requests","code":"rate_limit_exceeded"}}',
    });
    await ask('What is a lifetime?');
    const alert = lastTurn().getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('Wait 7 s');
    expect(await alert.textContent()).toContain('Rate limit reached');
    expect(await lastTurn().locator('.question').textContent()).toBe('What is a lifetime?');

    server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 5 });
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('done');
    expect(await lastTurn().getByRole('alert').count()).toBe(0);
    expect(server.requests.at(-1)?.body.messages?.at(-1)?.content).toBe('What is a lifetime?');
  });

  test.each([
    [401, '{"error":{"message":"Incorrect API key provided"}}', 'Check the key in Settings'],
    [404, '{"error":{"message":"The model `gpt-9` does not exist"}}', 'Check the base URL and the model name'],
    [500, 'upstream crashed', 'server error'],
    [503, '<html>Service Unavailable</html>', 'overloaded'],
  ])('HTTP %i gets a clear message with Retry', async (status, body, expected) => {
    server.enqueue({ kind: 'status', status, body });
    await ask(`Question for ${status}`);
    const alert = lastTurn().getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain(expected);
    expect(await alert.textContent()).toContain(`HTTP ${status}`);
    expect(await alert.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
  });

  test('a malformed stream keeps the text so far and says what went wrong', async () => {
    server.enqueue({ kind: 'stream', chunks: perEvent(fixture('malformed_json')), delayMs: 5 });
    await ask('Malformed please');
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('error');
    expect(await answers().last().textContent()).toContain('Hello');
    expect(await lastTurn().getByRole('alert').textContent()).toContain('could not read');
  });

  test('a stream cut before its end is reported, not shown as complete', async () => {
    server.enqueue({ kind: 'stream', chunks: perEvent(fixture('truncated')), delayMs: 5 });
    await ask('Cut me off');
    await expect.poll(() => lastTurn().getAttribute('data-status')).toBe('error');
    expect(await answers().last().textContent()).toContain('Half an ans');
    expect(await lastTurn().getByRole('alert').textContent()).toContain('ended before the answer was finished');
  });

  test('an unreachable server names the address to check; the draft survives a reload', async () => {
    // Another origin: the saved key stays behind, so this edit types one.
    await configure('http://127.0.0.1:9/v1', 'gpt-4o-mini', 'test-key');
    await expect.poll(() => panel.getByLabel('Your question').isVisible()).toBe(true);
    await ask('Anyone there?');
    await expect
      .poll(() => lastTurn().getByRole('alert').textContent())
      .toContain('Could not reach http://127.0.0.1:9');

    await panel.getByLabel('Your question').fill('half-typed thought');
    await panel.reload();
    await expect.poll(() => panel.getByLabel('Your question').inputValue()).toBe('half-typed thought');
  });
});
