import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { OffscreenKeeper } from './offscreen-keeper';

describe('OffscreenKeeper', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function keeper() {
    const calls: string[] = [];
    const document = {
      open: () => {
        calls.push('open');
        return Promise.resolve();
      },
      close: () => {
        calls.push('close');
        return Promise.resolve();
      },
    };
    return { calls, keep: new OffscreenKeeper(document, 30_000) };
  }

  test('a document busy with work of its own (a download, a warm model) is left open', async () => {
    const calls: string[] = [];
    let busy = true;
    const keep = new OffscreenKeeper({
      open: async () => void calls.push('open'),
      close: async () => void calls.push('close'),
      busy: async () => busy,
    });
    await keep.use(async () => undefined);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toEqual(['open']);
    busy = false;
    await keep.use(async () => undefined);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toEqual(['open', 'open', 'close']);
  });

  test('a document that cannot say whether it is busy is closed', async () => {
    const calls: string[] = [];
    const keep = new OffscreenKeeper({
      open: async () => void calls.push('open'),
      close: async () => void calls.push('close'),
      busy: () => Promise.reject(new Error('Receiving end does not exist')),
    });
    await keep.use(async () => undefined);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toEqual(['open', 'close']);
  });

  test('opens the document for a read and closes it 30 s after the last read', async () => {
    const { calls, keep } = keeper();
    await expect(keep.use(async () => 'parsed')).resolves.toBe('parsed');
    expect(calls).toEqual(['open']);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(calls).toEqual(['open']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual(['open', 'close']);
  });

  test('a read within the 30 s keeps it open; the timer starts again after it', async () => {
    const { calls, keep } = keeper();
    await keep.use(async () => undefined);
    await vi.advanceTimersByTimeAsync(20_000);
    await keep.use(async () => undefined);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).not.toContain('close');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.at(-1)).toBe('close');
  });

  test('no close while a read is still parsing', async () => {
    const { calls, keep } = keeper();
    let finish: (value: unknown) => void = () => undefined;
    const slow = keep.use(() => new Promise((resolve) => (finish = resolve)));
    await keep.use(async () => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).not.toContain('close');
    finish(undefined);
    await slow;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.at(-1)).toBe('close');
  });

  test('a failed open fails that read only; the next one opens again', async () => {
    const opens: string[] = [];
    let fail = true;
    const keep = new OffscreenKeeper({
      open: () => {
        opens.push('open');
        return fail ? Promise.reject(new Error('no document')) : Promise.resolve();
      },
      close: () => Promise.resolve(),
    });
    await expect(keep.use(async () => 1)).rejects.toThrow('no document');
    fail = false;
    await expect(keep.use(async () => 2)).resolves.toBe(2);
    expect(opens).toEqual(['open', 'open']);
  });
});
