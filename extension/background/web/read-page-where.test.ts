/**
 * The reader and where its request actually went (`address-watch.ts`, as the browser reports
 * it): a name that led to a private address is refused before its body is read, unless the
 * caller allowed that origin; a page whose server the browser did not report is not read.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { t } from '../../shared/i18n';
import { loadCore } from '../test-support';
import type { Hop } from './address-verdict';
import type { RequestWatch } from './address-watch';
import { readPage } from './read-page';
import { answer, asked, body, deps, fakeFetch } from './test-support';

beforeAll(loadCore);

const ARTICLE = '<title>Tides</title><p>The Moon pulls the oceans.</p>';

/** A watch that reports `hops` (none: the browser reported nothing). */
function watching(hops: Hop[] | undefined) {
  const seen = { urls: [] as string[], ended: 0 };
  const watch = (url: string): RequestWatch => {
    seen.urls.push(url);
    return {
      hops: () => Promise.resolve(hops),
      failure: undefined,
      end: () => {
        seen.ended++;
      },
    };
  };
  return { watch, seen };
}

/** A page at `url` whose body records what was read of it. */
function page(url: string) {
  const b = body({ head: ARTICLE });
  return { ...fakeFetch(() => answer(b.stream, { url })), seen: b.seen };
}

describe('where a page read went', () => {
  test('a page from a public server is read, its request watched from before it was made, and never from the cache', async () => {
    const { fetch, asked: requests } = page('https://news.example/tides');
    const { watch, seen } = watching([{ url: 'https://news.example/tides', ip: '93.184.215.14' }]);
    const read = await readPage('https://news.example/tides', asked(), deps(fetch, { watch }));
    expect(read).toMatchObject({ page: { text: 'The Moon pulls the oceans.' } });
    expect(seen).toEqual({ urls: ['https://news.example/tides'], ended: 1 });
    expect(requests[0]?.init).toMatchObject({ cache: 'no-store' });
  });

  test('a public name whose server is on this computer is refused, naming where it led; its body is never read', async () => {
    const url = 'https://rebind.example/page';
    const { fetch, seen: bodySeen } = page(url);
    const { watch } = watching([{ url, ip: '127.0.0.1' }]);
    await expect(readPage(url, asked(), deps(fetch, { watch }))).resolves.toEqual({
      problem: t('readResolvedPrivate', url, 'rebind.example', '127.0.0.1'),
      privateAddress: 'rebind.example',
    });
    expect(bodySeen).toMatchObject({ bytes: 0, cancelled: true });
  });

  test('the origin the user allowed is read though its name leads to a private network', async () => {
    const url = 'https://wiki.intranet.example/start';
    const { fetch } = page(url);
    const { watch } = watching([{ url, ip: '10.0.0.12' }]);
    const allowedPrivate = (origin: string) => origin === 'https://wiki.intranet.example';
    const read = await readPage(url, asked(10_000, { allowedPrivate }), deps(fetch, { watch }));
    expect(read).toMatchObject({ page: { finalUrl: url, text: 'The Moon pulls the oceans.' } });
  });

  test('the address of a proxy (one that also answered for the search engine) says nothing, and the page is read', async () => {
    const { fetch } = page('https://news.example/tides');
    const { watch } = watching([{ url: 'https://news.example/tides', ip: '10.0.0.5' }]);
    const read = await readPage(
      'https://news.example/tides',
      asked(),
      deps(fetch, { watch, proxyIps: new Set(['10.0.0.5']) }),
    );
    expect(read).toHaveProperty('page');
  });

  test('without access the browser reports nothing: the site is named to be allowed, unless the user gave the address', async () => {
    const url = 'https://news.example/tides';
    const { watch } = watching(undefined);
    const noAccess = { watch, hasAccess: () => Promise.resolve(false) };
    await expect(readPage(url, asked(), deps(page(url).fetch, noAccess))).resolves.toEqual({
      problem: t('readNoAccess', 'https://news.example'),
      needsAccess: 'https://news.example',
    });
    const allowedPrivate = (origin: string) => origin === 'https://news.example';
    const own = readPage(url, asked(10_000, { allowedPrivate }), deps(page(url).fetch, noAccess));
    await expect(own).resolves.toHaveProperty('page');
  });

  test('with access but no report within the wait, nothing is read, even the user’s own address', async () => {
    const url = 'https://news.example/tides';
    const { watch } = watching(undefined);
    await expect(readPage(url, asked(), deps(page(url).fetch, { watch }))).resolves.toEqual({
      problem: t('readUnchecked', url),
    });
    const allowedPrivate = (origin: string) => origin === 'https://news.example';
    const own = readPage(url, asked(10_000, { allowedPrivate }), deps(page(url).fetch, { watch }));
    await expect(own).resolves.toEqual({ problem: t('readUnchecked', url) });
  });
});
