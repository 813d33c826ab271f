import { afterEach, describe, expect, test, vi } from 'vitest';
import { NoParser, parseHost, withParser } from './page-host';
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
