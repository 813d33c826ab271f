/**
 * The reader follows redirects itself, one checked request at a time (`page-fetch.ts`,
 * `page-hop.ts`): the browser reports where each one leads and from which server address, and
 * a target that may not be read is never asked for. Where the browser checks server addresses
 * itself (Chrome's `targetAddressSpace`), a public-looking name whose server is private is
 * refused by the browser before the request is sent.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { t } from '../../shared/i18n';
import { loadCore } from '../test-support';
import type { Hop } from './address-verdict';
import type { RequestWatch } from './address-watch';
import { MAX_REDIRECTS } from './page-fetch';
import { readPage } from './read-page';
import { answer, asked, body, deps, fakeFetch } from './test-support';

beforeAll(loadCore);

const ARTICLE = '<title>Tides</title><p>The Moon pulls the oceans.</p>';
const PUBLIC_IP = '93.184.215.14';

/** What the browser reports of each address's request: its answers, or the error it failed with. */
type Reports = Record<string, { hops?: Hop[]; failure?: string }>;

function watching(reports: Reports) {
  const watched: string[] = [];
  const watch = (url: string): RequestWatch => {
    watched.push(url);
    const report = reports[url] ?? {};
    return { hops: () => Promise.resolve(report.hops), failure: report.failure, end: () => undefined };
  };
  return { watch, watched };
}

/** A manual redirect's answer as an extension's fetch gets it: opaque, no status, no `Location`. */
function opaqueRedirect(): Response {
  const response = new Response(null);
  Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
  Object.defineProperty(response, 'status', { value: 0 });
  return response;
}

/** Sites by address: a redirect (an opaque answer) or an article; anything else fails as unreachable. */
function sites(redirects: string[], articles: string[]) {
  return fakeFetch((url) => {
    if (redirects.includes(url)) return opaqueRedirect();
    if (articles.includes(url)) return answer(body({ head: ARTICLE }).stream, { url });
    throw new TypeError('Failed to fetch');
  });
}

const redirect = (url: string, to: string, ip = PUBLIC_IP): Reports => ({ [url]: { hops: [{ url, ip, to }] } });
const served = (url: string, ip = PUBLIC_IP): Reports => ({ [url]: { hops: [{ url, ip }] } });

describe('redirects, followed by Gloss', () => {
  test('a redirect to a public page is followed: each request asks the browser not to follow, the page is read', async () => {
    const [from, to] = ['http://news.example/tides', 'https://news.example/tides'];
    const { fetch, asked: requests } = sites([from], [to]);
    const { watch, watched } = watching({ ...redirect(from, to), ...served(to) });
    const read = await readPage(from, asked(), deps(fetch, { watch }));
    expect(read).toMatchObject({ page: { url: from, finalUrl: to, text: 'The Moon pulls the oceans.' } });
    expect(requests.map((r) => [r.url, r.init.redirect, r.init.credentials])).toEqual([
      [from, 'manual', 'omit'],
      [to, 'manual', 'omit'],
    ]);
    expect(watched).toEqual([from, to]);
  });

  test('a redirect to this computer is never requested, and names where it led', async () => {
    const from = 'https://lighthouse.example/go';
    const { fetch, asked: requests } = sites([from], []);
    const { watch } = watching(redirect(from, 'http://127.0.0.1:9000/secret'));
    await expect(readPage(from, asked(), deps(fetch, { watch }))).resolves.toEqual({
      problem: t('readRedirectedPrivate', from, 'http://127.0.0.1:9000'),
      privateAddress: '127.0.0.1',
    });
    expect(requests.map((r) => r.url)).toEqual([from]);
  });

  test('the user’s own private address may be a redirect’s target', async () => {
    const [from, to] = ['https://short.example/wiki', 'http://10.0.0.12/wiki'];
    const { fetch } = sites([from], [to]);
    const { watch } = watching({ ...redirect(from, to), ...served(to, '10.0.0.12') });
    const allowedPrivate = (origin: string) => origin === 'http://10.0.0.12';
    const read = await readPage(from, asked(10_000, { allowedPrivate }), deps(fetch, { watch }));
    expect(read).toMatchObject({ page: { finalUrl: to } });
  });

  test('a redirect answered from a private address is refused before its target is asked for', async () => {
    const from = 'https://short.example/x';
    const { fetch, asked: requests } = sites([from], ['https://news.example/tides']);
    const { watch } = watching(redirect(from, 'https://news.example/tides', '10.9.8.7'));
    await expect(readPage(from, asked(), deps(fetch, { watch }))).resolves.toEqual({
      problem: t('readResolvedPrivate', from, 'short.example', '10.9.8.7'),
      privateAddress: 'short.example',
    });
    expect(requests).toHaveLength(1);
  });

  test('a redirect to a site Gloss has no access to names that site, unasked', async () => {
    const from = 'https://news.example/moved';
    const { fetch, asked: requests } = sites([from], ['https://elsewhere.example/tides']);
    const { watch } = watching(redirect(from, 'https://elsewhere.example/tides'));
    const hasAccess = (url: string) => Promise.resolve(!url.startsWith('https://elsewhere.example'));
    await expect(readPage(from, asked(), deps(fetch, { watch, hasAccess }))).resolves.toEqual({
      problem: t('readNoAccess', 'https://elsewhere.example'),
      needsAccess: 'https://elsewhere.example',
    });
    expect(requests).toHaveLength(1);
  });

  test('a redirect to something other than the web is not followed', async () => {
    const from = 'https://news.example/app';
    const { fetch } = sites([from], []);
    const { watch } = watching(redirect(from, 'ftp://files.example/tides.txt'));
    await expect(readPage(from, asked(), deps(fetch, { watch }))).resolves.toEqual({
      problem: t('readNotWeb', 'ftp://files.example/tides.txt'),
    });
  });

  test('a redirect with no address to go to (a malformed Location) is not followed, and says so', async () => {
    const from = 'https://news.example/moved';
    const { fetch } = sites([from], []);
    const { watch } = watching(served(from));
    await expect(readPage(from, asked(), deps(fetch, { watch }))).resolves.toEqual({
      problem: t('readBadRedirect', from),
    });
    expect(t('readBadRedirect', from)).toContain('redirects to an address that Gloss could not read');
  });

  test(`a loop of redirects stops after ${MAX_REDIRECTS}`, async () => {
    const [a, b] = ['https://loop.example/a', 'https://loop.example/b'];
    const { fetch, asked: requests } = sites([a, b], []);
    const { watch } = watching({ ...redirect(a, b), ...redirect(b, a) });
    await expect(readPage(a, asked(), deps(fetch, { watch }))).resolves.toEqual({
      problem: t('readTooManyRedirects', a, MAX_REDIRECTS),
    });
    expect(requests).toHaveLength(MAX_REDIRECTS + 1);
  });
});

describe('where the browser checks server addresses (Chrome)', () => {
  const checks = { checksAddressSpace: true };

  test('a page is asked for as a public server, and read without judging the address the browser reports', async () => {
    const url = 'https://news.example/tides';
    const { fetch, asked: requests } = sites([], [url]);
    // An address the browser was told is public (as the e2e tests' servers on 127.0.0.1 are).
    const { watch } = watching(served(url, '127.0.0.1'));
    await expect(readPage(url, asked(), deps(fetch, { watch, ...checks }))).resolves.toHaveProperty('page');
    expect(requests[0]?.init).toMatchObject({ targetAddressSpace: 'public' });
  });

  test('a name the browser refused for leading to a private server fails naming it, with nothing requested', async () => {
    const url = 'https://harbour.example/times';
    const { fetch } = sites([], []);
    const { watch } = watching({ [url]: { failure: 'net::ERR_FAILED' } });
    await expect(readPage(url, asked(), deps(fetch, { watch, ...checks }))).resolves.toEqual({
      problem: t('readLedPrivate', url, 'harbour.example'),
      privateAddress: 'harbour.example',
    });
  });

  test('a server that cannot be reached is said to be unreachable', async () => {
    const url = 'https://down.example/';
    const { watch } = watching({ [url]: { failure: 'net::ERR_CONNECTION_REFUSED' } });
    await expect(readPage(url, asked(), deps(sites([], []).fetch, { watch, ...checks }))).resolves.toEqual({
      problem: t('readUnreachable', url),
    });
  });

  test('the user’s own address, and any page behind a known proxy, are asked for without the check', async () => {
    const url = 'https://wiki.intranet.example/start';
    const own = sites([], [url]);
    const allowedPrivate = (origin: string) => origin === 'https://wiki.intranet.example';
    const { watch } = watching(served(url, '10.0.0.12'));
    await readPage(url, asked(10_000, { allowedPrivate }), deps(own.fetch, { watch, ...checks }));
    expect(own.asked[0]?.init).not.toHaveProperty('targetAddressSpace');

    const proxied = sites([], ['https://news.example/tides']);
    const behind = watching(served('https://news.example/tides', '10.0.0.5'));
    const proxyIps = new Set(['10.0.0.5']);
    const read = await readPage('https://news.example/tides', asked(), {
      ...deps(proxied.fetch, { watch: behind.watch, proxyIps, ...checks }),
    });
    expect(read).toHaveProperty('page');
    expect(proxied.asked[0]?.init).not.toHaveProperty('targetAddressSpace');
  });
});

describe('where the browser resolves names for Gloss (Firefox)', () => {
  const url = 'https://harbour.example/times';

  test('a name that resolves to this computer is refused before anything is asked of it', async () => {
    const { fetch, asked: requests } = sites([], [url]);
    const { watch, watched } = watching(served(url));
    const lookup = (host: string) => Promise.resolve(host === 'harbour.example' ? ['93.184.215.14', '127.0.0.1'] : []);
    await expect(readPage(url, asked(), deps(fetch, { watch, lookup }))).resolves.toEqual({
      problem: t('readResolvedPrivate', url, 'harbour.example', '127.0.0.1'),
      privateAddress: 'harbour.example',
    });
    expect(requests).toEqual([]);
    expect(watched).toEqual([]);
  });

  test('a public name, one the resolver cannot say, and the user’s own address are asked for', async () => {
    const looked: string[] = [];
    const { fetch } = sites([], [url]);
    const { watch } = watching(served(url));
    const publicOnes = (host: string) => (looked.push(host), Promise.resolve([PUBLIC_IP]));
    await expect(readPage(url, asked(), deps(fetch, { watch, lookup: publicOnes }))).resolves.toHaveProperty('page');
    const failing = () => Promise.reject(new Error('NS_ERROR_UNKNOWN_HOST'));
    await expect(readPage(url, asked(), deps(fetch, { watch, lookup: failing }))).resolves.toHaveProperty('page');
    const allowedPrivate = (origin: string) => origin === 'https://harbour.example';
    const own = deps(fetch, { watch, lookup: publicOnes });
    await expect(readPage(url, asked(10_000, { allowedPrivate }), own)).resolves.toHaveProperty('page');
    expect(looked).toEqual(['harbour.example']);
  });
});
