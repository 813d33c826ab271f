import { describe, expect, test, vi } from 'vitest';
import type { LocalModelInfo } from '../../shared/local-model/catalogue';
import { Downloads } from './downloads';
import { sha256Hex, type ModelFiles } from './model-files';

const BYTES = new TextEncoder().encode('GGUF a tiny model, for tests');

async function modelOf(bytes: Uint8Array): Promise<LocalModelInfo> {
  return {
    id: 'tiny',
    label: 'Tiny',
    url: 'https://huggingface.co/o/r/resolve/0/tiny.gguf',
    bytes: bytes.byteLength,
    sha256: await sha256Hex(new Blob([bytes as Uint8Array<ArrayBuffer>])),
    contextTokens: 512,
    source: 'https://huggingface.co/o/r',
    licence: 'MIT',
    note: 'inGlossNoteFastest',
  };
}

/** OPFS as a map; a writer's chunks count only once closed, as with `createWritable`. */
function memoryFiles(free?: number) {
  const files = new Map<string, Uint8Array>();
  const checked = new Map<string, string>();
  const store: ModelFiles = {
    create: async (id) => {
      const chunks: Uint8Array[] = [];
      checked.delete(id);
      return {
        write: async (chunk) => void chunks.push(chunk),
        close: async () => void files.set(id, new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer())),
        abort: async () => undefined,
      };
    },
    measure: async (id) => {
      const file = files.get(id);
      return file && { bytes: file.byteLength, sha256: await sha256Hex(new Blob([file as Uint8Array<ArrayBuffer>])) };
    },
    markChecked: async (id, sha) => void checked.set(id, sha),
    stored: async (id) => ({ bytes: files.get(id)?.byteLength ?? 0, checked: checked.get(id) }),
    remove: async (id) => {
      const bytes = files.get(id)?.byteLength ?? 0;
      files.delete(id);
      checked.delete(id);
      return bytes;
    },
    free: async () => free,
  };
  return { store, files, checked };
}

/** A fetch answering with `body` in two chunks, the second only when `release` is called. */
function slowFetch(body: Uint8Array) {
  let release: () => void = () => undefined;
  const urls: { url: string; credentials?: string }[] = [];
  const fetchFn = (async (url: string, init?: RequestInit) => {
    urls.push({ url, credentials: init?.credentials });
    const half = Math.floor(body.byteLength / 2);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(body.slice(0, half));
        release = () => {
          controller.enqueue(body.slice(half));
          controller.close();
        };
        init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(stream);
  }) as typeof fetch;
  return { fetchFn, urls, release: () => release() };
}

/** Waits until the download has streamed its first piece (its progress is more than nothing). */
const started = (downloads: Downloads) => vi.waitFor(() => expect(downloads.list()[0]?.loaded ?? 0).toBeGreaterThan(0));

describe('Downloads', () => {
  test('streams the catalogue URL without credentials, counts progress, checks and records the file', async () => {
    const model = await modelOf(BYTES);
    const { store, files, checked } = memoryFiles();
    const net = slowFetch(BYTES);
    const downloads = new Downloads(store, net.fetchFn);
    downloads.start(model);
    await vi.waitFor(() =>
      expect(downloads.list()).toEqual([
        { id: 'tiny', loaded: Math.floor(BYTES.byteLength / 2), total: BYTES.byteLength },
      ]),
    );
    expect(downloads.active()).toBe(true);
    expect(files.has('tiny')).toBe(false);
    net.release();
    await vi.waitFor(() => expect(checked.get('tiny')).toBe(model.sha256));
    expect(downloads.list()).toEqual([]);
    expect(files.get('tiny')).toEqual(BYTES);
    expect(checked.get('tiny')).toBe(model.sha256);
    expect(net.urls).toEqual([{ url: model.url, credentials: 'omit' }]);
  });

  test('a second start while it runs fetches nothing more', async () => {
    const net = slowFetch(BYTES);
    const downloads = new Downloads(memoryFiles().store, net.fetchFn);
    const model = await modelOf(BYTES);
    downloads.start(model);
    downloads.start(model);
    await started(downloads);
    expect(net.urls).toHaveLength(1);
  });

  test('cancel mid-download keeps nothing and forgets the download', async () => {
    const { store, files, checked } = memoryFiles();
    const downloads = new Downloads(store, slowFetch(BYTES).fetchFn);
    downloads.start(await modelOf(BYTES));
    await started(downloads);
    await downloads.cancel('tiny');
    expect(downloads.list()).toEqual([]);
    expect(files.size).toBe(0);
    expect(checked.size).toBe(0);
  });

  test.each([
    ['a file that differs from the catalogue’s hash', BYTES.map((b) => b ^ 1), 'checksum'],
    ['a shorter file', BYTES.slice(0, 10), 'size'],
    ['a longer file', new Uint8Array([...BYTES, 1, 2]), 'size'],
  ])('%s fails, and is not kept', async (_, served, failure) => {
    const { store, files, checked } = memoryFiles();
    const net = slowFetch(served);
    const downloads = new Downloads(store, net.fetchFn);
    downloads.start(await modelOf(BYTES));
    await started(downloads);
    net.release();
    await vi.waitFor(() => expect(downloads.list()).toMatchObject([{ id: 'tiny', failed: failure }]));
    expect(downloads.active()).toBe(false);
    expect(checked.size).toBe(0);
    expect(files.size).toBe(0);
  });

  test('an HTTP error, a failed fetch and a full disk each fail with their reason', async () => {
    const model = await modelOf(BYTES);
    const cases: [ModelFiles, typeof fetch, string][] = [
      [memoryFiles().store, async () => new Response('gone', { status: 404 }), 'http'],
      [memoryFiles().store, () => Promise.reject(new TypeError('Failed to fetch')), 'network'],
      [memoryFiles(5).store, slowFetch(BYTES).fetchFn, 'no_space'],
    ];
    for (const [store, fetchFn, failure] of cases) {
      const downloads = new Downloads(store, fetchFn);
      downloads.start(model);
      await vi.waitFor(() => expect(downloads.list()).toMatchObject([{ failed: failure }]));
    }
  });

  test('a failed download can be started again', async () => {
    let fail = true;
    const fetchFn = (async () => (fail ? new Response('', { status: 503 }) : new Response(BYTES))) as typeof fetch;
    const { store, checked } = memoryFiles();
    const downloads = new Downloads(store, fetchFn);
    const model = await modelOf(BYTES);
    downloads.start(model);
    await vi.waitFor(() => expect(downloads.list()).toMatchObject([{ failed: 'http' }]));
    fail = false;
    downloads.start(model);
    await vi.waitFor(() => expect(checked.get('tiny')).toBe(model.sha256));
    expect(downloads.list()).toEqual([]);
  });
});
