/**
 * Each of the four protocols end to end in Chromium, against a local server speaking it: a
 * streamed answer renders, with the model the response named; the model list loads; "Test
 * connection" reports the real outcome and the model that answered; HTTP errors and a connection
 * dropped mid-answer show the right message, keep what arrived, and Retry works. Plus Ollama's refusal of extension origins and the zero-key local start.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ask, configureProvider } from './panel';
import { fixture, perEvent, perLine, type Route } from './provider-server';
import { startSession, withSession, type Session } from './session';

interface Protocol {
  route: Route;
  preset: string;
  path: string;
  fixture: string;
  expected: string;
  auth: [string, string] | null;
  models: number;
  /** The model the fixture's response names (the panel is set to `test-model`). */
  named: string;
}

const PROTOCOLS: Protocol[] = [
  {
    route: 'openai',
    preset: 'OpenAI',
    path: '/v1',
    fixture: 'openai/markdown_answer',
    expected: 'Rust ownership',
    auth: ['authorization', 'Bearer test-key'],
    models: 2,
    named: 'gpt-4o-mini-2024-07-18',
  },
  {
    route: 'anthropic',
    preset: 'Anthropic',
    path: '/v1',
    fixture: 'anthropic/text_answer',
    expected: 'Café 🦀 ok',
    auth: ['x-api-key', 'test-key'],
    models: 2,
    named: 'claude-sonnet-4-5',
  },
  {
    route: 'gemini',
    preset: 'Google Gemini',
    path: '/v1beta',
    fixture: 'gemini/text_answer',
    expected: 'start and 日本語 end.',
    auth: ['x-goog-api-key', 'test-key'],
    models: 1,
    named: 'gemini-2.5-flash',
  },
  {
    route: 'ollama',
    preset: 'Ollama',
    path: '',
    fixture: 'ollama/text_answer',
    expected: 'naïve',
    auth: null,
    models: 1,
    named: 'llama3.2',
  },
];

const chunksOf = (p: Protocol) => (p.route === 'ollama' ? perLine : perEvent)(fixture(p.fixture));

const last = (panel: Page) => panel.locator('.turn').last();

describe.each(PROTOCOLS)('$preset', (protocol) => {
  let session: Session;
  let server: Session['server'];
  let panel: Page;

  beforeAll(async () => {
    session = await startSession();
    ({ server, panel } = session);
    const key = protocol.auth ? 'test-key' : undefined;
    await configureProvider(panel, {
      preset: protocol.preset,
      baseUrl: server.url + protocol.path,
      model: 'test-model',
      key,
    });
    await panel.getByLabel('Your question').waitFor();
  });

  afterAll(() => session.close());

  test('streams an answer that renders', async () => {
    server.enqueue({ kind: 'stream', chunks: chunksOf(protocol), delayMs: 20 });
    await ask(panel, 'Hello?');
    await expect.poll(() => last(panel).getAttribute('data-status')).toBe('done');
    // The DOM is patched on the next animation frame after the status changes.
    await expect.poll(() => last(panel).locator('.answer').textContent()).toContain(protocol.expected);
    const request = server.requests.at(-1);
    expect(request?.route).toBe(protocol.route);
    if (protocol.auth) expect(request?.headers[protocol.auth[0]]).toBe(protocol.auth[1]);
    // The response named another model than the one chosen: the model line says which answered.
    expect(await last(panel).locator('.usage').textContent()).toContain(`${protocol.named} (you chose test-model)`);
  });

  test('lists the models and tests the connection for real', async () => {
    await panel.getByRole('button', { name: 'Settings' }).click();
    await panel
      .getByRole('list', { name: 'Providers' })
      .getByRole('button', { name: /^Edit / })
      .click();
    await panel.getByRole('button', { name: 'Load models' }).click();
    await expect.poll(() => panel.getByText(/models? available/).textContent()).toContain(`${protocol.models} model`);
    server.enqueue({ kind: 'stream', chunks: chunksOf(protocol), delayMs: 1 });
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => panel.locator('.outcome').textContent())
      .toContain(`you asked for test-model, and the server answered with ${protocol.named}:`);
    server.enqueue({ kind: 'status', status: 401, body: '{"error":{"message":"bad key"}}' });
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => panel.locator('.outcome').textContent()).toContain('Check the key in Settings');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await panel.getByRole('button', { name: 'Close settings' }).click();
  });

  test.each([
    [401, {}, 'Check the key in Settings'],
    [429, { 'retry-after': '9' }, 'Wait 9 s'],
    [500, {}, 'server error'],
  ])('HTTP %i shows its message and Retry works', async (status, headers, message) => {
    server.enqueue({ kind: 'status', status, headers, body: '{"error":{"message":"scripted failure"}}' });
    await ask(panel, `Status ${status}?`);
    const alert = last(panel).getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain(message);
    server.enqueue({ kind: 'stream', chunks: chunksOf(protocol), delayMs: 1 });
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => last(panel).getAttribute('data-status')).toBe('done');
    await expect.poll(() => last(panel).locator('.answer').textContent()).toContain(protocol.expected);
  });

  test('a connection dropped mid-answer keeps the partial answer', async () => {
    const chunks = chunksOf(protocol);
    server.enqueue({ kind: 'stream', chunks: chunks.slice(0, Math.ceil(chunks.length / 2)), delayMs: 10, drop: true });
    await ask(panel, 'Drop me');
    await expect.poll(() => last(panel).getAttribute('data-status')).toBe('error');
    expect(await last(panel).getByRole('alert').textContent()).toContain('ended before the answer was finished');
    await expect.poll(async () => (await last(panel).locator('.answer').textContent())?.length).toBeGreaterThan(0);
  });
});

describe('Ollama with its default origin check', () => {
  test('a 403 says exactly how to set OLLAMA_ORIGINS', async () => {
    await withSession({ rejectExtensionOrigins: true }, async ({ server, browser, panel }) => {
      await configureProvider(panel, { preset: 'Ollama', baseUrl: server.url, model: 'llama3.2' });
      await ask(panel, 'Hello?');
      const alert = last(panel).getByRole('alert');
      await expect.poll(() => alert.textContent()).toContain('OLLAMA_ORIGINS');
      expect(await alert.textContent()).toContain('chrome-extension://*');
      // The rule that strips Origin from Gloss's own requests to this server (it takes effect
      // once the user grants access to the origin, which headless Chromium cannot answer).
      const rules = await browser.worker.evaluate(() => chrome.declarativeNetRequest.getSessionRules());
      expect(rules).toEqual([
        expect.objectContaining({
          action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
          condition: expect.objectContaining({ urlFilter: `|${server.url}/`, initiatorDomains: [browser.extensionId] }),
        }),
      ]);
    });
  });
});

describe('zero-key start', () => {
  test('"Find local models" offers a local Ollama and it answers', async () => {
    // The test's own fake Ollama on its usual port (the worker probes localhost:11434).
    await withSession({ port: 11434 }, async ({ server, panel }) => {
      await panel.getByRole('button', { name: 'Find local models' }).click();
      await panel.getByRole('button', { name: 'Use Ollama' }).waitFor();
      // The server found is the step offered; the form for any other waits behind a button.
      const baseUrl = panel.getByRole('textbox', { name: 'Base URL' });
      expect(await baseUrl.count()).toBe(0);
      await panel.getByRole('button', { name: 'Use a cloud provider or another server instead' }).click();
      await baseUrl.waitFor();
      await panel.getByRole('button', { name: 'Use Ollama' }).click();
      server.enqueue({ kind: 'stream', chunks: perLine(fixture('ollama/text_answer')), delayMs: 1 });
      await ask(panel, 'Hello, local model');
      await expect.poll(() => last(panel).getAttribute('data-status')).toBe('done');
      expect(server.requests.at(-1)?.body.model).toBe('llama3.2:latest');
    });
  });
});

describe('switching the provider and model for the conversation', () => {
  test('the header lists each provider’s models; the choice decides where the next question goes and stays with its conversation', async () => {
    await withSession({}, async ({ server, panel }) => {
      await configureProvider(panel, { preset: 'OpenAI', baseUrl: `${server.url}/v1`, model: 'test-model', key: 'k1' });
      await panel.getByRole('button', { name: 'Settings' }).click();
      await panel.getByRole('button', { name: 'Add provider' }).click();
      await panel.getByLabel('Provider type').selectOption({ label: 'Anthropic' });
      await panel.getByRole('textbox', { name: 'Base URL' }).fill(`${server.url}/v1`);
      await panel.getByLabel(/^API key/).fill('k2');
      await panel.getByRole('button', { name: 'Save', exact: true }).click();
      await panel.getByRole('button', { name: 'Close settings' }).click();

      const switcher = panel.getByLabel('Model for this conversation');
      const shown = () => panel.locator('.model-switch-face').textContent();
      // Each provider's group: its model, then (once the pointer comes) the rest of its list.
      const models = (group: string) =>
        panel.locator(`optgroup[label="${group}"] option:not([disabled])`).allTextContents();
      expect(await models('OpenAI')).toEqual(['test-model']);
      await switcher.hover();
      await expect.poll(() => models('OpenAI')).toEqual(['test-model', 'other-model']);
      const pick = async (group: string, model: string) => {
        const option = panel.locator(`optgroup[label="${group}"] option`).filter({ hasText: new RegExp(`^${model}$`) });
        await switcher.selectOption((await option.getAttribute('value')) ?? '');
      };
      await pick('Anthropic', 'claude-sonnet-4-5');
      server.enqueue({ kind: 'stream', chunks: perEvent(fixture('anthropic/text_answer')), delayMs: 1 });
      await ask(panel, 'Which provider?');
      await expect.poll(() => last(panel).getAttribute('data-status')).toBe('done');
      expect(server.requests.at(-1)).toMatchObject({ route: 'anthropic', headers: { 'x-api-key': 'k2' } });

      await pick('OpenAI', 'other-model');
      expect(await shown()).toBe('OpenAIother-model');
      // Used recently, it comes first in its group.
      expect(await models('OpenAI')).toEqual(['other-model', 'test-model']);
      server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 1 });
      await ask(panel, 'And now?');
      await expect.poll(() => last(panel).getAttribute('data-status')).toBe('done');
      expect(server.requests.at(-1)).toMatchObject({ route: 'openai', headers: { authorization: 'Bearer k1' } });
      expect(server.requests.at(-1)?.body.model).toBe('other-model');

      // A new chat starts at the default; the conversation keeps its model, also after a reload.
      await panel.getByRole('button', { name: 'New chat' }).click();
      expect(await shown()).toBe('OpenAItest-model');
      await panel.reload();
      await expect.poll(shown).toBe('OpenAItest-model');
      await panel.getByRole('button', { name: 'History' }).click();
      await panel.locator('.history-item').filter({ hasText: 'Which provider?' }).click();
      await expect.poll(shown).toBe('OpenAIother-model');
      await panel.reload();
      await expect.poll(shown).toBe('OpenAIother-model');
    });
  });
});
