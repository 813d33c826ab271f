import { expect, test, vi } from 'vitest';
import { t } from '../../shared/i18n';
import { allPages, choosePages, typedPages } from './pdf-range';
import { asSent, type Source } from '../material/sources';

// The shape the core's pdfText gives: a marker line opening each page.
const text = '— page 1 —\n\nOne.\n\n— page 2 —\n\nTwo.\n\n— page 3 —\n\nThree.';
const pdf: Source = { kind: 'pdf', title: 'r.pdf', url: 'https://r.test/r.pdf', text, pages: 3 };
/** The worker's answer for pages 2 and 3, as the core gives it. */
const select = vi.fn(async () => ({ text: '— page 2 —\n\nTwo.\n\n— page 3 —\n\nThree.', pages: '2–3' }));

test('typed pages keep only those pages, and the whole text to choose again', async () => {
  const chosen = await choosePages(pdf, '2-3', select);
  expect(select).toHaveBeenCalledWith(text, [2, 3]);
  expect(chosen).toEqual({ ...pdf, text: '— page 2 —\n\nTwo.\n\n— page 3 —\n\nThree.', range: '2–3', whole: text });
  expect(typedPages(chosen as Source)).toBe('2–3');
  expect(allPages(chosen as Source)).toEqual(pdf);
});

test('pages typed again are chosen from the whole PDF, not from the pages chosen before', async () => {
  const chosen = (await choosePages(pdf, '2-3', select)) as Source;
  await choosePages(chosen, '1', select);
  expect(select).toHaveBeenLastCalledWith(text, [1]);
});

test('all pages typed is the whole PDF, without asking the core', async () => {
  select.mockClear();
  expect(await choosePages({ ...pdf, askPages: true }, '1–3', select)).toEqual(pdf);
  expect(select).not.toHaveBeenCalled();
  expect(typedPages(pdf)).toBe('1–3');
});

test.each([
  ['0', t('pdfPageNone', '0', t('pdfPageCount', '3'))],
  ['200', t('pdfPageNone', '200', t('pdfPageCount', '3'))],
  ['3–2', t('pdfPagesBackwards', '3–2', '2–3')],
  ['two', t('pdfPagesInvalid', '3')],
])('"%s" is refused with a reason, and the PDF is left as it was', async (typed, error) => {
  select.mockClear();
  expect(await choosePages(pdf, typed, select)).toEqual({ error });
  expect(select).not.toHaveBeenCalled();
});

test('the pages chosen are named in what is sent, and the chip-only fields are not sent', async () => {
  const chosen = (await choosePages({ ...pdf, askPages: true }, '2-3', select)) as Source;
  const fit = { keptChars: chosen.text.length, keptTokens: 9, totalTokens: 9, percent: 100 };
  const sent = asSent(chosen, fit, true);
  expect(sent).toEqual({
    ...pdf,
    text: chosen.text,
    sent: { tokens: 9, fullTokens: 9, fullChars: chosen.text.length, pages: '2–3' },
  });
});

test.each([undefined, 0])(
  'a PDF of %s pages (count unknown) is one page: the box offers it, and it is accepted',
  async (pages) => {
    select.mockClear();
    const unknown = { ...pdf, pages };
    const offered = typedPages(unknown);
    expect(offered).toBe('1');
    expect(await choosePages(unknown, offered, select)).toEqual(unknown);
    expect(select).not.toHaveBeenCalled();
  },
);
