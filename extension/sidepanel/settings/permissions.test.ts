/** Asking for a server's port gives back the host an older version was granted whole, in a fake Chrome. */
import { beforeEach, describe, expect, test, vi } from 'vitest';

const chrome = vi.hoisted(() => ({ granted: [] as string[], asked: [] as string[][], refuse: false }));
vi.mock('webextension-polyfill', () => {
  // Chrome's way, measured (shared/host-access.ts): removing a host removes its ports too.
  const inside = (pattern: string, wide: string) => pattern === wide || pattern.replace(/:\d+\/\*$/, '/*') === wide;
  return {
    default: {
      permissions: {
        getAll: async () => ({ origins: [...chrome.granted] }),
        remove: async ({ origins = [] }: { origins?: string[] }) => {
          chrome.granted = chrome.granted.filter((g) => !origins.some((o) => inside(g, o)));
          return true;
        },
        request: async ({ origins = [] }: { origins?: string[] }) => {
          chrome.asked.push(origins);
          if (chrome.refuse) return false;
          chrome.granted = [...chrome.granted, ...origins.filter((o) => !chrome.granted.includes(o))];
          return true;
        },
      },
    },
  };
});

const { requestOrigins, requestProviderOrigin } = await import('./permissions');

beforeEach(() => {
  chrome.granted = [];
  chrome.asked = [];
  chrome.refuse = false;
});

describe('asking for host access in Chrome', () => {
  test('a provider on this computer asks for its port only', async () => {
    expect(await requestProviderOrigin('http://127.0.0.1:1234/v1')).toBe(true);
    expect(chrome.asked).toEqual([['http://127.0.0.1:1234/*']]);
    expect(chrome.granted).toEqual(['http://127.0.0.1:1234/*']);
  });

  test('the pair an older version was granted is swapped for the ports asked, which stay', async () => {
    chrome.granted = ['http://localhost/*', 'http://127.0.0.1/*', 'https://api.openai.com/*'];
    expect(await requestProviderOrigin('http://127.0.0.1:1234/v1')).toBe(true);
    expect(chrome.granted).toEqual(['http://localhost/*', 'https://api.openai.com/*', 'http://127.0.0.1:1234/*']);
  });

  test('nothing is given back when the ask was refused, or asked a port outside what was granted', async () => {
    chrome.granted = ['http://127.0.0.1/*'];
    chrome.refuse = true;
    expect(await requestOrigins(['http://127.0.0.1:1234/*'])).toBe(false);
    chrome.refuse = false;
    expect(await requestOrigins(['http://127.0.0.1:1234/*', 'http://localhost:1234/*'])).toBe(true);
    expect(chrome.granted).toEqual(['http://127.0.0.1/*', 'http://127.0.0.1:1234/*', 'http://localhost:1234/*']);
  });
});
