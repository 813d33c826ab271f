/**
 * The settings live in the worker's IndexedDB, no longer in `storage.local` (which Firefox lets
 * any script an extension injects into a page read and rewrite): what is written there changes
 * nothing, a change made in one panel reaches every other open one at once (the worker tells
 * them), they outlast a stopped worker, and what an earlier version left in `storage.local` is
 * moved over on upgrade.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ask, configureProvider } from './panel';
import { fixture, perEvent } from './provider-server';
import { startRecorder } from './recorder';
import { startSession, withSession, type Session } from './session';
import { storedSettings, storeSettings } from './stored-settings';

const KEY = 'sk-kept-through-everything';
let session: Session;
let first: Page;
let second: Page;

beforeAll(async () => {
  session = await startSession();
  first = session.panel;
  await configureProvider(first, { baseUrl: `${session.server.url}/v1`, model: 'gpt-4o-mini', key: KEY });
  await first.getByLabel('Your question').waitFor();
  second = await session.browser.openPanel();
  await second.getByLabel('Your question').waitFor();
});

afterAll(async () => {
  await session.close();
});

const theme = (panel: Page) => panel.evaluate(() => document.documentElement.dataset.theme);

async function chooseTheme(panel: Page, name: 'Dark' | 'Light'): Promise<void> {
  await panel.getByRole('button', { name: 'Settings' }).click();
  await panel.getByRole('radio', { name }).click();
  await panel.getByRole('button', { name: 'Close settings' }).click();
}

/** What the browser does to an idle worker, done now through the DevTools protocol. */
async function stopWorker(): Promise<void> {
  const cdp = await first.context().newCDPSession(first);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

/** Asks in `panel` and returns the request the provider received. */
async function askedWith(panel: Page, question: string) {
  session.server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 0 });
  const before = session.server.requests.length;
  await ask(panel, question);
  await expect.poll(() => session.server.requests.length, { timeout: 15_000 }).toBe(before + 1);
  return session.server.requests.at(-1)!;
}

describe('every open panel', () => {
  test('sees a change made in another at once, without reloading', async () => {
    await chooseTheme(first, 'Dark');
    await expect.poll(() => theme(second)).toBe('dark');
  });

  test('after the worker was stopped, the settings are all there, and a change still reaches the other', async () => {
    await stopWorker();
    await second.reload();
    const request = await askedWith(second, 'Still set up?');
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body.model).toBe('gpt-4o-mini');
    await chooseTheme(second, 'Light');
    await expect.poll(() => theme(first)).toBe('light');
  });
});

describe('an upgrade from a version that kept the settings in storage.local', () => {
  test('keeps the provider, its key and the preferences, and leaves nothing in storage.local', async () => {
    // As that version left a profile: the record in storage.local, the key in the database.
    const current = (await storedSettings(first))!;
    expect(current.providers[0]?.apiKey).toBe('');
    const old = { ...current, theme: 'dark' as const, keysChangedAt: 1 };
    await first.evaluate((s) => chrome.storage.local.set({ 'gloss.settings': s }), old);
    await storeSettings(first, undefined);
    await stopWorker(); // the new version's worker starts

    await first.reload();
    await expect.poll(() => theme(first), { timeout: 15_000 }).toBe('dark');
    const request = await askedWith(first, 'After the upgrade?');
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(await first.evaluate(() => chrome.storage.local.get(null))).toEqual({});
    expect((await storedSettings(first))?.providers.map((p) => p.baseUrl)).toEqual([`${session.server.url}/v1`]);
  });
});

describe('a provider list written into storage.local (as a compromised page can in Firefox)', () => {
  test('does not send the conversation elsewhere, even for a provider without a key', async () => {
    const other = await startRecorder();
    await withSession({}, async ({ panel, server }) => {
      await configureProvider(panel, { baseUrl: `${server.url}/v1`, model: 'test-model' });
      await panel.getByLabel('Your question').waitFor();
      const moved = (await storedSettings(panel))!;
      for (const p of moved.providers) p.baseUrl = `${other.url}/v1`;
      await panel.evaluate((s) => chrome.storage.local.set({ 'gloss.settings': s }), moved);
      await panel.reload();
      server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 0 });
      await ask(panel, 'My private question');
      await expect.poll(() => panel.locator('.turn').last().getAttribute('data-status')).toBe('done');
      expect(server.requests.at(-1)?.body.messages?.at(-1)?.content).toBe('My private question');
      expect(other.seen).toEqual([]);
    }).finally(() => other.close());
  });
});
