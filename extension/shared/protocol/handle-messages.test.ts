/** The worker's handler registry answers every message of ours, whatever its handler does. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Runtime } from 'webextension-polyfill';
import { handleMessages, type Handlers } from './envelope';

type Listener = (raw: unknown, sender: Runtime.MessageSender) => Promise<unknown> | undefined;
const listeners: Listener[] = [];
vi.mock('webextension-polyfill', () => ({
  default: {
    runtime: {
      id: 'gloss',
      getURL: (path: string) => `chrome-extension://gloss/${path}`,
      onMessage: { addListener: (l: Listener) => listeners.push(l) },
    },
  },
}));

const sender = { id: 'gloss', url: 'chrome-extension://gloss/sidepanel.html' };
const request = { gloss: 1, name: 'history.list', payload: { query: '' } };

function registered(handler: () => Promise<unknown>): Listener {
  listeners.length = 0;
  handleMessages({ 'history.list': handler } as unknown as Handlers);
  return listeners[0]!;
}

afterEach(() => vi.restoreAllMocks());

describe('handleMessages', () => {
  test.each([
    ['rejects', () => Promise.reject(new Error('disk gone'))],
    [
      'throws at once',
      () => {
        throw new Error('disk gone');
      },
    ],
  ])('a handler that %s is answered with its error, and logged', async (_, handler) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reply = registered(handler)(request, sender);
    await expect(reply).resolves.toEqual({ ok: false, error: 'disk gone' });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('history.list'), expect.any(Error));
  });

  test('a handler that succeeds is answered with its value', async () => {
    await expect(registered(async () => ({ conversations: [] }))(request, sender)).resolves.toEqual({
      ok: true,
      value: { conversations: [] },
    });
  });
});
