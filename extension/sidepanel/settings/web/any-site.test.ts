/** Giving back every website keeps the sites granted one by one, with Chrome's removal faked. */
import { describe, expect, test } from 'vitest';
import { giveBackKeepingSites } from './any-site';

/** Chrome's way: removing a pattern removes every granted pattern inside it (`*` host matches any). */
function chromeLike(granted: string[], grants = true) {
  const inside = (pattern: string, wide: string) =>
    pattern === wide ||
    (wide.endsWith('://*/*') && pattern.startsWith(wide.replace('*/*', ''))) ||
    pattern.replace(/:\d+\/\*$/, '/*') === wide;
  const asked: string[][] = [];
  return {
    asked,
    granted: () => granted,
    permissions: {
      getAll: async () => ({ origins: [...granted] }),
      remove: async ({ origins = [] }: { origins?: string[] }) => {
        granted = granted.filter((g) => !origins.some((o) => inside(g, o)));
        return true;
      },
      request: async ({ origins = [] }: { origins?: string[] }) => {
        asked.push(origins);
        if (grants) granted = [...granted, ...origins];
        return grants;
      },
    },
  };
}

describe('giving back every website', () => {
  test('the sites the removal took along are asked for again, the wildcards not', async () => {
    const fake = chromeLike(['https://*/*', 'http://*/*', 'https://api.search.brave.com/*', 'http://127.0.0.1/*']);
    expect(await giveBackKeepingSites(['https://*/*', 'http://*/*'], fake.permissions)).toBe(true);
    expect(fake.asked).toEqual([['https://api.search.brave.com/*', 'http://127.0.0.1/*']]);
    expect(fake.granted()).toEqual(['https://api.search.brave.com/*', 'http://127.0.0.1/*']);
  });

  test('only http given back: the https sites were not touched, and nothing is asked', async () => {
    const fake = chromeLike(['https://*/*', 'http://*/*', 'https://api.search.brave.com/*']);
    await giveBackKeepingSites(['http://*/*'], fake.permissions);
    expect(fake.asked).toEqual([]);
    expect(fake.granted()).toEqual(['https://*/*', 'https://api.search.brave.com/*']);
  });

  test('a request refused leaves the sites given back, without failing', async () => {
    const fake = chromeLike(['https://*/*', 'https://api.tavily.com/*'], false);
    expect(await giveBackKeepingSites(['https://*/*'], fake.permissions)).toBe(true);
    expect(fake.granted()).toEqual([]);
  });

  test('a host given back whole keeps the ports granted inside it (Chrome)', async () => {
    const fake = chromeLike(['http://127.0.0.1/*', 'http://127.0.0.1:1234/*', 'http://localhost:1234/*']);
    await giveBackKeepingSites(['http://127.0.0.1/*'], fake.permissions);
    expect(fake.asked).toEqual([['http://127.0.0.1:1234/*']]);
    expect(fake.granted()).toEqual(['http://localhost:1234/*', 'http://127.0.0.1:1234/*']);
  });

  test('a site the worker gave back meanwhile is not asked for again', async () => {
    const fake = chromeLike(['http://127.0.0.1/*', 'http://127.0.0.1:1234/*', 'http://localhost/*']);
    const remove = fake.permissions.remove;
    fake.permissions.remove = async (what) => {
      await remove({ origins: ['http://localhost/*'] }); // the worker's, at the same moment
      return remove(what);
    };
    await giveBackKeepingSites(['http://127.0.0.1/*'], fake.permissions);
    expect(fake.asked).toEqual([['http://127.0.0.1:1234/*']]);
    expect(fake.granted()).toEqual(['http://127.0.0.1:1234/*']);
  });
});
