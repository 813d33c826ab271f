/**
 * Handing material to a panel through session storage (faked here, with each call taking its
 * own turn of the event loop as the browser's do): a take that overlaps a hand-over never loses it.
 */
import { beforeEach, expect, test, vi } from 'vitest';

const storage = vi.hoisted(() => {
  const data = new Map<string, unknown>();
  const later = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    data,
    session: {
      get: async (key: string) => {
        await later();
        return data.has(key) ? { [key]: data.get(key) } : {};
      },
      set: async (items: Record<string, unknown>) => {
        await later();
        for (const [k, v] of Object.entries(items)) data.set(k, v);
      },
      remove: async (key: string) => {
        await later();
        data.delete(key);
      },
    },
  };
});
vi.mock('webextension-polyfill', () => ({
  default: {
    i18n: { getUILanguage: () => 'en-US', getMessage: () => '' },
    storage: { session: storage.session },
  },
}));

const { confirmTaken, handOver, HOLD_MS, takeHeld, takeOver } = await import('./hand-over');

beforeEach(() => storage.data.clear());

test('a take that finds nothing, while material arrives, leaves it for the next take', async () => {
  // The panel opens (its first take) as the shortcut's material is being stored, then sees it
  // stored and takes again.
  const opening = takeOver('pending:1');
  const left = handOver('pending:1', { attachment: 'the video' });
  const second = left.then(() => takeOver('pending:1'));
  expect(await opening).toBeUndefined();
  expect(await second).toEqual({ attachment: 'the video' });
  expect(storage.data.size).toBe(0);
});

test('what is taken is taken once', async () => {
  await handOver('pending:2', 'quote');
  const [first, again] = await Promise.all([takeOver('pending:2'), takeOver('pending:2')]);
  expect([first, again]).toEqual(['quote', undefined]);
});

test('a held take not confirmed in time is left again for the next panel; a confirmed one is not', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  try {
    await handOver('pending:3', 'transcript');
    const gone = await takeHeld('pending:3');
    expect(gone?.value).toBe('transcript');
    expect(storage.data.has('pending:3')).toBe(false);
    // The panel that took it went away without a word: it is there again for the next one.
    await vi.advanceTimersByTimeAsync(HOLD_MS);
    await vi.waitFor(() => expect(storage.data.get('pending:3')).toBe('transcript'));

    const kept = await takeHeld('pending:3');
    confirmTaken(kept?.lease ?? '');
    await vi.advanceTimersByTimeAsync(HOLD_MS);
    expect(storage.data.has('pending:3')).toBe(false);
  } finally {
    vi.useRealTimers();
  }
});

test('what the user left since is not overwritten by an unconfirmed take', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  try {
    await handOver('pending:4', 'older');
    await takeHeld('pending:4');
    await handOver('pending:4', 'newer');
    await vi.advanceTimersByTimeAsync(HOLD_MS);
    await new Promise((r) => setTimeout(r, 10));
    expect(storage.data.get('pending:4')).toBe('newer');
  } finally {
    vi.useRealTimers();
  }
});
