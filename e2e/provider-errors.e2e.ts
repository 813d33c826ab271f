/**
 * Errors that name the fix. Base URLs as people paste them (crates/gloss-core/src/providers/
 * base_url.rs): a full endpoint copied from a provider's docs is shown as the URL Gloss will call
 * and works as is, and an address with nothing behind it says which part of the URL to change
 * instead of a bare 404. A prompt over the model's context says so and what to do next.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ask, configureProvider, openProviderForm } from './panel';
import { fixture, perEvent } from './provider-server';
import { startSession, type Session } from './session';

let session: Session;

beforeAll(async () => {
  session = await startSession();
});

afterAll(() => session.close());

test('a pasted /v1/chat/completions is shown as the URL called, and answers', async () => {
  const { server, panel } = session;
  const endpoint = `${server.url}/v1/chat/completions`;
  await openProviderForm(panel);
  await panel.getByRole('textbox', { name: 'Base URL' }).fill(endpoint);
  await panel.getByLabel('Model', { exact: true }).fill('gpt-4o-mini');
  await expect.poll(() => panel.locator('.calls-url').textContent()).toBe(`Gloss will call: ${endpoint}`);
  await configureProvider(panel, { baseUrl: endpoint, model: 'gpt-4o-mini', key: 'test-key' });
  server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 5 });
  await ask(panel, 'Hello?');
  const turn = panel.locator('.turn').last();
  await expect.poll(() => turn.getAttribute('data-status')).toBe('done');
  expect(server.requests.at(-1)?.path).toBe('/v1/chat/completions');
});

test('a 404 says which part of the base URL to change', async () => {
  const { server, panel } = session;
  await configureProvider(panel, { baseUrl: `${server.url}/openai/v2`, model: 'gpt-4o-mini', key: 'test-key' });
  // What a server with nothing at that path answers (an Express-style page, no JSON to quote).
  server.enqueue({
    kind: 'status',
    status: 404,
    body: '<!DOCTYPE html><pre>Cannot POST /openai/v2/chat/completions</pre>',
  });
  await ask(panel, 'Anyone there?');
  const turn = panel.locator('.turn').last();
  await expect.poll(() => turn.getAttribute('data-status')).toBe('error');
  expect(await turn.getByRole('alert').textContent()).toContain(
    'The base URL should be the API root, like https://api.openai.com/v1; Gloss adds /chat/completions itself',
  );
  // The fix is one click away: that provider's form, open at its base URL.
  await turn.getByRole('button', { name: 'Edit the provider' }).click();
  const baseUrl = panel.getByRole('textbox', { name: 'Base URL' });
  await expect.poll(() => baseUrl.inputValue()).toBe(`${server.url}/openai/v2`);
  expect(await baseUrl.isVisible()).toBe(true);
  await panel.getByRole('button', { name: 'Close settings' }).click();
});

test('a llama.cpp context overflow says the question is too long and what to do', async () => {
  const { server, panel } = session;
  await configureProvider(panel, { baseUrl: `${server.url}/v1`, model: 'local', key: 'test-key' });
  // llama.cpp's server's own body for a prompt over -c (ggml-org/llama.cpp#19774).
  const body =
    '{"error":{"code":400,"message":"request (4390 tokens) exceeds the available context size (4096 tokens), ' +
    'try increasing it","type":"exceed_context_size_error","n_prompt_tokens":4390,"n_ctx":4096}}';
  server.enqueue({ kind: 'status', status: 400, body });
  await ask(panel, 'A very long question');
  const turn = panel.locator('.turn').last();
  await expect.poll(() => turn.getAttribute('data-status')).toBe('error');
  const alert = await turn.getByRole('alert').textContent();
  expect(alert).toContain('too long for this model');
  expect(alert).toContain('send only what fits of the quote');
  expect(alert).toContain('request (4390 tokens) exceeds the available context size');
});

test('a typed question too long for the model is flagged before sending', async () => {
  const { panel } = session;
  const box = panel.getByLabel('Your question');
  // The provider is an OpenAI preset (a 128k window); each CJK character is a token in the estimate.
  await box.fill('字'.repeat(130_000));
  const warning = panel.locator('.composer-too-long');
  await expect.poll(() => warning.textContent()).toContain('This question alone is about 130k tokens');
  expect(await warning.textContent()).toContain('Shorten it, or choose a model with a larger context');
  await box.fill('A short question.');
  await expect.poll(() => warning.count()).toBe(0);
});

test('a cloud host that cannot be reached is not told to "check the server is running"', async () => {
  const { panel } = session;
  // `.invalid` never resolves (RFC 2606), so the browser fails the fetch as with no network.
  await configureProvider(panel, { baseUrl: 'https://api.gloss-test.invalid/v1', model: 'gpt-4o-mini', key: 'k' });
  await ask(panel, 'Anyone there?');
  const turn = panel.locator('.turn').last();
  await expect.poll(() => turn.getAttribute('data-status'), { timeout: 20_000 }).toBe('error');
  const alert = await turn.getByRole('alert').textContent();
  expect(alert).toContain('Could not reach https://api.gloss-test.invalid. Check your internet connection');
  expect(alert).not.toContain('server is running');
  expect(alert).not.toContain('Failed to fetch');
});
