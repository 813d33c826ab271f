/** Settings → Web's form rules: the draft, what Save and Try send, and the words about access. */
import { describe, expect, test } from 'vitest';
import { DEFAULT_WEB } from '../../../shared/web/web-settings';
import { accessWords, anySiteWords, draftAccess } from './web-access';
import { draftOf, keyOf, keyPage, requestOf, resultCount, withEngine, type WebDraft } from './web-form';

const brave: WebDraft = { ...draftOf(DEFAULT_WEB), engine: 'brave' };

describe('the web form', () => {
  test('starts from the saved settings, with no key typed', () => {
    expect(draftOf({ engine: 'searxng', searxngUrl: 'https://s.lan', resultCount: 3, searchFirst: true })).toEqual({
      engine: 'searxng',
      searxngUrl: 'https://s.lan',
      resultCount: '3',
      key: '',
      removeKey: false,
      searchFirst: true,
    });
  });

  test('a key: empty keeps the saved one, typed replaces it, Remove removes it; none for keyless engines', () => {
    expect(keyOf(brave)).toBeUndefined();
    expect(keyOf({ ...brave, key: ' test-key-brave-1 ' })).toBe('test-key-brave-1');
    expect(keyOf({ ...brave, removeKey: true })).toBe('');
    expect(keyOf({ ...brave, engine: 'duckduckgo', key: 'test-key-brave-1' })).toBeUndefined();
  });

  test('another engine chosen drops a key typed for the one before', () => {
    const typed = { ...brave, key: 'test-key-brave-1', removeKey: true };
    expect(withEngine(typed, 'tavily')).toMatchObject({ engine: 'tavily', key: '', removeKey: false });
    expect(withEngine(typed, 'brave')).toBe(typed);
  });

  test.each([
    ['7', 7],
    ['0', 1],
    ['11', 10],
    ['2.6', 3],
    ['', 5],
    ['many', 5],
  ])('results per search typed as “%s” are %d', (typed, count) => {
    expect(resultCount(typed)).toBe(count);
  });

  test('what Save and Try send', () => {
    const draft = { ...brave, searxngUrl: ' https://s.lan ', resultCount: '12', key: 'test-key-brave-1' };
    expect(requestOf(draft)).toEqual({
      web: { engine: 'brave', searxngUrl: 'https://s.lan', resultCount: 10, searchFirst: false },
      key: 'test-key-brave-1',
    });
    expect(requestOf(draftOf(DEFAULT_WEB))).toEqual({ web: DEFAULT_WEB });
  });

  test('where keys are got, for the keyed engines only', () => {
    expect(keyPage('brave')).toBe('https://api-dashboard.search.brave.com/');
    expect(keyPage('tavily')).toBe('https://app.tavily.com/');
    expect(keyPage('searxng')).toBeUndefined();
  });
});

describe('host access in words', () => {
  test('the engine’s host, asked for and why, or granted', () => {
    expect(draftAccess(draftOf(DEFAULT_WEB))).toBe('https://html.duckduckgo.com/*');
    expect(draftAccess({ ...draftOf(DEFAULT_WEB), engine: 'searxng', searxngUrl: 'not a url' })).toBeNull();
    expect(accessWords('https://html.duckduckgo.com/*', false)).toBe(
      'Gloss needs access to html.duckduckgo.com to search there. Your browser asks you when you save or try a search.',
    );
    expect(accessWords('http://192.168.1.5/*', true)).toBe('Gloss may access 192.168.1.5 to search there.');
  });

  test('each choice of the pages Gloss reads says what it means', () => {
    expect(anySiteWords(false)).toContain('“Any site” asks it once for access to every website (http and https)');
    expect(anySiteWords(true)).toContain('“Ask for each site” gives this back; the sites allowed one by one');
  });
});
