/**
 * The parsing page's PDF side under Node, with real PDF files and PDF.js's Node build (Node has
 * no DOMParser: the HTML side runs in real Chromium, e2e/read-page.e2e.ts).
 */
import { describe, expect, test } from 'vitest';
import { encryptedPdf, textPdf } from '../../../e2e/fixtures/pdf';
import type { PdfTextItem } from '../../shared/protocol/context';
import { firstRuns, pdfRuns } from './page-parse';

const pdfjs = () => import('pdfjs-dist/legacy/build/pdf.mjs');
const run = (str: string): PdfTextItem => ({ str, transform: [1, 0, 0, 1, 0, 0], height: 10, hasEOL: true });

describe('firstRuns', () => {
  test('sends the pages the wanted text needs, with room to spare, and counts the rest', () => {
    const pages = Array.from({ length: 10 }, (_, i) => [run('x'.repeat(3000)), run(String(i))]);
    const { pages: sent, restChars } = firstRuns(pages, 4000);
    // 4000 × 1.25 + 4096 = 9096 characters: four pages of 3001.
    expect(sent).toHaveLength(4);
    expect(restChars).toBe(6 * 3001);
  });

  test('a short PDF is sent whole', () => {
    const pages = [[run('a')], [], [run('b')]];
    expect(firstRuns(pages, 100)).toEqual({ pages, restChars: 0 });
  });

  test('empty pages (a scanned cover) do not stop it before the text', () => {
    const pages = [[], [], [run('text')]];
    expect(firstRuns(pages, 10).pages).toHaveLength(3);
  });
});

describe('pdfRuns', () => {
  test('a real PDF gives each page’s runs, and its page count', async () => {
    const read = await pdfRuns(textPdf([['First page.'], ['Second page.']]), 1000, pdfjs);
    expect(read).toMatchObject({ pageCount: 2, restChars: 0 });
    expect('pages' in read && read.pages.map((p) => p.map((r) => r.str).join(''))).toEqual([
      'First page.',
      'Second page.',
    ]);
  });

  test('a password-protected PDF says so, for the worker to word', async () => {
    await expect(pdfRuns(encryptedPdf(), 1000, pdfjs)).resolves.toEqual({ failure: 'encrypted' });
  });

  test('bytes that are no PDF say what PDF.js found', async () => {
    const read = await pdfRuns(new TextEncoder().encode('<html>not a pdf</html>'), 1000, pdfjs);
    expect(read).toEqual({ failure: 'broken', detail: expect.stringMatching(/PDF/i) });
  });
});
