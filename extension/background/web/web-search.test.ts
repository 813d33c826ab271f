/**
 * A web search from the worker, against the core's fixtures of each engine's real answers
 * (crates/gloss-core/tests/fixtures/web/, sources in its README) served by a fake fetch.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { loadCore } from '../test-support';
import { engineFetch, searchWeb } from './web-search';

beforeAll(loadCore);

const fixture = (path: string) =>
  readFileSync(new URL(`../../../crates/gloss-core/tests/fixtures/web/${path}`, import.meta.url), 'utf8');

/** A fetch answering `status` with `body`, keeping what it was asked. */
function serve(status: number, body: string) {
  const asked: { url: string; init: RequestInit }[] = [];
  const fetchFn: typeof fetch = (url, init) => {
    asked.push({ url: url instanceof Request ? url.url : url.toString(), init: init ?? {} });
    return Promise.resolve(new Response(body, { status }));
  };
  return { asked, fetchFn };
}

const never = new AbortController().signal;

describe('a web search', () => {
  test('DuckDuckGo: results as plain text, asked without cookies or credentials, following no redirect', async () => {
    const { asked, fetchFn } = serve(200, fixture('duckduckgo/200-results.html'));
    const found = await searchWeb({ engine: 'duckduckgo' }, 'rust borrow checker', 5, never, fetchFn);
    const expected = JSON.parse(fixture('duckduckgo/200-results.expected.json')) as { results: unknown[] };
    expect(found).toEqual(expected);
    expect(asked[0]?.url).toBe('https://html.duckduckgo.com/html/');
    expect(asked[0]?.init).toMatchObject({ method: 'POST', credentials: 'omit', redirect: 'manual' });
  });

  test('its bot check, a refused key and a redirect each say so in words', async () => {
    const bot = await searchWeb(
      { engine: 'duckduckgo' },
      'q',
      5,
      never,
      serve(202, fixture('duckduckgo/202-anomaly.html')).fetchFn,
    );
    expect(bot).toEqual({ problem: expect.stringContaining('DuckDuckGo') });
    const brave = serve(422, fixture('brave/422-token-invalid.json'));
    const key = await searchWeb({ engine: 'brave', key: 'test-key-brave' }, 'q', 5, never, brave.fetchFn);
    expect(key).toEqual({ problem: expect.stringContaining('key') });
    expect(brave.asked[0]?.url.startsWith('https://api.search.brave.com/')).toBe(true);
    expect((brave.asked[0]?.init.headers as Record<string, string>)['x-subscription-token']).toBe('test-key-brave');
    const moved = await searchWeb({ engine: 'duckduckgo' }, 'q', 5, never, serve(302, '').fetchFn);
    expect(moved).toEqual({
      problem: 'https://html.duckduckgo.com answered the search with a redirect, which Gloss does not follow.',
    });
  });

  test('a search with nothing to ask, or without its key, is refused before anything is sent', async () => {
    const { asked, fetchFn } = serve(200, '{}');
    expect(await searchWeb({ engine: 'duckduckgo' }, '  ', 5, never, fetchFn)).toHaveProperty('problem');
    expect(await searchWeb({ engine: 'tavily' }, 'q', 5, never, fetchFn)).toHaveProperty('problem');
    expect(asked).toEqual([]);
  });
});

describe('the engine’s request where the browser checks server addresses', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The browser's fetch, refusing a request meant for a public server (as behind a proxy on 10.0.0.5). */
  function browserBehindProxy() {
    const asked: RequestInit[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      asked.push(init);
      if ('targetAddressSpace' in init) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(new Response('ok'));
    });
    return asked;
  }

  test('is asked for as a public server; refused so, it is asked again as before', async () => {
    const asked = browserBehindProxy();
    const response = await engineFetch('https://html.duckduckgo.com/html/', { method: 'POST' }, true);
    expect(await response.text()).toBe('ok');
    expect(asked).toEqual([{ method: 'POST', targetAddressSpace: 'public' }, { method: 'POST' }]);
  });

  test('a stopped search is not asked again, and an engine on the user’s network is asked as it is', async () => {
    const asked = browserBehindProxy();
    const stop = new AbortController();
    stop.abort();
    await expect(engineFetch('https://html.duckduckgo.com/html/', { signal: stop.signal }, true)).rejects.toThrow();
    expect(asked).toHaveLength(1);
    await engineFetch('http://192.168.1.20:8080/search?q=tides', {}, true);
    expect(asked[1]).not.toHaveProperty('targetAddressSpace');
  });
});
