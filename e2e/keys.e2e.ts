/**
 * A stored key goes only to the origin it was saved with: editing a provider's base URL to
 * another origin and clicking Load models, Test connection or Save sends it nowhere new.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ask, configureProvider, request } from './panel';
import { fixture, perEvent } from './provider-server';
import { startRecorder } from './recorder';
import { startSession, type Session } from './session';
import { storedSettings, storeSettings } from './stored-settings';

const KEY = 'sk-saved-for-the-first-origin';
let session: Session;
let panel: Page;
let other: Awaited<ReturnType<typeof startRecorder>>;

beforeAll(async () => {
  session = await startSession();
  panel = session.panel;
  other = await startRecorder();
  await configureProvider(panel, { baseUrl: `${session.server.url}/v1`, model: 'gpt-4o-mini', key: KEY });
  await panel.getByLabel('Your question').waitFor();
});

afterAll(async () => {
  await other.close();
  await session.close();
});

async function providerId(): Promise<string> {
  const reply = await request(panel, 'settings.get', {});
  return (reply.value as { providers: { id: string }[] }).providers[0]?.id ?? '';
}

describe('a saved key and a new origin', () => {
  test('the form says the key stays behind; Load models, Test and Save send it nowhere new', async () => {
    await panel.getByRole('button', { name: 'Settings' }).click();
    await panel
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await panel.getByRole('textbox', { name: 'Base URL' }).fill(`${other.url}/v1`);
    const hint = `The saved key is sent only to ${session.server.url}. To use ${other.url}, type its key again`;
    await expect.poll(() => panel.locator('.key-notice').textContent()).toContain(hint);

    await panel.getByRole('button', { name: 'Load models' }).click();
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => other.seen.map((r) => r.method).sort()).toEqual(['GET', 'POST']);
    await expect.poll(() => panel.getByRole('status').last().textContent()).toContain('no key here');
    expect(other.headerText()).not.toContain(KEY);

    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => panel.getByRole('alert').textContent()).toContain(hint);
    expect(other.headerText()).not.toContain(KEY);
    expect(other.seen.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  test('the worker refuses the same from any caller, and keeps the provider as it was', async () => {
    const id = await providerId();
    const draft = { id, kind: 'openai' as const, baseUrl: `${other.url}/v1` };
    await request(panel, 'provider.models', { draft });
    await request(panel, 'provider.test', { draft: { ...draft, model: 'm' } });
    const saved = await request(panel, 'provider.save', {
      provider: { id, preset: 'openai', kind: 'openai', name: 'Moved', baseUrl: `${other.url}/v1`, model: 'm' },
    });
    expect(saved.value).toMatchObject({ ok: false, field: 'apiKey' });
    expect(other.headerText()).not.toContain(KEY);
    const settings = JSON.stringify((await request(panel, 'settings.get', {})).value);
    expect(settings).toContain(`"baseUrl":"${session.server.url}/v1"`);
    expect(settings).toContain('"hasApiKey":true');
  });

  test('on its own origin the saved key is still used', async () => {
    session.server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 0 });
    const draft = { id: await providerId(), kind: 'openai' as const, baseUrl: `${session.server.url}/v1/` };
    const tested = await request(panel, 'provider.test', { draft: { ...draft, model: 'm' } });
    expect(tested.value).toMatchObject({ ok: true });
    expect(session.server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});

describe('a provider that redirects', () => {
  test('Test and Load models stop at the redirect: its target receives nothing', async () => {
    const target = await startRecorder();
    const redirector = await startRecorder({ redirectTo: target.url });
    try {
      const draft = { kind: 'anthropic' as const, baseUrl: `${redirector.url}/v1`, apiKey: 'sk-typed-key' };
      const tested = await request(panel, 'provider.test', { draft: { ...draft, model: 'm' } });
      const listed = await request(panel, 'provider.models', { draft });
      expect(redirector.seen.map((r) => r.method).sort()).toEqual(['GET', 'POST']);
      expect(target.seen).toEqual([]);
      const said = `${redirector.url} answered with a redirect to another address. Gloss doesn’t follow redirects`;
      expect(tested.value).toMatchObject({ ok: false, message: expect.stringContaining(said) });
      expect(listed.value).toMatchObject({ ok: false, message: expect.stringContaining(said) });
    } finally {
      await redirector.close();
      await target.close();
    }
  });
});

describe('a key over plain http', () => {
  test('goes to this computer, never to a public host: Test, Load models and Save refuse', async () => {
    const draft = { kind: 'openai' as const, baseUrl: 'http://api.example.com/v1', apiKey: 'sk-typed-key' };
    const said = 'Gloss won’t send your API key to http://api.example.com over plain http://';
    const tested = await request(panel, 'provider.test', { draft: { ...draft, model: 'm' } });
    const listed = await request(panel, 'provider.models', { draft });
    const saved = await request(panel, 'provider.save', {
      provider: { preset: 'custom', name: 'Public', model: 'm', ...draft },
    });
    expect(tested.value).toMatchObject({ ok: false, message: expect.stringContaining(said) });
    expect(listed.value).toMatchObject({ ok: false, message: expect.stringContaining(said) });
    expect(saved.value).toMatchObject({ ok: false, field: 'apiKey', message: expect.stringContaining(said) });
  });
});

describe('where the key is kept', () => {
  test('not in storage.local (which Firefox lets content scripts read), yet questions carry it', async () => {
    const stored = await session.browser.worker.evaluate(() => chrome.storage.local.get(null));
    expect(stored).toEqual({}); // the settings are not there either, since issue 33
    expect(JSON.stringify(await storedSettings(panel))).toContain('gpt-4o-mini');
    expect(JSON.stringify(await storedSettings(panel))).not.toContain(KEY);
    session.server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 1 });
    await panel.goto(panel.url());
    await panel.getByLabel('Your question').fill('Still keyed?');
    await panel.getByLabel('Your question').press('Enter');
    await expect.poll(() => session.server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});

describe('settings written into storage.local (as a compromised page can in Firefox)', () => {
  test('change nothing: the question goes where the user set it, with its key', async () => {
    await panel.reload();
    const seenBefore = other.seen.length;
    const current = (await storedSettings(panel))!;
    const rewritten = { ...current, providers: current.providers.map((p) => ({ ...p, baseUrl: `${other.url}/v1` })) };
    await panel.evaluate((s) => chrome.storage.local.set({ 'gloss.settings': s }), rewritten);
    session.server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 0 });
    await ask(panel, 'Where does my question go?');
    await expect.poll(() => panel.locator('.turn').last().getAttribute('data-status')).toBe('done');
    expect(session.server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(other.seen.length).toBe(seenBefore);
    await panel.evaluate(() => chrome.storage.local.clear());
  });
});

/**
 * The key's origin binding, for a base URL changed where no page script can reach now (the
 * worker's own database, changed here from Gloss's page): a key still goes only where it was
 * typed for, whatever changed the stored settings.
 */
describe('a base URL changed behind the worker’s back', () => {
  const rewrite = async (baseUrl: string) => {
    const settings = (await storedSettings(panel))!;
    settings.providers[0]!.baseUrl = baseUrl;
    await storeSettings(panel, settings);
  };

  test('the question is refused with the reason and nothing reaches the new address; set back, the key is used', async () => {
    const seenBefore = other.seen.length;
    await rewrite(`${other.url}/v1`);
    await panel.reload(); // no notice comes for a change made behind the worker's back
    await ask(panel, 'Where does my key go?');
    const turn = panel.locator('.turn').last();
    await expect.poll(() => turn.getAttribute('data-status')).toBe('error');
    expect(await turn.getByRole('alert').textContent()).toContain(
      `goes only to ${session.server.url}, and its base URL now points to ${other.url}`,
    );
    expect(other.seen.length).toBe(seenBefore);

    await panel.getByRole('button', { name: 'Settings' }).click();
    await expect
      .poll(() => panel.locator('.provider .field-error').textContent())
      .toContain(`it was saved for ${session.server.url}`);
    // Saving the moved address asks for a key for it (or the old one's removal), as any move does.
    await panel
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const hint = `The saved key is sent only to ${session.server.url}. To use ${other.url}, type its key again`;
    await expect.poll(() => panel.locator('.key-notice').textContent()).toContain(hint);
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => panel.getByRole('alert').first().textContent()).toContain(hint);
    expect(other.seen.length).toBe(seenBefore);

    await rewrite(`${session.server.url}/v1`);
    await panel.reload();
    session.server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 0 });
    await ask(panel, 'And now?');
    await expect.poll(() => panel.locator('.turn').last().getAttribute('data-status')).toBe('done');
    expect(session.server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(other.headerText()).not.toContain(KEY);
  });
});
