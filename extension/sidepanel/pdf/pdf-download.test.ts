/** The tab's PDF downloaded again: redirects, endless and stalled servers each stop with a reason. */
import { expect, test } from 'vitest';
import { t } from '../../shared/i18n';
import { downloadPdf, type DownloadLimits } from './pdf-download';

const PDF = { 'content-type': 'application/pdf' };
const LIMITS: DownloadLimits = { maxBytes: 1024, stallMs: 200, totalMs: 2_000 };

/** A response as `fetch` gives one after following redirects to `url`. */
function landedAt(url: string, body: BodyInit | ReadableStream<Uint8Array>, redirected = true): Response {
  const response = new Response(body, { headers: PDF });
  Object.defineProperties(response, { url: { value: url }, redirected: { value: redirected } });
  return response;
}

/** A body that sends `chunk` every `everyMs` until cancelled, and says whether it was. */
function endless(chunk: Uint8Array, everyMs: number) {
  let timer: ReturnType<typeof setInterval> | undefined;
  const state = { cancelled: false, sent: 0 };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setInterval(() => {
        state.sent += chunk.byteLength;
        controller.enqueue(chunk);
      }, everyMs);
    },
    cancel() {
      clearInterval(timer);
      state.cancelled = true;
    },
  });
  return { body, state, stop: () => clearInterval(timer) };
}

test('a redirect to another origin is not read, and the message says where it went', async () => {
  const server = endless(new Uint8Array(16), 5);
  const got = downloadPdf(
    'https://papers.example/x.pdf',
    async () => landedAt('http://127.0.0.1:8080/secret', server.body),
    LIMITS,
  );
  await expect(got).rejects.toThrow(t('pdfRedirected', 'https://papers.example', 'http://127.0.0.1:8080'));
  expect(server.state.cancelled).toBe(true);
});

test('a redirect within the same origin is followed and read', async () => {
  const bytes = new TextEncoder().encode('%PDF-1.4 the same site');
  const got = await downloadPdf(
    'https://papers.example/x.pdf',
    async () => landedAt('https://papers.example/files/x-v2.pdf', bytes),
    LIMITS,
  );
  expect(new TextDecoder().decode(got)).toBe('%PDF-1.4 the same site');
});

test('a body without a length that never ends stops at the cap', async () => {
  const server = endless(new Uint8Array(100), 1);
  const got = downloadPdf('https://papers.example/x.pdf', async () => landedAt('', server.body, false), LIMITS);
  await expect(got).rejects.toThrow(t('pdfOverLimit', LIMITS.maxBytes / 1024 / 1024));
  expect(server.state.cancelled).toBe(true);
  expect(server.state.sent).toBeLessThan(LIMITS.maxBytes * 2);
});

test('a server that stops sending is given up on after the stall time', async () => {
  const silent = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new Uint8Array(8)) });
  const fetchFn: typeof fetch = async () => landedAt('', silent, false);
  await expect(downloadPdf('https://papers.example/x.pdf', fetchFn, LIMITS)).rejects.toThrow(
    t('pdfStalled', LIMITS.stallMs / 1000),
  );
});

test('a server that trickles forever under the cap is given up on after the whole time', async () => {
  const server = endless(new Uint8Array(1), 20);
  const limits = { ...LIMITS, totalMs: 300 };
  const fetchFn: typeof fetch = async () => landedAt('', server.body, false);
  await expect(downloadPdf('https://papers.example/x.pdf', fetchFn, limits)).rejects.toThrow(t('pdfTooSlow', 0));
  expect(server.state.cancelled).toBe(true);
});
