/**
 * What the worker's web search searches with, or why it cannot; and the host access Settings
 * asks for, checked against the addresses the core's requests really go to.
 */
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS, type StoredSettings } from '../../shared/settings';
import { engineAccess, SEARCH_ENGINES, type WebSettings } from '../../shared/web/web-settings';
import { searchRequest } from '../core';
import { openGlossDb } from '../db';
import { loadCore } from '../test-support';
import { saveEngineKey } from './search-keys';
import { searchSettingsFor } from './search-settings';

beforeAll(loadCore);

const using = (web: Partial<WebSettings>): StoredSettings => ({
  ...DEFAULT_SETTINGS,
  web: { ...DEFAULT_SETTINGS.web, ...web },
});

async function keys(...saved: ['brave' | 'tavily', string][]) {
  const db = await openGlossDb(`test-${crypto.randomUUID()}`);
  for (const [engine, key] of saved) await saveEngineKey(db, engine, key);
  return () => Promise.resolve(db);
}

describe('the search settings for the worker’s tools', () => {
  test('DuckDuckGo: the engine alone', async () => {
    expect(await searchSettingsFor(DEFAULT_SETTINGS, await keys())).toEqual({ engine: 'duckduckgo' });
  });

  test('SearXNG: its instance, or why not', async () => {
    const db = await keys();
    const at = (searxngUrl: string) => searchSettingsFor(using({ engine: 'searxng', searxngUrl }), db);
    expect(await at(' https://searx.example.org ')).toEqual({
      engine: 'searxng',
      baseUrl: 'https://searx.example.org',
    });
    expect(await at('')).toEqual({
      problem: 'Enter the address of your SearXNG instance in Settings, like https://searx.example.org.',
    });
    expect(await at('searx.example.org')).toEqual({
      problem:
        '“searx.example.org” is not a web address. Enter your SearXNG instance’s address, like https://searx.example.org, in Settings → Web.',
    });
  });

  test('Brave and Tavily: their key, or that it is missing', async () => {
    const db = await keys(['brave', 'test-key-brave-1']);
    expect(await searchSettingsFor(using({ engine: 'brave' }), db)).toEqual({
      engine: 'brave',
      key: 'test-key-brave-1',
    });
    expect(await searchSettingsFor(using({ engine: 'tavily' }), db)).toEqual({
      problem: 'Tavily needs your API key. Add it in Settings → Web.',
    });
  });

  test('a key held for another origin is not sent, and says where it belongs', async () => {
    const db = await keys();
    await (await db()).put('searchKeys', { engine: 'brave', key: 'test-key-brave-1', origin: 'https://evil.example' });
    expect(await searchSettingsFor(using({ engine: 'brave' }), db)).toEqual({
      problem:
        'Your Brave Search key was saved for https://evil.example, but Brave Search now searches at https://api.search.brave.com. Enter the key again in Settings → Web.',
    });
  });
});

describe('the host access Settings asks for', () => {
  test.each(SEARCH_ENGINES)('%s: the host of the core’s request', (engine) => {
    const web = { engine, searxngUrl: 'http://192.168.1.5:8888/searxng' };
    const request = searchRequest(engine, web.searxngUrl, 'test-key', 'Gloss', 5);
    const url = new URL(request.url);
    // With its port where the request names one (the SearXNG instance's; Chrome's patterns can).
    expect(engineAccess(web)).toBe(`${url.protocol}//${url.host}/*`);
  });
});
