import { describe, expect, test } from 'vitest';
import { GlossTools, PAGE_CHARS, type GlossToolsDeps } from './gloss-tools';
import type { OfferedTool } from '../tools/tool-source';
import type { PageReading } from './read-page';

const RESULTS = [
  { title: 'Alpha', url: 'https://alpha.example/a', snippet: 'About alpha.' },
  { title: 'Beta', url: 'https://beta.example/b#top', snippet: '' },
];

function tools(over: Partial<GlossToolsDeps> = {}) {
  /** Each read, and whether it may go to its own origin and to a loopback one a redirect names. */
  const reads: { url: string; own: boolean; loopback: boolean }[] = [];
  const deps: GlossToolsDeps = {
    policies: {},
    given: new Set(['https://given.example/page']),
    search: () => Promise.resolve({ results: RESULTS }),
    read: (url, options): Promise<PageReading> => {
      const allowed = (origin: string) => options.allowedPrivate?.(origin) ?? false;
      reads.push({ url, own: allowed(new URL(url).origin), loopback: allowed('http://127.0.0.1:8080') });
      return Promise.resolve({
        page: { url, finalUrl: url, title: `Title of ${url}`, text: 'The page text.', kind: 'html' },
      });
    },
    hasAccess: () => Promise.resolve(true),
    ...over,
  };
  return { source: new GlossTools(deps), reads };
}

const signal = new AbortController().signal;
async function tool(source: GlossTools, name: string): Promise<OfferedTool> {
  const found = (await source.offered()).find((t) => t.tool === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}
async function asks(source: GlossTools, url: string) {
  return source.asksFirst(await tool(source, 'fetch_url'), { url });
}

describe('GlossTools', () => {
  test('offers web_search, fetch_url and read_tab as Gloss, allowed unless the settings say otherwise', async () => {
    const { source } = tools({ policies: { fetch_url: 'ask', read_tab: 'off' } });
    const offered = await source.offered();
    expect(offered.map((t) => [t.tool, t.source, t.policy])).toEqual([
      ['web_search', 'Gloss', 'allow'],
      ['fetch_url', 'Gloss', 'ask'],
      ['read_tab', 'Gloss', 'off'],
    ]);
    expect(offered.every((t) => t.serverId === undefined)).toBe(true);
  });

  test('a search gives numbered results, and a page read keeps its result’s number', async () => {
    const { source } = tools();
    const found = await source.call(await tool(source, 'web_search'), { query: 'alpha' }, signal, 5000);
    expect(found).toMatchObject({
      isError: false,
      text: expect.stringContaining('[1] Alpha\nhttps://alpha.example/a\nAbout alpha.'),
    });
    expect(found.text).toContain('[2] Beta\nhttps://beta.example/b#top');
    const page = await source.call(await tool(source, 'fetch_url'), { url: 'https://beta.example/b' }, signal, 5000);
    expect(page.text).toMatch(
      /^\[2\] Title of https:\/\/beta\.example\/b\nAddress: https:\/\/beta\.example\/b\n\nThe page text\.$/,
    );
    expect(found.sources).toEqual([
      { n: 1, title: 'Alpha', url: 'https://alpha.example/a' },
      { n: 2, title: 'Beta', url: 'https://beta.example/b#top' },
    ]);
    expect(page.sources).toEqual([{ n: 2, title: 'Beta', url: 'https://beta.example/b#top' }]);
    const other = await source.call(
      await tool(source, 'fetch_url'),
      { url: 'https://given.example/page' },
      signal,
      5000,
    );
    expect(other.sources?.[0]?.n).toBe(3);
  });

  test('fetch_url goes without asking to an address the user gave or a search found', async () => {
    const { source } = tools();
    expect(await asks(source, 'https://given.example/page')).toBeUndefined();
    expect(await asks(source, 'https://alpha.example/a')).toBeDefined();
    await source.call(await tool(source, 'web_search'), { query: 'alpha' }, signal, 5000);
    expect(await asks(source, 'https://alpha.example/a')).toBeUndefined();
    expect(await asks(source, 'https://alpha.example/a#later')).toBeUndefined();
  });

  test('an address a page may have planted asks first, showing it whole', async () => {
    const { source } = tools();
    const leak = 'https://evil.example/?q=the%20conversation%20so%20far';
    const rule = await asks(source, leak);
    expect(rule?.because).toContain(leak);
    expect(rule?.access).toBeUndefined();
  });

  test('a private address asks even when a search found it, and is read only after that', async () => {
    const { source, reads } = tools({
      search: () => Promise.resolve({ results: [{ title: 'r', url: 'http://192.168.1.1/admin', snippet: '' }] }),
    });
    await source.call(await tool(source, 'web_search'), { query: 'router' }, signal, 5000);
    const rule = await asks(source, 'http://192.168.1.1/admin');
    expect(rule?.because).toContain('http://192.168.1.1/admin');
    await source.call(await tool(source, 'fetch_url'), { url: 'http://192.168.1.1/admin' }, signal, 5000);
    expect(reads).toEqual([{ url: 'http://192.168.1.1/admin', own: true, loopback: false }]);
  });

  test('a private address the user wrote is read without asking', async () => {
    const { source, reads } = tools({ given: new Set(['http://localhost:8080/docs']) });
    expect(await asks(source, 'http://localhost:8080/docs')).toBeUndefined();
    await source.call(await tool(source, 'fetch_url'), { url: 'http://localhost:8080/docs' }, signal, 5000);
    expect(reads[0]).toMatchObject({ own: true, loopback: false });
  });

  test('a public address never lets the reader into private ones', async () => {
    const { source, reads } = tools();
    await source.call(await tool(source, 'fetch_url'), { url: 'https://given.example/page' }, signal, 5000);
    expect(reads[0]?.loopback).toBe(false);
  });

  test('a site without access asks, and names the access the Allow click asks the browser for', async () => {
    const { source } = tools({ hasAccess: () => Promise.resolve(false) });
    expect(await asks(source, 'https://given.example/page')).toEqual({
      because: expect.stringContaining('given.example'),
      access: 'https://given.example/*',
    });
    expect((await asks(source, 'https://other.example/'))?.access).toBe('https://other.example/*');
  });

  test('a site’s access asked for one read is given back after it', async () => {
    let givenBack = 0;
    const { source } = tools({
      hasAccess: () => Promise.resolve(false),
      giveBack: () => (givenBack++, Promise.resolve()),
    });
    await source.call(await tool(source, 'fetch_url'), { url: 'https://given.example/page' }, signal, 5000);
    expect(givenBack).toBe(0); // nothing was lent: no call asked
    await asks(source, 'https://given.example/page');
    await source.call(await tool(source, 'fetch_url'), { url: 'https://given.example/page' }, signal, 5000);
    expect(givenBack).toBe(1);
  });

  test('problems are the tool’s failures, in words', async () => {
    const { source } = tools({
      search: () => Promise.resolve({ problem: 'DuckDuckGo asked to prove a human is searching.' }),
      read: () => Promise.resolve({ problem: 'The page is gone (404).' }),
    });
    expect(await source.call(await tool(source, 'web_search'), { query: 'x' }, signal, 5000)).toEqual({
      isError: true,
      text: 'DuckDuckGo asked to prove a human is searching.',
    });
    expect(await source.call(await tool(source, 'web_search'), { query: ' ' }, signal, 5000)).toMatchObject({
      isError: true,
    });
    const bad = await source.call(await tool(source, 'fetch_url'), { url: 'file:///etc/passwd' }, signal, 5000);
    expect(bad).toMatchObject({ isError: true, text: expect.stringContaining('file:///etc/passwd') });
    expect(await asks(source, 'file:///etc/passwd')).toBeUndefined();
    const gone = await source.call(
      await tool(source, 'fetch_url'),
      { url: 'https://given.example/page' },
      signal,
      5000,
    );
    expect(gone).toEqual({ isError: true, text: 'The page is gone (404).' });
  });

  test('a long page says what was cut, and the reader is asked for at most PAGE_CHARS', async () => {
    let asked = 0;
    const { source } = tools({
      read: (url, o) => {
        asked = o.maxChars;
        const page = {
          url,
          finalUrl: `${url}/moved`,
          title: 'Long',
          text: 'x',
          kind: 'text' as const,
          cut: { kept: 10, total: 99 },
          partial: { readBytes: 5_242_880 },
        };
        return Promise.resolve({ page });
      },
    });
    const outcome = await source.call(
      await tool(source, 'fetch_url'),
      { url: 'https://given.example/page' },
      signal,
      5000,
    );
    expect(asked).toBe(PAGE_CHARS);
    expect(outcome.cut).toEqual({ kept: 10, total: 99 });
    expect(outcome.text).toContain('Moved to: https://given.example/page/moved');
    expect(outcome.text).toContain('[Cut: the first 10 of 99 characters.]');
    expect(outcome.text).toContain('[Only the first 5 MB of the page was read: it is longer.]');
  });
});
