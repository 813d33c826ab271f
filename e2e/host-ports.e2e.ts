/**
 * In Chrome, access to this computer only for the ports in use (issue 33), in real headed
 * Chromium whose permission prompt is answered with real input (e2e/permission-prompt). The fake
 * servers send no CORS header, so only the access granted lets Gloss read them: "Find local
 * models" asks for the ports it tries and, once a found server is used, keeps its port alone;
 * a provider moved to another port gets that port (and a default Ollama, which refuses extension
 * origins, still answers: its rule needs that access); the whole host an older version was
 * granted is swapped for the port on the next Save, and the provider keeps answering; Settings
 * lists the port with what uses it, and gives it back.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHeaded, type Headed } from './headed';
import { ask, lastTurn } from './panel';
import { answerPrompt } from './permission-prompt';
import { fixture, perLine, startProviderServer, type ProviderServer } from './provider-server';

const LOCAL_PORTS = ['11434', '1234', '8080'].flatMap((port) => [
  `http://localhost:${port}/*`,
  `http://127.0.0.1:${port}/*`,
]);

let h: Headed;
let ollama: ProviderServer;
let moved: ProviderServer;
let panel: Page;

beforeAll(async () => {
  // A fake Ollama on its usual port (what "Find local models" tries), and a default one (it
  // refuses extension origins) on another.
  [ollama, moved] = await Promise.all([
    startProviderServer({ port: 11434, cors: false }),
    startProviderServer({ cors: false, rejectExtensionOrigins: true }),
  ]);
  h = await startHeaded();
  panel = await h.browser.openPanel();
  await panel.setViewportSize({ width: 360, height: 700 });
});

afterAll(async () => {
  await h.close();
  await Promise.all([ollama.close(), moved.close()]);
});

const granted = () =>
  h.browser.worker.evaluate(() => chrome.permissions.getAll().then((p) => (p.origins ?? []).sort()));
const access = (): Locator => panel.getByRole('region', { name: 'What Gloss may access' });

async function answers(server: ProviderServer, question: string): Promise<void> {
  server.enqueue({ kind: 'stream', chunks: perLine(fixture('ollama/text_answer')), delayMs: 1 });
  await ask(panel, question);
  await expect.poll(() => lastTurn(panel).getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
  expect(server.requests.at(-1)?.body.messages?.at(-1)?.content).toContain(question);
}

async function editProvider(baseUrl?: string): Promise<void> {
  await panel.getByRole('button', { name: 'Settings', exact: true }).click();
  await panel.getByRole('button', { name: 'Edit Ollama' }).click();
  if (baseUrl) await panel.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
}

const save = () => panel.getByRole('button', { name: 'Save', exact: true }).click();

test('Find local models asks for the local servers’ ports; once one is used, only its port stays', async () => {
  await answerPrompt(h.display.name, () => panel.getByRole('button', { name: 'Find local models' }).click());
  await expect.poll(granted).toEqual([...LOCAL_PORTS].sort());
  await panel.getByRole('button', { name: 'Use Ollama' }).click();
  await expect.poll(granted).toEqual([expect.stringMatching(/^http:\/\/(localhost|127\.0\.0\.1):11434\/\*$/)]);
  await answers(ollama, 'Hello, local model');
});

test('a provider moved to another port gets that port only, and a default Ollama answers there', async () => {
  await editProvider(moved.url);
  await answerPrompt(h.display.name, save);
  const port = new URL(moved.url).port;
  await expect.poll(granted).toEqual([`http://127.0.0.1:${port}/*`]);
  await panel.getByRole('button', { name: 'Close settings' }).click();
  await answers(moved, 'Hello from another port');
  // Answered at all: the rule removing Gloss's Origin works with access to the port alone.
  expect(moved.requests.at(-1)?.headers.origin).toBeUndefined();
});

test('the whole host an older version was granted is swapped for the port on the next Save', async () => {
  const port = new URL(moved.url).port;
  // As older versions asked for "Find local models" and for a provider on this computer.
  const older = ['http://localhost/*', 'http://127.0.0.1/*'];
  await answerPrompt(h.display.name, () =>
    panel.evaluate((origins) => void chrome.permissions.request({ origins }), older),
  );
  await expect.poll(granted).toEqual(expect.arrayContaining(older));
  await editProvider();
  await save(); // no prompt: the port is inside what was granted
  await expect.poll(granted).toEqual([`http://127.0.0.1:${port}/*`]);
  await panel.getByRole('button', { name: 'Close settings' }).click();
  await answers(moved, 'Still there after the swap?');
});

test('Settings lists the port with the provider that uses it, and gives it back', async () => {
  const port = new URL(moved.url).port;
  await panel.getByRole('button', { name: 'Settings', exact: true }).click();
  const row = access()
    .getByRole('listitem')
    .filter({ hasText: `http://127.0.0.1:${port}` });
  await expect.poll(() => row.textContent()).toBe(`http://127.0.0.1:${port}Used by OllamaGive back`);
  await row.getByRole('button', { name: `Give back access to http://127.0.0.1:${port}` }).click();
  await expect.poll(granted).toEqual([]);
  await expect.poll(() => access().textContent()).toContain('No website and no list of your tabs.');
});
