import { expect, test } from 'vitest';
import { t } from '../../shared/i18n';
import { firstPages, pageScale, scanPageList } from './pdf-pages';

test('at most four pages are drawn for a question', () => {
  expect(scanPageList('1-5', 120)).toEqual({ error: t('pdfPagesTooMany', '4') });
  expect(scanPageList('2, 4', 120)).toEqual({ pages: [2, 4] });
});

test('the pages offered first are the first four, or all when fewer', () => {
  expect(firstPages(1)).toBe('1');
  expect(firstPages(3)).toBe('1–3');
  expect(firstPages(120)).toBe('1–4');
  expect(scanPageList(firstPages(120), 120)).toEqual({ pages: [1, 2, 3, 4] });
});

test('a page is drawn with its long side at 1,568 px', () => {
  // US Letter, 612 × 792 points: 1,568 / 792 ≈ 1.98, so 1,212 × 1,568 px.
  expect(Math.round(612 * pageScale(612, 792))).toBe(1212);
  expect(Math.round(792 * pageScale(792, 612))).toBe(1568);
});
