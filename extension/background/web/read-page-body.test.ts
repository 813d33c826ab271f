/**
 * The web reader's limits on what it reads: caps on the body (a 50 MB page is cut, never read
 * whole), time (silence, the whole read) and the caller's Stop, the text cut to what was asked,
 * and PDFs read by the real PDF.js and rejoined by the real core.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { encryptedPdf, imagePdf, textPdf } from '../../../e2e/fixtures/pdf';
import { t } from '../../shared/i18n';
import { loadCore } from '../test-support';
import { MAX_PDF_READ_BYTES, MAX_TEXT_BYTES } from './page-body';
import { readPage } from './read-page';
import { answer, asked, body, deps, fakeFetch, fakeHtml, silentFetch } from './test-support';

beforeAll(loadCore);

const URL_ = 'https://news.example/long';
const MB = 1024 * 1024;

describe('size', () => {
  test('a 50 MB page is cut at 5 MB, the rest never downloaded, and says how much was read', async () => {
    const huge = body({ head: '<title>Log</title><p>', size: 50 * MB });
    const { fetch } = fakeFetch(() => answer(huge.stream, { url: URL_ }));
    const read = await readPage(URL_, asked(1000), deps(fetch));
    expect(read).toMatchObject({ page: { title: 'Log', partial: { readBytes: MAX_TEXT_BYTES } } });
    expect(huge.seen.cancelled).toBe(true);
    expect(huge.seen.bytes).toBeLessThan(MAX_TEXT_BYTES + 128 * 1024);
  });

  test('text longer than maxChars is cut, saying how much was kept of how much', async () => {
    const text = 'word '.repeat(1000);
    const { fetch } = fakeFetch(() => answer(text, { type: 'text/plain' }));
    const read = await readPage('https://files.example/a.txt', asked(100), deps(fetch));
    expect(read).toMatchObject({ page: { text: text.slice(0, 100), cut: { kept: 100, total: 5000 } } });
  });

  test('a PDF said to be over 20 MB is refused before its body is read', async () => {
    const pdf = body({ head: '%PDF-1.4', size: 30 * MB });
    const { fetch } = fakeFetch(() => answer(pdf.stream, { type: 'application/pdf', length: 30 * MB }));
    await expect(readPage('https://files.example/big.pdf', asked(), deps(fetch))).resolves.toEqual({
      problem: t('readPdfTooLarge', 'https://files.example/big.pdf', '20 MB'),
    });
    expect(pdf.seen.bytes).toBe(0);
  });

  test('a PDF that turns out over 20 MB (no length given) is refused at 20 MB', async () => {
    const pdf = body({ head: '%PDF-1.4', size: 30 * MB });
    const { fetch } = fakeFetch(() => answer(pdf.stream, { type: 'application/pdf' }));
    await expect(readPage('https://files.example/big.pdf', asked(), deps(fetch))).resolves.toEqual({
      problem: t('readPdfTooLarge', 'https://files.example/big.pdf', '20 MB'),
    });
    expect(pdf.seen.cancelled).toBe(true);
    expect(pdf.seen.bytes).toBeLessThan(MAX_PDF_READ_BYTES + 128 * 1024);
  });
});

describe('time', () => {
  test('a server that never answers is given up on after idleMs', async () => {
    const read = await readPage(URL_, asked(), deps(silentFetch, { idleMs: 50 }));
    expect(read).toEqual({ problem: t('readIdle', URL_, 0.05) });
  });

  test('a body that stops coming is given up on after idleMs', async () => {
    const { fetch } = fakeFetch((_, init) =>
      answer(body({ head: '<p>a', size: 10 * MB, every: 200, signal: init.signal }).stream),
    );
    await expect(readPage(URL_, asked(), deps(fetch, { idleMs: 50 }))).resolves.toEqual({
      problem: t('readIdle', URL_, 0.05),
    });
  });

  test('a body that keeps trickling is stopped at the total', async () => {
    const { fetch } = fakeFetch((_, init) =>
      answer(body({ head: '<p>a', size: 10 * MB, every: 10, signal: init.signal }).stream),
    );
    await expect(readPage(URL_, asked(), deps(fetch, { idleMs: 100, totalMs: 150 }))).resolves.toEqual({
      problem: t('readTooLong', URL_, 0.15),
    });
  });

  test('Stop ends the read at once, whether fetching or parsing', async () => {
    const stop = new AbortController();
    const fetching = readPage(URL_, asked(100, { signal: stop.signal }), deps(silentFetch));
    stop.abort();
    await expect(fetching).resolves.toEqual({ problem: t('readStopped', URL_) });

    const stopParse = new AbortController();
    const { fetch } = fakeFetch(() => answer('<p>words</p>'));
    const parsing = readPage(
      URL_,
      asked(100, { signal: stopParse.signal }),
      deps(fetch, { withParser: () => new Promise(() => undefined) }),
    );
    setTimeout(() => stopParse.abort(), 20);
    await expect(parsing).resolves.toEqual({ problem: t('readStopped', URL_) });
  });
});

describe('PDFs', () => {
  const REPORT = [
    ['Tide Report', 'Tides rise and fall twice a day.', 'Page 1'],
    ['Tide Report', 'The Moon pulls the oceans.', 'Page 2'],
  ];
  const servePdf = (bytes: Uint8Array<ArrayBuffer>, url = 'https://files.example/reports/tides.pdf') =>
    fakeFetch(() => answer(bytes, { type: 'application/pdf', url })).fetch;

  test('a PDF comes back as its text with page markers, named by its file', async () => {
    const read = await readPage('https://files.example/reports/tides.pdf', asked(), deps(servePdf(textPdf(REPORT))));
    expect(read).toEqual({
      page: {
        url: 'https://files.example/reports/tides.pdf',
        finalUrl: 'https://files.example/reports/tides.pdf',
        title: 'tides.pdf',
        kind: 'pdf',
        text: '— page 1 —\n\nTides rise and fall twice a day.\n\n— page 2 —\n\nThe Moon pulls the oceans.',
      },
    });
  });

  test('a long PDF is cut, counting the pages not assembled', async () => {
    // A running header and footer (which the core drops), and a body of words no page repeats.
    const word = (n: number) => ['moon', 'sea', 'shore', 'wave', 'salt', 'reef', 'gull'][n % 7] ?? '';
    const body = (i: number) => Array.from({ length: 12 }, (_, k) => word(i * 3 + k * (i + 1))).join(' ');
    const pages = Array.from({ length: 40 }, (_, i) => ['Tide Report', body(i), body(i + 40), `Page ${i + 1}`]);
    const pdf = textPdf(pages);
    const whole = await readPage('https://files.example/book.pdf', asked(1_000_000), deps(servePdf(pdf)));
    const read = await readPage('https://files.example/book.pdf', asked(500), deps(servePdf(pdf)));
    if (!('page' in read) || !('page' in whole)) throw new Error('not read');
    expect(whole.page.cut).toBeUndefined();
    expect(read.page.text).toBe(whole.page.text.slice(0, 500));
    expect(read.page.cut?.kept).toBe(500);
    // Pages not assembled are counted as PDF.js gives their text (headers and all): near the whole.
    const total = read.page.cut?.total ?? 0;
    expect(Math.abs(total - whole.page.text.length) / whole.page.text.length).toBeLessThan(0.25);
  });

  test('a protected, a scanned and a broken PDF each say so', async () => {
    const at = 'https://files.example/x.pdf';
    await expect(readPage(at, asked(), deps(servePdf(encryptedPdf())))).resolves.toEqual({
      problem: t('readPdfEncrypted', at),
    });
    await expect(readPage(at, asked(), deps(servePdf(imagePdf(2))))).resolves.toEqual({
      problem: t('readPdfNoText', at),
    });
    const broken = await readPage(at, asked(), deps(servePdf(new TextEncoder().encode('<html>'))));
    expect(broken).toEqual({ problem: expect.stringContaining('is damaged or not a PDF') });
  });
});

test('the stand-in parser is only a stand-in: Readability runs in real Chromium (e2e/read-page.e2e.ts)', async () => {
  await expect(fakeHtml('<title>T</title><p>a</p>')).resolves.toEqual({ title: 'T', text: 'a' });
});
