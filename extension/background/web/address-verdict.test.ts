import { describe, expect, test } from 'vitest';
import { answeredByProxy, privateHop, type Hop } from './address-verdict';

const none = () => false;
const noProxies = new Set<string>();

describe('privateHop: the answer that came from a private address', () => {
  test('a public name that answered from a public address passes', () => {
    expect(privateHop([{ url: 'https://news.example/tides', ip: '93.184.215.14' }], none, noProxies)).toBeUndefined();
  });

  test.each(['127.0.0.1', '10.0.0.8', '192.168.1.1', '::1', '::ffff:7f00:1', 'fd00::5'])(
    'a public name that answered from %s is refused, naming the host and the address',
    (ip) => {
      expect(privateHop([{ url: 'https://rebind.example:8443/page', ip }], none, noProxies)).toEqual({
        url: 'https://rebind.example:8443/page',
        host: 'rebind.example:8443',
        ip,
      });
    },
  );

  test('a redirect that answered from a private address is refused though the final page is public', () => {
    const hops: Hop[] = [
      { url: 'https://short.example/x', ip: '10.1.2.3' },
      { url: 'https://news.example/tides', ip: '93.184.215.14' },
    ];
    expect(privateHop(hops, none, noProxies)).toMatchObject({ host: 'short.example', ip: '10.1.2.3' });
  });

  test('a page whose redirect led to a private address is refused at that answer', () => {
    const hops: Hop[] = [
      { url: 'https://news.example/go', ip: '93.184.215.14' },
      { url: 'https://intranet.example/wiki', ip: '10.20.30.40' },
    ];
    expect(privateHop(hops, none, noProxies)).toMatchObject({ host: 'intranet.example', ip: '10.20.30.40' });
  });

  test('the origin the user allowed passes, and only that origin', () => {
    const allowed = (origin: string) => origin === 'https://intranet.example';
    expect(privateHop([{ url: 'https://intranet.example/wiki', ip: '10.20.30.40' }], allowed, noProxies)).toBe(
      undefined,
    );
    const redirected: Hop[] = [
      { url: 'https://intranet.example/go', ip: '10.20.30.40' },
      { url: 'https://printer.example/', ip: '10.20.30.41' },
    ];
    expect(privateHop(redirected, allowed, noProxies)).toMatchObject({ host: 'printer.example' });
  });

  test("a proxy's address says nothing of the page: Firefox's proxied answers and known proxies pass", () => {
    expect(privateHop([{ url: 'https://news.example/', ip: '127.0.0.1', proxied: true }], none, noProxies)).toBe(
      undefined,
    );
    const proxies = new Set(['10.0.0.5']);
    expect(privateHop([{ url: 'https://news.example/', ip: '10.0.0.5' }], none, proxies)).toBeUndefined();
    expect(privateHop([{ url: 'https://news.example/', ip: '10.0.0.6' }], none, proxies)).toMatchObject({
      ip: '10.0.0.6',
    });
  });

  test('an answer the browser gave no address for (none reported) is not judged here', () => {
    expect(privateHop([{ url: 'https://news.example/' }], none, noProxies)).toBeUndefined();
  });
});

describe('answeredByProxy: what the search engine’s answer shows', () => {
  test.each<[Hop, boolean]>([
    [{ url: 'https://html.duckduckgo.com/html/', ip: '10.0.0.5' }, true],
    [{ url: 'https://html.duckduckgo.com/html/', ip: '52.142.124.215' }, false],
    // A SearXNG on this computer answers from it by name: that shows no proxy.
    [{ url: 'http://localhost:8888/search', ip: '127.0.0.1' }, false],
    [{ url: 'http://192.168.1.20/search', ip: '192.168.1.20' }, false],
    // Firefox named the proxy: its address is not learned as a site's.
    [{ url: 'https://html.duckduckgo.com/html/', ip: '127.0.0.1', proxied: true }, false],
    [{ url: 'https://html.duckduckgo.com/html/' }, false],
  ])('%o → %s', (hop, proxy) => {
    expect(answeredByProxy(hop)).toBe(proxy);
  });
});
