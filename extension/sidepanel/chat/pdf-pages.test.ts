import { describe, expect, test } from 'vitest';
import { t } from '../../shared/i18n';
import { firstPages, pageList, pageScale } from './pdf-pages';

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

  test.each(['', ' , ', '0', '11', '3-1', 'a', '1-', '2.5', '-2'])('"%s" is not a page of 10, and says so', (typed) => {
    expect(pageList(typed, 10)).toEqual({ error: t('pdfPagesInvalid', '10') });
  });

  test.each(['1-5', '1-2, 4-6', '1-1000000'])('"%s" is more than a question may carry', (typed) => {
    expect(pageList(typed, 2_000_000)).toEqual({ error: t('pdfPagesTooMany', '4') });
  });
});

test('the pages offered first are the first four, or all when fewer', () => {
  expect(firstPages(1)).toBe('1');
  expect(firstPages(3)).toBe('1–3');
  expect(firstPages(120)).toBe('1–4');
  expect(pageList(firstPages(120), 120)).toEqual({ pages: [1, 2, 3, 4] });
});

test('a page is drawn with its long side at 1,568 px', () => {
  // US Letter, 612 × 792 points: 1,568 / 792 ≈ 1.98, so 1,212 × 1,568 px.
  expect(Math.round(612 * pageScale(612, 792))).toBe(1212);
  expect(Math.round(792 * pageScale(792, 612))).toBe(1568);
});
