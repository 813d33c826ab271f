/** The worker ↔ parsing page messages: checked on both sides, answered only for Gloss's own contexts. */
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { Runtime } from 'webextension-polyfill';
import { fromBase64, parserByMessage, serveParser, toBase64, type PageParser } from './page-parse';

type Listener = (raw: unknown, sender: Runtime.MessageSender) => Promise<unknown> | undefined;
const listeners: Listener[] = [];
const sent: unknown[] = [];
vi.mock('webextension-polyfill', () => ({
  default: {
    runtime: {
      id: 'gloss',
      getURL: (path: string) => `chrome-extension://gloss/${path}`,
      onMessage: { addListener: (l: Listener) => listeners.push(l) },
      // Delivered to the parsing page as Chrome would, from the worker.
      sendMessage: (message: unknown) => {
        sent.push(message);
        return listeners[0]?.(JSON.parse(JSON.stringify(message)), WORKER);
      },
    },
  },
}));

const WORKER = { id: 'gloss', url: 'chrome-extension://gloss/service-worker.js' };
const WEB_PAGE = { id: 'gloss', url: 'https://evil.example/', tab: { id: 3 } } as Runtime.MessageSender;

const parser: PageParser = {
  html: async (html) => ({ title: 'T', text: html.toUpperCase() }),
  pdf: async (bytes, maxChars) => ({ pages: [[]], pageCount: bytes.length, restChars: maxChars }),
};

beforeEach(() => {
  listeners.length = 0;
  sent.length = 0;
  serveParser(parser);
});

describe('parsing over messages', () => {
  test('HTML goes to the parsing page and its text comes back', async () => {
    await expect(parserByMessage.html('<p>hi</p>')).resolves.toEqual({ title: 'T', text: '<P>HI</P>' });
  });

  test('a PDF’s bytes cross as base64 (Chrome sends messages as JSON) and arrive whole', async () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 256);
    await expect(parserByMessage.pdf(bytes, 5)).resolves.toEqual({ pages: [[]], pageCount: 100_000, restChars: 5 });
    expect(sent[0]).toMatchObject({ kind: 'pdf', base64: toBase64(bytes) });
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
  });

  test('a script in a web page gets no answer, however well formed its request', () => {
    expect(listeners[0]?.({ glossParse: 1, kind: 'html', html: '<p>x</p>' }, WEB_PAGE)).toBeUndefined();
  });

  test('messages not for the parser (the panel’s to the worker) are left alone', () => {
    expect(listeners[0]?.({ gloss: 1, name: 'history.list', payload: {} }, WORKER)).toBeUndefined();
  });

  test('a parser that fails is answered with its error, which the worker throws', async () => {
    listeners.length = 0;
    serveParser({ ...parser, html: () => Promise.reject(new Error('no DOM')) });
    await expect(parserByMessage.html('x')).rejects.toThrow('no DOM');
  });

  test('an answer of the wrong shape is refused', async () => {
    listeners.length = 0;
    serveParser({ ...parser, html: async () => ({ title: 3 }) as never });
    await expect(parserByMessage.html('x')).rejects.toThrow();
  });
});
