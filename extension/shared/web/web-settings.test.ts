/** The web's settings: their fallbacks, and the host access each engine needs. */
import { describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS, migrateSettings, toPublic, upsertProvider } from '../settings';
import { accessHost, ANY_SITE, DEFAULT_WEB, engineAccess, isKeyed, SEARCH_ENGINES } from './web-settings';

const provider = {
  preset: 'openai',
  kind: 'openai',
  name: 'O',
  baseUrl: 'https://api.openai.com/v1',
  model: 'm',
} as const;
const withProvider = upsertProvider(DEFAULT_SETTINGS, provider, () => 'p1');

describe('the web settings in the stored record', () => {
  test('absent (a record from before issue 29): the defaults, DuckDuckGo with 5 results', () => {
    const { web, ...older } = withProvider;
    expect(web).toEqual(DEFAULT_WEB);
    expect(migrateSettings(older)).toEqual(withProvider);
    expect(DEFAULT_WEB).toEqual({ engine: 'duckduckgo', searxngUrl: '', resultCount: 5, searchFirst: false });
  });

  test.each([
    ['an unknown engine', { engine: 'bing', searxngUrl: '', resultCount: 5 }],
    ['too many results', { engine: 'brave', searxngUrl: '', resultCount: 11 }],
    ['no whole number', { engine: 'brave', searxngUrl: '', resultCount: 2.5 }],
    ['a field missing', { engine: 'searxng', resultCount: 3 }],
    ['not an object', 'searxng'],
    ['null', null],
  ])('damaged (%s): the defaults, and the providers are kept', (_, web) => {
    expect(migrateSettings({ ...withProvider, web })).toEqual(withProvider);
  });

  test('a record from before "Search first" reads it as off; one with it keeps it', () => {
    const older = { engine: 'brave', searxngUrl: '', resultCount: 4 } as const;
    expect(migrateSettings({ ...withProvider, web: older }).web).toEqual({ ...older, searchFirst: false });
    const on = { ...older, searchFirst: true };
    expect(migrateSettings({ ...withProvider, web: on }).web).toEqual(on);
  });

  test('a valid record is read as stored, and the panel sees it (no key is in either)', () => {
    const web = {
      engine: 'searxng',
      searxngUrl: 'https://searx.example.org',
      resultCount: 10,
      searchFirst: false,
    } as const;
    const stored = migrateSettings({ ...withProvider, web });
    expect(stored.web).toEqual(web);
    expect(toPublic(stored).web).toEqual(web);
  });
});

describe('the host access each engine needs', () => {
  test.each([
    ['duckduckgo', '', 'https://html.duckduckgo.com/*'],
    ['brave', '', 'https://api.search.brave.com/*'],
    ['tavily', 'https://searx.example.org', 'https://api.tavily.com/*'],
    ['searxng', 'https://searx.example.org', 'https://searx.example.org/*'],
    // No path; the instance's port where it has one (Chrome), as providers' access is asked.
    ['searxng', ' http://192.168.1.5:8888/searxng/search ', 'http://192.168.1.5:8888/*'],
    ['searxng', 'http://localhost:8080', 'http://localhost:8080/*'],
    ['searxng', '', null],
    ['searxng', 'searx.example.org', null],
    ['searxng', 'ftp://searx.example.org', null],
    ['searxng', 'javascript:alert(1)', null],
  ] as const)('%s at “%s”: %s', (engine, searxngUrl, pattern) => {
    expect(engineAccess({ engine, searxngUrl })).toBe(pattern);
  });

  test('in Firefox, whose patterns name no port, the instance’s host', () => {
    expect(engineAccess({ engine: 'searxng', searxngUrl: 'http://localhost:8080' }, false)).toBe('http://localhost/*');
  });

  test('the host named in words, and the patterns of any site', () => {
    expect(accessHost('https://html.duckduckgo.com/*')).toBe('html.duckduckgo.com');
    expect(accessHost('http://192.168.1.5/*')).toBe('192.168.1.5');
    expect(ANY_SITE).toEqual(['https://*/*', 'http://*/*']);
  });

  test('Brave and Tavily need a key, the others none', () => {
    expect(SEARCH_ENGINES.filter(isKeyed)).toEqual(['brave', 'tavily']);
  });
});
