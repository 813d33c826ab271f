import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { NoParser, OffscreenKeeper, parseHost, withParser } from './page-host';
import { localParser } from './page-parse';

/** A DOMParser as far as the choice looks: a constructor. */
function FakeDomParser(): void {
  // nothing to parse in these tests
}

describe('parseHost: where a fetched page is parsed', () => {
  test.each([
    // Firefox's background page has a DOM (and no offscreen API).
    [{ DOMParser: FakeDomParser }, false, 'here'],
    // A DOM wins where both exist: no document to open.
    [{ DOMParser: FakeDomParser }, true, 'here'],
    // Chrome's service worker: no DOMParser, an offscreen document instead.
    [{}, true, 'offscreen'],
    // Neither: say so rather than fail obscurely.
    [{}, false, undefined],
  ])('%o with offscreen %s → %s', (scope, offscreen, host) => {
    expect(parseHost(scope, offscreen)).toBe(host);
  });
});

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

describe('withParser', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('a context with a DOM (Firefox’s background page) parses itself, with no offscreen document', async () => {
    vi.stubGlobal('DOMParser', FakeDomParser);
    await expect(withParser(async (parser) => parser)).resolves.toBe(localParser);
  });

  test('a context with neither says it cannot parse', async () => {
    await expect(withParser(async (parser) => parser)).rejects.toBeInstanceOf(NoParser);
  });
});
