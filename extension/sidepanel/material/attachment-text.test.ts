import { expect, test } from 'vitest';
import { t } from '../../shared/i18n';
import { chipTitle, hostOf, pageCount, pagesKept, pagesOf, pdfFitText, preview, tokenCount } from './attachment-text';

test('a quote says what it is and where it is from', () => {
  expect(chipTitle('selection', 'Rust')).toBe(t('selectionFrom', 'Rust'));
  expect(chipTitle('page', 'Rust')).toBe(t('pageFrom', 'Rust'));
  expect(chipTitle('page', '')).toBe(t('page'));
  expect(chipTitle('selection', '')).toBe(t('selection'));
});

test('the preview is one line of at most 280 characters', () => {
  expect(preview('  one\n\ntwo  ')).toBe('one two');
  expect(preview('x'.repeat(281))).toBe(`${'x'.repeat(280)}…`);
  expect(preview('x'.repeat(280))).toBe('x'.repeat(280));
});

test.each([
  [0, '0'],
  [999, '999'],
  [1000, '1.0k'],
  [1250, '1.3k'],
  [9999, '10.0k'],
  [10_000, '10k'],
  [123_456, '123k'],
])('%i tokens read as %s', (tokens, shown) => {
  expect(tokenCount(tokens)).toBe(shown);
});

test('token counts are written as the browser’s language writes numbers', () => {
  expect([tokenCount(3100, 'de'), tokenCount(8400, 'de'), tokenCount(1_234_567, 'de')]).toEqual([
    '3,1k',
    '8,4k',
    '1.235k',
  ]);
  expect(tokenCount(1_234_567, 'en')).toBe('1,235k');
});

test('the host is shown for a web page, and nothing for an address that is not a URL', () => {
  expect(hostOf('https://en.wikipedia.org/wiki/Rust')).toBe('en.wikipedia.org');
  expect(hostOf('http://localhost:8080/a')).toBe('localhost:8080');
  expect(hostOf('not a url')).toBe('');
});

const PDF = '— page 1 —\n\nOne.\n\n— page 2 —\n\nTwo two.\n\n— page 3 —\n\nThree.';

test.each([
  [PDF.length, { last: 3, partial: false }],
  [PDF.indexOf('— page 3') - 2, { last: 2, partial: false }],
  [PDF.indexOf('two.'), { last: 2, partial: true }],
  [PDF.indexOf('One.') + 4, { last: 1, partial: false }],
])('%i characters of a PDF hold its pages %o', (kept, pages) => {
  expect(pagesKept(PDF, kept)).toEqual(pages);
});

test('pages marked in German (a PDF read with the browser in German) are counted the same', () => {
  const german = PDF.replaceAll('— page', '— Seite');
  expect(pagesKept(german, german.indexOf('— Seite 3') - 2)).toEqual({ last: 2, partial: false });
  // A line that is no marker: two words.
  expect(pagesKept('— two words 1 —\n\nText.', 10).last).toBe(0);
});

test('a PDF that does not fit says which pages do and which are left out', () => {
  const fit = { keptTokens: 1200, totalTokens: 5000 };
  expect(pdfFitText(PDF, 3, { ...fit, keptChars: PDF.indexOf('— page 3') - 2 })).toBe(
    t('pdfFits', '1–2', 3, '1.2k', '5.0k', 3),
  );
  expect(t('pdfFits', '1–2', 3, '1.2k', '5.0k', 3)).toContain('pages 1–2 of 3 fit');
  expect(t('pdfFits', '1–2', 3, '1.2k', '5.0k', 3)).toContain('pages 3–3 are left out');
  expect(pdfFitText(PDF, 3, { ...fit, keptChars: PDF.indexOf('two.') })).toBe(
    t('pdfFitsPart', '1–2', 3, '1.2k', '5.0k'),
  );
  expect(chipTitle('pdf', 'r.pdf')).toBe(t('pdfFrom', 'r.pdf'));
  // A closed chip's one line: the pages that fit, counting one that fits only in part.
  expect(pdfFitText(PDF, 3, { ...fit, keptChars: PDF.indexOf('two.') }, false)).toBe(
    'Too long for this model: pages 1–2 of 3 fit (1.2k of 5.0k tokens).',
  );
  expect(pageCount(1)).toBe('1 page');
  expect(pageCount(120)).toBe('120 pages');
});

test('a PDF chip names its pages: all of them, the pages chosen, or the one page chosen', () => {
  expect(pagesOf(120, undefined)).toBe('120 pages');
  expect(pagesOf(120, '3–5, 9')).toBe('pages 3–5, 9 of 120');
  expect(pagesOf(120, '7')).toBe('page 7 of 120');
});
