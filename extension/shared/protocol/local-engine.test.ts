import { describe, expect, test } from 'vitest';
import { isWorker } from './local-engine';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const BASE = `chrome-extension://${ID}/`;

describe('isWorker: only Gloss’s service worker may use the engine host', () => {
  test.each([
    [{ id: ID, url: `${BASE}service-worker.js` }, true],
    // Gloss's own pages: the panel may not start downloads or answers behind the worker's back.
    [{ id: ID, url: `${BASE}extension/sidepanel/index.html` }, false],
    [{ id: ID, url: `${BASE}extension/background/offscreen/offscreen.html` }, false],
    // Gloss's script injected into a web page reports the page's URL.
    [{ id: ID, url: 'https://example.com/app.js' }, false],
    [{ id: 'another-extension', url: `chrome-extension://another-extension/service-worker.js` }, false],
    [{ id: ID }, false],
    [undefined, false],
  ])('%o → %s', (sender, expected) => {
    expect(isWorker(sender, ID, BASE)).toBe(expected);
  });
});
