/**
 * The provider form's feedback: a cloud preset saved without its key asks for the key; a key
 * typed for one preset is not carried to another; a failed Test says so once and lets Save
 * through with a word about it; its verdict goes when the fields change; a model list that
 * cannot load reads as an error.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ask, openProviderForm } from './panel';
import { startSession, type Session } from './session';

let session: Session;

beforeAll(async () => {
  session = await startSession();
});

afterAll(() => session.close());

test('a cloud preset saved without a key asks for the key', async () => {
  const { panel } = session;
  await openProviderForm(panel);
  // The first-run form starts on the OpenAI preset, at api.openai.com.
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(() => panel.getByRole('alert').first().textContent())
    .toContain('OpenAI needs an API key. Add yours under Settings → Providers');
});

test('a key typed for one preset is not carried to another', async () => {
  const { panel } = session;
  const key = panel.getByLabel(/^API key/);
  await key.fill('sk-typed-for-openai');
  await panel.getByLabel('Provider type').selectOption('llamacpp');
  await expect.poll(() => key.inputValue()).toBe('');
  expect(await panel.getByRole('textbox', { name: 'Base URL' }).inputValue()).toBe('http://localhost:8080/v1');
  await panel.getByLabel('Provider type').selectOption('openai');
  expect(await key.inputValue()).toBe('');
});

test('a failed Test says so once, lets Save through, and goes when the fields change', async () => {
  const { panel, server } = session;
  await panel.getByRole('textbox', { name: 'Base URL' }).fill(`${server.url}/v1`);
  await panel.getByLabel(/^API key/).fill('sk-wrong');
  server.enqueue({ kind: 'status', status: 401, body: '{"error":{"message":"bad key"}}' });
  await panel.getByRole('button', { name: 'Test connection' }).click();
  const outcome = panel.locator('.outcome');
  await expect.poll(() => outcome.textContent()).toContain('Check the key in Settings');
  expect(await outcome.getAttribute('class')).toContain('error');
  expect(await panel.getByText('You can still save them').count()).toBe(1);
  expect(await panel.getByText('Check the key in Settings').count()).toBe(1);
  await panel.getByLabel('Model', { exact: true }).fill('gpt-4o');
  await expect.poll(() => outcome.count()).toBe(0);
  expect(await panel.getByText('You can still save them').count()).toBe(0);
});

test("Load models' failure is shown as an error", async () => {
  const { panel } = session;
  await panel.getByRole('textbox', { name: 'Base URL' }).fill('http://127.0.0.1:9/v1');
  await panel.getByRole('button', { name: 'Load models' }).click();
  const failure = panel.locator('.field-error', { hasText: 'Could not reach http://127.0.0.1:9' });
  await expect.poll(() => failure.count()).toBe(1);
  expect(await failure.getAttribute('role')).toBe('alert');
});

test('a local server’s answer length set in its form goes with each question; emptied, it is 4,096 again', async () => {
  const { panel, server } = session;
  await panel.getByLabel('Provider type').selectOption('llamacpp');
  await panel.getByRole('textbox', { name: 'Base URL' }).fill(`${server.url}/v1`);
  await panel.getByLabel('Model', { exact: true }).fill('SmolLM2-135M-Instruct.Q4_1.gguf');
  await panel.getByText('Answer length and temperature').click();
  await panel.getByLabel('Longest answer (tokens)').fill('500');
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  await ask(panel, 'Short, please');
  await expect.poll(() => server.requests.at(-1)?.body.max_tokens).toBe(500);
  await panel.getByRole('button', { name: 'Settings' }).click();
  await panel
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await panel.getByLabel('Longest answer (tokens)').fill('');
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  await panel.getByRole('button', { name: 'Close settings' }).click();
  await ask(panel, 'And now?');
  await expect.poll(() => server.requests.length).toBeGreaterThan(1);
  await expect.poll(() => server.requests.at(-1)?.body.max_tokens).toBe(4096);
});
