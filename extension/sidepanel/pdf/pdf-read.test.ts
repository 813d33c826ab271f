/**
 * Reading PDFs end to end under Node: real PDF files (e2e/fixtures/pdf.ts), the real PDF.js
 * (its Node build), the real core; only the network is scripted.
 */
import { beforeAll, expect, test } from 'vitest';
import { encryptedPdf, imagePdf, textPdf } from '../../../e2e/fixtures/pdf';
import { loadCore } from '../../background/test-support';
import { pdfText } from '../../background/core';
import { t } from '../../shared/i18n';
import { MAX_PDF_BYTES } from '../../shared/pdf';
import { PdfScanned, pdfFromFile, pdfFromUrl, type PdfDeps } from './pdf-read';

beforeAll(loadCore);

const REPORT = [
  [
    'Annual Report',
    'Tides rise and fall twice a day, be-',
    'cause the Moon pulls the oceans.',
    '',
    'A new one.',
    'Page 1',
  ],
  ['Annual Report', 'Second page text.', 'Page 2'],
];

function deps(fetch: PdfDeps['fetch'] = () => Promise.reject(new Error('no network'))): PdfDeps {
  return {
    fetch,
    pdfjs: () => import('pdfjs-dist/legacy/build/pdf.mjs'),
    pdfText: (pages) => Promise.resolve(pdfText(pages, 'page')),
  };
}

const file = (bytes: Uint8Array<ArrayBuffer>, name = 'report.pdf', type = 'application/pdf') =>
  new File([bytes], name, { type });

test('a dropped PDF becomes a quote of kind pdf with its pages, in order, headers dropped', async () => {
  const pdf = await pdfFromFile(file(textPdf(REPORT)), deps());
  expect(pdf).toEqual({
    kind: 'pdf',
    title: 'report.pdf',
    url: '',
    pages: 2,
    text: '— page 1 —\n\nTides rise and fall twice a day, because the Moon pulls the oceans.\n\nA new one.\n\n— page 2 —\n\nSecond page text.',
  });
});

test('a PDF of scanned images says it has no text, and keeps its pages to draw as images', async () => {
  const bytes = imagePdf(2);
  const read = pdfFromFile(file(bytes), deps());
  await expect(read).rejects.toThrow(t('pdfNoText'));
  const scan = await read.catch((e: unknown) => (e instanceof PdfScanned ? e.scan : null));
  expect(scan).toEqual({ title: 'report.pdf', pages: 2, bytes: new Uint8Array(bytes) });
});

test('a password-protected PDF says so', async () => {
  await expect(pdfFromFile(file(encryptedPdf()), deps())).rejects.toThrow(t('pdfEncrypted'));
});

test('a damaged file and a file that is not a PDF each say what they are', async () => {
  const broken = new TextEncoder().encode('%PDF-1.4\nnothing else');
  await expect(pdfFromFile(file(broken), deps())).rejects.toThrow(/damaged or not a PDF/);
  await expect(pdfFromFile(file(broken, 'notes.txt', 'text/plain'), deps())).rejects.toThrow(
    t('pdfOnlyPdf', 'notes.txt'),
  );
});

test('the tab’s PDF is fetched again and read', async () => {
  const body = textPdf(REPORT);
  const got = await pdfFromUrl(
    'http://127.0.0.1/r.pdf',
    '',
    deps(() => Promise.resolve(new Response(body, { headers: { 'content-type': 'application/pdf' } }))),
  );
  expect(got.title).toBe('r.pdf');
  expect(got.text).toContain('Second page text.');
});

test.each([
  ['a failed download', new Response('gone', { status: 404 }), t('pdfDownloadFailed', 'HTTP 404')],
  [
    'a page that is not a PDF',
    new Response('<p>', { headers: { 'content-type': 'text/html' } }),
    t('pdfNotPdf', 'text/html'),
  ],
  [
    'a PDF over the limit',
    new Response('x', { headers: { 'content-type': 'application/pdf', 'content-length': String(MAX_PDF_BYTES + 1) } }),
    t('pdfTooLarge', '50.0', 50),
  ],
])('%s says so', async (_what, response, message) => {
  await expect(
    pdfFromUrl(
      'http://127.0.0.1/r.pdf',
      'R',
      deps(() => Promise.resolve(response)),
    ),
  ).rejects.toThrow(message);
});

test('a file:// PDF the browser will not let Gloss fetch says how to allow it', async () => {
  const refused = () => Promise.reject(new TypeError('Failed to fetch'));
  await expect(pdfFromUrl('file:///home/a/r.pdf', 'R', deps(refused))).rejects.toThrow(t('pdfFileAccess'));
  const failed = pdfFromUrl('http://127.0.0.1/r.pdf', 'R', deps(refused));
  await expect(failed).rejects.toThrow(t('pdfDownloadFailed', 'Failed to fetch'));
  // Access to that origin may let a second try through.
  await expect(failed).rejects.toMatchObject({ retryOrigin: 'http://127.0.0.1/*' });
});
