import { expect, test } from 'vitest';
import type { Attachment } from '../../shared/attachment';
import { asSent, overallFit, withChange, withoutChoice, withSource, type Source } from './sources';

const page = (url: string, text = 'Page text.'): Attachment => ({ kind: 'page', title: url, url, text });
const quote = (text: string): Attachment => ({ kind: 'selection', title: 'A', url: 'https://a.test/', text });

test('"Add this tab" joins the sources; asking about a page starts afresh', () => {
  const two = withSource([page('https://a.test/')], page('https://b.test/'), true);
  expect(two.map((s) => s.url)).toEqual(['https://a.test/', 'https://b.test/']);
  expect(withSource(two, page('https://c.test/'), false).map((s) => s.url)).toEqual(['https://c.test/']);
});

test('the same tab added again is refreshed in its place, never doubled', () => {
  const list = [page('https://a.test/', 'old'), page('https://b.test/')];
  const again = withSource(list, page('https://a.test/', 'new'), true);
  expect(again.map((s) => [s.url, s.text])).toEqual([
    ['https://a.test/', 'new'],
    ['https://b.test/', 'Page text.'],
  ]);
});

test('two different selections of one page are two sources; the same one is one', () => {
  const list = withSource([quote('first')], quote('second'), true);
  expect(list).toHaveLength(2);
  expect(withSource(list, quote('first'), true)).toHaveLength(2);
});

test('the sources together say what share of their tokens fits', () => {
  const whole = { keptChars: 10, keptTokens: 100, totalTokens: 100, percent: 100 };
  const half = { keptChars: 10, keptTokens: 100, totalTokens: 200, percent: 50 };
  expect(overallFit([whole, whole]).percent).toBe(100);
  expect(overallFit([whole, half])).toEqual({ percent: 66, keptTokens: 200, totalTokens: 300 });
  // Anything cut is never rounded up to "100% fits".
  expect(overallFit([{ ...half, keptTokens: 1999, totalTokens: 2000, percent: 99 }]).percent).toBe(99);
});

test('a source is sent whole, or only what fits when the user chose that, saying how much of how much', () => {
  const source = page('https://p.test/', 'abcdef');
  const fit = { keptChars: 3, keptTokens: 1, totalTokens: 2, percent: 50 };
  expect(asSent(source, undefined, true)).toEqual(source);
  expect(asSent(source, fit, true)).toEqual({
    ...source,
    text: 'abc',
    sent: { tokens: 1, fullTokens: 2, fullChars: 6 },
  });
  expect(asSent(source, fit, false)).toEqual({ ...source, sent: { tokens: 2, fullTokens: 2, fullChars: 6 } });
});

test('a PDF cut to what fits names the last page it sent', () => {
  const text = '— page 1 —\n\nOne.\n\n— page 2 —\n\nTwo.\n\n— page 3 —\n\nThree.';
  const pdf: Attachment = { kind: 'pdf', title: 'r.pdf', url: 'file:///r.pdf', text, pages: 3 };
  const cut = text.indexOf('— page 3 —') - 2;
  const sent = asSent(pdf, { keptChars: cut, keptTokens: 5, totalTokens: 9, percent: 60 }, true);
  expect(sent.text.endsWith('Two.')).toBe(true);
  expect(sent.sent?.lastPage).toBe(2);
});

test('PDFs from disk (no address) are told apart by their text: a second file joins the first', () => {
  const file = (title: string, text: string): Attachment => ({ kind: 'pdf', title, url: '', text, pages: 1 });
  const two = withSource([file('a.pdf', 'A')], file('b.pdf', 'B'), true);
  expect(two.map((s) => s.title)).toEqual(['a.pdf', 'b.pdf']);
  // The same file dropped again is refreshed in its place.
  expect(withSource(two, file('a.pdf', 'A'), true).map((s) => s.title)).toEqual(['a.pdf', 'b.pdf']);
});

test("a source without the chip's own fields (the pages chosen, the whole text, the ask) is the attachment", () => {
  const pdf: Attachment = { kind: 'pdf', title: 'r.pdf', url: 'https://r.test/r.pdf', text: 'Two.', pages: 3 };
  const chosen: Source = { ...pdf, range: '2', whole: 'One. Two. Three.', askPages: true };
  expect(withoutChoice(chosen)).toEqual(pdf);
  expect(asSent(chosen, undefined, true)).toEqual(pdf);
});

test('a chip changed a moment later changes only itself, in the sources as they are by then', () => {
  const [a, b, c] = [page('https://a.test/'), page('https://b.test/'), page('https://c.test/')];
  const b2 = { ...b, text: 'Pages 2–3.' };
  expect(withChange([a, b], b, b2)).toEqual([a, b2]);
  // A tab added while the PDF's pages were chosen stays; a source removed meanwhile stays removed.
  expect(withChange([a, b, c], b, b2)).toEqual([a, b2, c]);
  expect(withChange([a, c], b, b2)).toEqual([a, c]);
  expect(withChange([a, b, c], b, null)).toEqual([a, c]);
});
