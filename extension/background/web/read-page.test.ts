/**
 * The web reader's rules about where it goes: only http(s), no credentials, no private
 * addresses (asked for, or reached by a redirect) unless allowed, host access named when
 * missing, and the content type deciding the reader. Bodies and limits: read-page-body.test.ts.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { t } from '../../shared/i18n';
import { loadCore } from '../test-support';
import { NoParser } from './page-host';
import { readPage } from './read-page';
import { answer, asked, body, deps, fakeFetch } from './test-support';

beforeAll(loadCore);

const ARTICLE = '<title>Tides</title><p>The Moon pulls the oceans.</p><p>Twice a day.</p>';
const serve = (html = ARTICLE, url = 'https://news.example/tides') => fakeFetch(() => answer(html, { url }));

describe('where the reader goes', () => {
  test.each([
    'file:///etc/passwd',
    'ftp://files.example/a.txt',
    'javascript:alert(1)',
    'data:text/html,<p>x</p>',
    'not a url',
  ])('%s is not a web page, and is not fetched', async (url) => {
    const { fetch, asked: requests } = serve();
    await expect(readPage(url, asked(), deps(fetch))).resolves.toEqual({ problem: t('readNotWeb', url) });
    expect(requests).toEqual([]);
  });

  test('a page is asked for as the logged-out page: no cookies or credentials, no referrer; redirects followed', async () => {
    const { fetch, asked: requests } = serve();
    const read = await readPage('https://news.example/tides', asked(), deps(fetch));
    expect(read).toEqual({
      page: {
        url: 'https://news.example/tides',
        finalUrl: 'https://news.example/tides',
        title: 'Tides',
        text: 'The Moon pulls the oceans.\n\nTwice a day.',
        kind: 'html',
      },
    });
    expect(requests[0]?.init).toMatchObject({ credentials: 'omit', redirect: 'follow', referrerPolicy: 'no-referrer' });
  });

  test.each([
    ['http://192.168.1.1/admin', '192.168.1.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://[::1]:8080/', '[::1]'],
    ['http://printer.local/status', 'printer.local'],
  ])('%s is refused before any request, naming the host %s', async (url, host) => {
    const { fetch, asked: requests } = serve();
    await expect(readPage(url, asked(), deps(fetch))).resolves.toEqual({
      problem: t('readPrivate', url),
      privateAddress: host,
    });
    expect(requests).toEqual([]);
  });

  test('a private address is read when the caller allows its origin', async () => {
    const allowed: string[] = [];
    const allowedPrivate = (origin: string) => allowed.push(origin) > 0;
    const { fetch } = serve(ARTICLE, 'http://127.0.0.1:8080/notes');
    const read = await readPage('http://127.0.0.1:8080/notes', asked(10_000, { allowedPrivate }), deps(fetch));
    expect(read).toMatchObject({ page: { title: 'Tides' } });
    expect(allowed).toContain('http://127.0.0.1:8080');
  });

  test('a redirect to a private address is refused: its body is never read and never returned', async () => {
    const secret = body({ head: '<p>router admin password: hunter2</p>' });
    const { fetch } = fakeFetch(() => answer(secret.stream, { url: 'http://127.0.0.1:9000/secret' }));
    const read = await readPage('https://short.example/x', asked(), deps(fetch));
    expect(read).toEqual({
      problem: t('readRedirectedPrivate', 'https://short.example/x', 'http://127.0.0.1:9000'),
      privateAddress: '127.0.0.1',
    });
    expect(JSON.stringify(read)).not.toContain('hunter2');
    expect(secret.seen.cancelled).toBe(true);
  });

  test('a redirect to a private origin the caller allowed is read', async () => {
    const { fetch } = fakeFetch(() => answer(ARTICLE, { url: 'http://10.0.0.5/wiki' }));
    const read = await readPage(
      'https://go.example/wiki',
      asked(10_000, { allowedPrivate: (o) => o === 'http://10.0.0.5' }),
      deps(fetch),
    );
    expect(read).toMatchObject({ page: { url: 'https://go.example/wiki', finalUrl: 'http://10.0.0.5/wiki' } });
  });

  test('a redirect to another public site is followed, and says where the page came from', async () => {
    const { fetch } = serve(ARTICLE, 'https://www.news.example/2024/tides');
    const read = await readPage('http://news.example/tides', asked(), deps(fetch));
    expect(read).toMatchObject({
      page: { url: 'http://news.example/tides', finalUrl: 'https://www.news.example/2024/tides' },
    });
  });
});

describe('host access', () => {
  const refused = () => Promise.reject(new TypeError('Failed to fetch'));

  test('a fetch that fails without host access names the site to ask for', async () => {
    const read = await readPage(
      'https://news.example/tides?x=1',
      asked(),
      deps(refused, { hasAccess: () => Promise.resolve(false) }),
    );
    expect(read).toEqual({ problem: t('readNoAccess', 'https://news.example'), needsAccess: 'https://news.example' });
  });

  test('with access, the same failure is an unreachable site, with nothing to ask for', async () => {
    const read = await readPage('https://news.example/tides', asked(), deps(refused));
    expect(read).toEqual({ problem: t('readUnreachable', 'https://news.example/tides') });
  });
});

describe('the content type decides the reader', () => {
  test.each([
    ['image/png', 'image/png'],
    ['application/octet-stream', 'application/octet-stream'],
    [null, t('readKindUnknown')],
  ])('%s is no kind Gloss reads, and its body is not read', async (type, said) => {
    const png = body({ head: '\x89PNG', size: 1_000_000 });
    const { fetch } = fakeFetch(() => answer(png.stream, { type }));
    const read = await readPage('https://img.example/a.png', asked(), deps(fetch));
    expect(read).toEqual({ problem: t('readKind', said, 'https://img.example/a.png') });
    expect(t('readKind', 'image/png', 'x')).toContain('cannot read this kind of file (image/png)');
    expect(png.seen.cancelled).toBe(true);
  });

  test.each([
    ['text/plain; charset=utf-8', 'Plain notes.\n  Indented.'],
    ['text/markdown', '# Title\n\nSome *markdown*.'],
    ['application/json', '{"a": [1, 2]}'],
  ])('%s is read as it is', async (type, text) => {
    const { fetch } = fakeFetch(() => answer(text, { type, url: 'https://files.example/notes.txt' }));
    const read = await readPage('https://files.example/notes.txt', asked(), deps(fetch));
    expect(read).toEqual({
      page: {
        url: 'https://files.example/notes.txt',
        finalUrl: 'https://files.example/notes.txt',
        title: 'notes.txt',
        text,
        kind: 'text',
      },
    });
  });

  test('a page in windows-1252 reads as its words', async () => {
    const latin = Uint8Array.from([0x47, 0x72, 0xfc, 0xdf, 0x65]); // "Grüße"
    const { fetch } = fakeFetch(() => answer(latin, { type: 'text/plain; charset=windows-1252' }));
    await expect(readPage('https://de.example/gruss', asked(), deps(fetch))).resolves.toMatchObject({
      page: { text: 'Grüße' },
    });
  });

  test('an error status is said, and the error page is not read', async () => {
    const page = body({ head: '<p>Not here</p>' });
    const { fetch } = fakeFetch(() => answer(page.stream, { status: 404 }));
    await expect(readPage('https://news.example/gone', asked(), deps(fetch))).resolves.toEqual({
      problem: t('readStatus', 'https://news.example/gone', 404),
    });
    expect(page.seen.cancelled).toBe(true);
  });

  test('an HTML page with no text says so', async () => {
    const { fetch } = serve('<title>Empty</title><div></div>');
    await expect(readPage('https://news.example/empty', asked(), deps(fetch))).resolves.toEqual({
      problem: t('readNoText', 'https://news.example/empty'),
    });
  });

  test('a page without a title is named by its file, else its host', async () => {
    const { fetch } = serve('<p>Untitled words.</p>', 'https://news.example/notes/today.html');
    await expect(readPage('https://news.example/notes/today.html', asked(), deps(fetch))).resolves.toMatchObject({
      page: { title: 'today.html' },
    });
  });

  test('a browser with no way to parse says so; a parser that fails is said in words', async () => {
    const noParser = deps(serve().fetch, { withParser: () => Promise.reject(new NoParser('none')) });
    await expect(readPage('https://news.example/a', asked(), noParser)).resolves.toEqual({
      problem: t('readCannotParse', 'https://news.example/a'),
    });
    const broken = deps(serve().fetch, { withParser: () => Promise.reject(new Error('parser crashed')) });
    await expect(readPage('https://news.example/a', asked(), broken)).resolves.toEqual({
      problem: t('readFailed', 'https://news.example/a', 'parser crashed'),
    });
  });
});
