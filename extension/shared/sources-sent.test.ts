import { expect, test } from 'vitest';
import { sentOf, sourceKind } from './sources-sent';

const page = { kind: 'page' as const, title: 'Tides', url: 'https://t.test/' };

test('a source sent whole says so, with its size', () => {
  const seen = { ...page, chars: 1200, sent: { tokens: 300, fullTokens: 300, fullChars: 1200 } };
  expect(sentOf(seen)).toEqual({ sent: 'Sent whole: 1,200 characters, about 300 tokens.', leftOut: null });
});

test('a source cut to what fits says how much went and what was left out', () => {
  const seen = { ...page, chars: 8000, sent: { tokens: 2000, fullTokens: 3100, fullChars: 12_345 } };
  expect(sentOf(seen)).toEqual({
    sent: 'Sent 8,000 of 12,345 characters (about 2.0k of 3.1k tokens).',
    leftOut: 'Left out: the last 4,345 characters (about 1.1k tokens).',
  });
});

test('a PDF names its pages: all of them, or the ones sent', () => {
  const pdf = { kind: 'pdf' as const, title: 'r.pdf', url: 'file:///r.pdf', pages: 120 };
  const whole = { ...pdf, chars: 50, sent: { tokens: 13, fullTokens: 13, fullChars: 50 } };
  expect(sentOf(whole).sent).toBe('All 120 pages. Sent whole: 50 characters, about 13 tokens.');
  const part = { ...pdf, chars: 40, sent: { tokens: 10, fullTokens: 13, fullChars: 50, lastPage: 38 } };
  expect(sentOf(part).sent).toMatch(/^Pages 1–38 of 120\. Sent 40 of 50 characters/);
});

test('a PDF whose pages the user chose names them, and where a cut ended', () => {
  const pdf = { kind: 'pdf' as const, title: 'r.pdf', url: 'file:///r.pdf', pages: 120 };
  const chosen = { ...pdf, chars: 50, sent: { tokens: 13, fullTokens: 13, fullChars: 50, pages: '3–5, 9' } };
  expect(sentOf(chosen).sent).toBe('Pages 3–5, 9 of 120. Sent whole: 50 characters, about 13 tokens.');
  const cut = { ...chosen, chars: 40, sent: { ...chosen.sent, tokens: 10, lastPage: 4 } };
  expect(sentOf(cut).sent).toMatch(/^Pages 3–5, 9 of 120 chosen, sent up to page 4\. Sent 40 of 50 characters/);
});

test('one page is named as one page, chosen or all that fit', () => {
  const pdf = { kind: 'pdf' as const, title: 'r.pdf', url: 'file:///r.pdf', pages: 120 };
  const chosen = { ...pdf, chars: 50, sent: { tokens: 13, fullTokens: 13, fullChars: 50, pages: '7' } };
  expect(sentOf(chosen).sent).toBe('Page 7 of 120. Sent whole: 50 characters, about 13 tokens.');
  const first = { ...pdf, chars: 40, sent: { tokens: 10, fullTokens: 13, fullChars: 50, lastPage: 1 } };
  expect(sentOf(first).sent).toMatch(/^Page 1 of 120\. Sent 40 of 50 characters/);
});

test('a source stored before Gloss recorded what was sent still says its length', () => {
  expect(sentOf({ ...page, chars: 42 })).toEqual({ sent: '42 characters sent.', leftOut: null });
});

test.each([
  ['page', 'Page'],
  ['selection', 'Selection'],
  ['pdf', 'PDF'],
  ['transcript', 'Video transcript'],
] as const)('a %s is named as %s', (kind, name) => {
  expect(sourceKind(kind)).toBe(name);
});
