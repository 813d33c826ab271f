/**
 * A provider that sends more than Gloss accepts (crates/gloss-core/src/providers/limits.rs):
 * the answer keeps what arrived, the user is told which limit was hit, and the worker stops
 * reading instead of holding the flood until the WASM memory traps.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ask, configureProvider } from './panel';
import { startSession, type Session } from './session';

let session: Session;

beforeAll(async () => {
  session = await startSession();
});

afterAll(() => session.close());

test('a line with no end keeps the text so far, names the limit and stops the download', async () => {
  const { server, panel } = session;
  await configureProvider(panel, { baseUrl: `${server.url}/v1`, model: 'gpt-4o-mini', key: 'test-key' });
  const first = 'data: {"choices":[{"delta":{"content":"Hello before the flood"}}]}\n\n';
  const flood = Array.from({ length: 80 }, () => Buffer.alloc(64 * 1024, 'x'));
  server.enqueue({ kind: 'stream', chunks: [Buffer.from(first), ...flood], delayMs: 1, hold: true });
  await ask(panel, 'Flood me');
  const turn = panel.locator('.turn').last();
  await expect.poll(() => turn.getAttribute('data-status'), { timeout: 15_000 }).toBe('error');
  expect(await turn.locator('.answer').textContent()).toContain('Hello before the flood');
  expect(await turn.getByRole('alert').textContent()).toContain('sent a line longer than 4 MB');
  // The worker cancelled the body: the held-open response is closed from the browser's side.
  await server.requests.at(-1)?.aborted;
});
