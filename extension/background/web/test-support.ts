/**
 * For the web reader's tests: pages served by a fake fetch (their address after redirects, their
 * type, and a body that records how much of it was read), and the reader's dependencies with
 * short timers. The HTML parser is a stand-in (Node has no DOMParser; Readability runs in real
 * Chromium in e2e/read-page.e2e.ts); PDFs go through the real PDF.js (its Node build) and core.
 */
import { pdfRuns } from './page-parse';
import type { ReadDeps } from './read-page';

const encoder = new TextEncoder();

/** What was read of a body: pieces pulled, bytes handed out, and whether the reader cancelled it. */
export interface Seen {
  pulled: number;
  bytes: number;
  cancelled: boolean;
}

/**
 * A body of `size` bytes of `fill` (after `head`), made as it is read, `every` ms apart if given;
 * it errors as a real fetch's body does when `signal` aborts.
 */
export function body(options: { head?: string; size?: number; every?: number; signal?: AbortSignal | null }) {
  const seen: Seen = { pulled: 0, bytes: 0, cancelled: false };
  const head = encoder.encode(options.head ?? '');
  const size = options.size ?? head.byteLength;
  const piece = 64 * 1024;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        options.signal?.addEventListener('abort', () => controller.error(options.signal?.reason));
      },
      async pull(controller) {
        if (options.every) await new Promise((r) => setTimeout(r, options.every));
        if (seen.bytes >= size) {
          controller.close();
          return;
        }
        const chunk =
          seen.bytes === 0 && head.byteLength > 0
            ? head
            : new Uint8Array(Math.min(piece, size - seen.bytes)).fill(0x61);
        seen.pulled += 1;
        seen.bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        seen.cancelled = true;
      },
      // Nothing is pulled before the reader asks: what `seen` counts was read.
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

/** A response from `url` (where it came from in the end) of `type`. */
export function answer(
  content: BodyInit | ReadableStream<Uint8Array> | null,
  {
    url = '',
    type = 'text/html; charset=utf-8',
    status = 200,
    length,
  }: { url?: string; type?: string | null; status?: number; length?: number } = {},
): Response {
  const headers = new Headers();
  if (type !== null) headers.set('content-type', type);
  if (length !== undefined) headers.set('content-length', String(length));
  const response = new Response(content, { status, headers });
  // Response.url is read-only; a fetch sets it to where the answer came from.
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

/** A fetch that answers with `respond`, recording what it was asked. */
export function fakeFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const asked: { url: string; init: RequestInit }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const url = input instanceof Request ? input.url : input.toString();
    asked.push({ url, init });
    return respond(url, init);
  };
  return { fetch, asked };
}

/** A fetch that answers only when aborted (a server that never answers). */
export const silentFetch: typeof fetch = (_, init) =>
  new Promise((_resolve, reject) => {
    if (init?.signal?.aborted) reject(init.signal.reason as Error);
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
  });

/** Stands in for Readability: the `<title>`, and the text of the `<p>`s. */
export const fakeHtml = (html: string) =>
  Promise.resolve({
    title: /<title>(.*?)<\/title>/s.exec(html)?.[1] ?? '',
    text: [...html.matchAll(/<p>(.*?)(?:<\/p>|$)/gs)].map((m) => m[1]).join('\n\n'),
  });

const pdfjs = () => import('pdfjs-dist/legacy/build/pdf.mjs');

export function deps(fetch: typeof globalThis.fetch, more: Partial<ReadDeps> = {}): ReadDeps {
  return {
    fetch,
    hasAccess: () => Promise.resolve(true),
    withParser: (read) => read({ html: fakeHtml, pdf: (bytes, maxChars) => pdfRuns(bytes, maxChars, pdfjs) }),
    idleMs: 1000,
    totalMs: 5000,
    ...more,
  };
}

/** The reader's options with a signal nobody aborts. */
export const asked = (
  maxChars = 10_000,
  more: { signal?: AbortSignal; allowedPrivate?: (origin: string) => boolean } = {},
) => ({
  signal: new AbortController().signal,
  maxChars,
  ...more,
});
