import { afterEach, expect, test, vi } from 'vitest';
import { fetchText } from './fetch-text';

afterEach(() => vi.unstubAllGlobals());

test('a site that stops answering is given up on, with a reason, not waited for forever', async () => {
  // A server that accepts the request and never answers: only the abort ends it.
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    return new Promise((_resolve, reject) =>
      init.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation timed out.', 'TimeoutError')),
      ),
    );
  });
  const got = await fetchText('https://www.youtube.com/watch?v=aaaaaaaaaa1', 50);
  expect(got.ok).toBe(false);
  expect(got.ok ? '' : got.why).toMatch(/time/i);
  expect(got).toMatchObject({ timedOut: true });
});
