import { describe, expect, test } from 'vitest';
import { t } from '../../shared/i18n';
import { pageList } from './page-list';

describe('the pages the user types', () => {
  test.each([
    ['3', [3]],
    ['1-3', [1, 2, 3]],
    ['1–2, 5', [1, 2, 5]],
    [' 5 , 2 ,2 ', [2, 5]],
    ['9 — 10', [9, 10]],
    ['1,', [1]],
  ])('"%s" of 10 are pages %j', (typed, pages) => {
    expect(pageList(typed, 10)).toEqual({ pages });
  });

  test.each(['', ' , ', 'a', '1-', '2.5', '-2', 'pages 3'])(
    '"%s" is not a page number, and says how to write one',
    (typed) => {
      expect(pageList(typed, 10)).toEqual({ error: t('pdfPagesInvalid', '10') });
    },
  );

  test.each([
    ['0', '0'],
    ['11', '11'],
    ['200', '200'],
    ['8-12', '12'],
    ['0-3', '0'],
  ])('"%s" names page %s, which a 10-page PDF does not have', (typed, page) => {
    expect(pageList(typed, 10)).toEqual({ error: t('pdfPageNone', page, t('pdfPageCount', '10')) });
  });

  test.each(['1,,3', ', 3', '1, ,3,'])('"%s" has a comma too many: it is not read as other pages', (typed) => {
    expect(pageList(typed, 10)).toEqual({ error: t('pdfPagesEmptyPart', typed.trim()) });
  });

  test('a one-page PDF says it has one page', () => {
    expect(pageList('2', 1)).toEqual({ error: t('pdfPageNone', '2', t('pdfOnePage')) });
  });

  test('a range written backwards says how to write it', () => {
    expect(pageList('1, 5–2', 10)).toEqual({ error: t('pdfPagesBackwards', '5–2', '2–5') });
  });

  test('a range written backwards says so before that its start is past the end', () => {
    expect(pageList('9–2', 8)).toEqual({ error: t('pdfPagesBackwards', '9–2', '2–9') });
  });

  test.each(['1-5', '1-2, 4-6', '1-1000000'])('"%s" is more than the 4 allowed', (typed) => {
    expect(pageList(typed, 2_000_000, 4)).toEqual({ error: t('pdfPagesTooMany', '4') });
  });

  test('without a limit any number of pages may be chosen', () => {
    expect(pageList('1-120', 120)).toEqual({ pages: Array.from({ length: 120 }, (_, i) => i + 1) });
  });
});
