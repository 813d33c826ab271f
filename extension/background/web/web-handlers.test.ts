/**
 * Settings → Web in the worker, with fakes for the settings' places, the network and the
 * browser's grants: settings saved with a key kept like an API key (never in the settings, never
 * sent to the panel), refusals that name their field, and Try a search against the core's fixtures.
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { StoredSettings } from '../../shared/settings';
import type { WebSettings } from '../../shared/web/web-settings';
import { loadCore, memoryPlaces } from '../test-support';
import { engineKey } from './search-keys';
import { webHandlers } from './web-handlers';

beforeAll(loadCore);

const fixture = (path: string) =>
  readFileSync(new URL(`../../../crates/gloss-core/tests/fixtures/web/${path}`, import.meta.url), 'utf8');

/** The handlers over the settings' places in memory, a fake network and fake grants. */
function worker(answer: () => Response | Promise<Response> = () => new Response('{}'), granted = true) {
  const { places, db: opened, stored } = memoryPlaces();
  const asked: { url: string; init: RequestInit }[] = [];
  const fetchFn: typeof fetch = async (url, init) => {
    asked.push({ url: url instanceof Request ? url.url : url.toString(), init: init ?? {} });
    return answer();
  };
  const release = vi.fn<(settings: StoredSettings) => Promise<undefined>>(async () => undefined);
  const handlers = webHandlers({ db: () => opened, places, release, fetchFn, granted: async () => granted });
  return { handlers, asked, release, db: opened, stored: async () => JSON.stringify((await stored()) ?? null) };
}
const sender = {};
const web = (engine: WebSettings['engine'], more: Partial<WebSettings> = {}): WebSettings => ({
  engine,
  searxngUrl: '',
  resultCount: 5,
  searchFirst: false,
  ...more,
});

describe('saving the web settings', () => {
  test('a Brave key goes to the key store only; the panel learns that one is saved', async () => {
    const w = worker();
    expect(await w.handlers['web.get']({}, sender)).toMatchObject({
      settings: { web: web('duckduckgo') },
      keys: { brave: false, tavily: false },
    });
    const saved = await w.handlers['web.save'](
      { web: web('brave', { resultCount: 8 }), key: 'test-key-brave-1' },
      sender,
    );
    expect(saved).toMatchObject({ ok: true, settings: { web: web('brave', { resultCount: 8 }) } });
    expect(saved.ok && saved.keys).toEqual({ brave: true, tavily: false });
    expect(JSON.stringify(saved)).not.toContain('test-key');
    expect(await w.stored()).toContain('"engine":"brave"');
    expect(await w.stored()).not.toContain('test-key');
    expect(await engineKey(await w.db, 'brave')).toEqual({ key: 'test-key-brave-1' });
    expect(w.release).toHaveBeenLastCalledWith(expect.objectContaining({ web: web('brave', { resultCount: 8 }) }));
  });

  test('no key typed keeps the saved one, another replaces it, and removing it on purpose is allowed', async () => {
    const w = worker();
    await w.handlers['web.save']({ web: web('tavily'), key: 'test-key-tavily-1' }, sender);
    expect(await w.handlers['web.save']({ web: web('tavily') }, sender)).toMatchObject({ ok: true });
    expect(await engineKey(await w.db, 'tavily')).toEqual({ key: 'test-key-tavily-1' });
    await w.handlers['web.save']({ web: web('tavily'), key: 'test-key-tavily-2' }, sender);
    expect(await engineKey(await w.db, 'tavily')).toEqual({ key: 'test-key-tavily-2' });
    // Another engine chosen keeps Tavily's key for when it is chosen again.
    await w.handlers['web.save']({ web: web('duckduckgo') }, sender);
    expect(await engineKey(await w.db, 'tavily')).toEqual({ key: 'test-key-tavily-2' });
    const removed = await w.handlers['web.save']({ web: web('tavily'), key: '' }, sender);
    expect(removed.ok && removed.keys).toEqual({ brave: false, tavily: false });
  });

  test('refusals name the field to fix, and change nothing', async () => {
    const w = worker();
    const refusal = (message: string, field: string) => ({ ok: false, field, message });
    expect(await w.handlers['web.save']({ web: web('brave') }, sender)).toEqual(
      refusal('Brave Search needs your API key. Add it in Settings → Web.', 'key'),
    );
    expect(await w.handlers['web.save']({ web: web('searxng') }, sender)).toEqual(
      refusal('Enter the address of your SearXNG instance in Settings, like https://searx.example.org.', 'searxngUrl'),
    );
    const relative = await w.handlers['web.save']({ web: web('searxng', { searxngUrl: 'searx.lan' }) }, sender);
    expect(relative).toMatchObject({ ok: false, field: 'searxngUrl', message: expect.stringContaining('“searx.lan”') });
    const query = await w.handlers['web.save']({ web: web('searxng', { searxngUrl: 'https://s.lan/?q=1' }) }, sender);
    expect(query).toEqual(refusal('The base URL cannot contain ? or #.', 'searxngUrl'));
    expect(await w.stored()).toBe('null');
  });
});

describe('Try a search', () => {
  test('SearXNG: the first results’ titles and addresses, asked for “Gloss” by default', async () => {
    const w = worker(() => new Response(fixture('searxng/200-results.json')));
    const tried = await w.handlers['web.try']({ web: web('searxng', { searxngUrl: 'http://127.0.0.1:8888' }) }, sender);
    expect(tried).toEqual({
      ok: true,
      found: 3,
      results: [
        {
          title: 'References and Borrowing - The Rust Programming Language',
          url: 'https://doc.rust-lang.org/book/ch04-02-references-and-borrowing.html',
        },
        {
          title: 'MIR borrow check - Rust Compiler Development Guide',
          url: 'https://rustc-dev-guide.rust-lang.org/borrow_check.html',
        },
        {
          title: 'Rust (programming language) - Wikipedia',
          url: 'https://en.wikipedia.org/wiki/Rust_(programming_language)',
        },
      ],
    });
    expect(w.asked.map((a) => a.url)).toEqual(['http://127.0.0.1:8888/search?q=Gloss&format=json']);
  });

  test('a key typed is tried as it is, at Brave’s address only, and not saved', async () => {
    const w = worker(() => new Response(fixture('brave/200-results.json')));
    const tried = await w.handlers['web.try']({ web: web('brave'), key: 'test-key-brave-1', query: 'borrow' }, sender);
    expect(tried).toMatchObject({ ok: true, found: 3 });
    expect(w.asked[0]?.url).toBe('https://api.search.brave.com/res/v1/web/search?q=borrow&count=5');
    expect(w.asked[0]?.init.headers).toMatchObject({ 'x-subscription-token': 'test-key-brave-1' });
    expect(await engineKey(await w.db, 'brave')).toBeNull();
  });

  test('without a key nothing is sent; the problem says what to do', async () => {
    const w = worker();
    expect(await w.handlers['web.try']({ web: web('tavily') }, sender)).toEqual({
      ok: false,
      problem: 'Tavily needs your API key. Add it in Settings → Web.',
    });
    expect(w.asked).toEqual([]);
  });

  test('the engine’s own refusal, in words; without access, what helps is added', async () => {
    const w = worker(() => new Response(fixture('searxng/403-json-off.html'), { status: 403 }));
    const off = await w.handlers['web.try']({ web: web('searxng', { searxngUrl: 'https://searx.lan' }) }, sender);
    expect(off).toEqual({
      ok: false,
      problem:
        'Your SearXNG instance does not give results as JSON. Add json to search.formats in its settings.yml, then retry (HTTP 403).',
    });
    const denied = worker(() => Promise.reject(new TypeError('Failed to fetch')), false);
    expect(await denied.handlers['web.try']({ web: web('duckduckgo') }, sender)).toEqual({
      ok: false,
      problem:
        'Could not reach https://html.duckduckgo.com to search. Check that you are online. Gloss has no access to html.duckduckgo.com yet: allow it above, then try again.',
    });
  });
});
