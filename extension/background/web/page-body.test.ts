import { describe, expect, test } from 'vitest';
import { byteCap, cutText, decodeBody, encodingOf, fileTitle, joinBytes, pageKind } from './page-body';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('pageKind: the content type picks the reader', () => {
  test.each([
    ['text/html; charset=utf-8', 'html'],
    ['TEXT/HTML', 'html'],
    ['application/xhtml+xml', 'html'],
    ['application/pdf', 'pdf'],
    ['text/plain;charset=iso-8859-1', 'text'],
    ['text/markdown', 'text'],
    ['application/json; charset=utf-8', 'text'],
  ])('%s → %s', (type, kind) => {
    expect(pageKind(type)).toBe(kind);
  });

  test.each(['image/png', 'application/octet-stream', 'video/mp4', 'application/zip', 'text/csv-ish', '', null])(
    '%s is no kind Gloss reads',
    (type) => {
      expect(pageKind(type)).toBeUndefined();
    },
  );

  test('a PDF may be four times the size of a page of text', () => {
    expect(byteCap('pdf')).toBe(20 * 1024 * 1024);
    expect(byteCap('html')).toBe(5 * 1024 * 1024);
  });
});

describe('encodingOf: byte order mark, then the header, then (HTML) a meta tag', () => {
  const latin1 = Uint8Array.from([0x47, 0x72, 0xfc, 0xdf, 0x65]); // "Grüße" in windows-1252

  test.each([
    [
      'a UTF-8 BOM beats the header',
      Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]),
      'text/html; charset=iso-8859-1',
      'utf-8',
    ],
    ['a UTF-16 BOM', Uint8Array.from([0xff, 0xfe, 0x41, 0]), 'text/plain', 'utf-16le'],
    ['the header', latin1, 'text/plain; charset=windows-1252', 'windows-1252'],
    ['a quoted header', latin1, 'text/html; charset="Shift_JIS"', 'Shift_JIS'],
    ['an unknown header label falls back', latin1, 'text/plain; charset=klingon', 'utf-8'],
    ['a meta charset', bytes('<html><head><meta charset="windows-1251">'), 'text/html', 'windows-1251'],
    [
      'an http-equiv meta',
      bytes('<meta http-equiv="Content-Type" content="text/html; charset=euc-jp">'),
      'text/html',
      'euc-jp',
    ],
    ['no meta in plain text', bytes('<meta charset="windows-1251">'), 'text/plain', 'utf-8'],
    ['nothing said', bytes('plain'), 'text/html', 'utf-8'],
  ])('%s', (_, body, type, expected) => {
    expect(encodingOf(body, type, type.startsWith('text/html') ? 'html' : 'text')).toBe(expected);
  });

  test('a page in windows-1252 reads as its text', () => {
    const latin = Uint8Array.from([0x47, 0x72, 0xfc, 0xdf, 0x65]);
    expect(decodeBody(latin, 'text/plain; charset=windows-1252', 'text', false)).toBe('Grüße');
  });

  test('a character the cap split is left out, not replaced', () => {
    const cut = bytes('ab€').subarray(0, 4);
    expect(decodeBody(cut, 'text/plain', 'text', true)).toBe('ab');
    expect(decodeBody(cut, 'text/plain', 'text', false)).toBe('ab\ufffd');
  });
});

describe('cutText', () => {
  test('text within the limit is kept whole, with no cut', () => {
    expect(cutText('short', 10)).toEqual({ text: 'short' });
  });

  test('longer text is cut, saying how much of how much', () => {
    expect(cutText('abcdefghij', 4)).toEqual({ text: 'abcd', cut: { kept: 4, total: 10 } });
  });

  test('never half an emoji', () => {
    expect(cutText('ab😀cd', 3)).toEqual({ text: 'ab', cut: { kept: 2, total: 6 } });
  });

  test('a total known beyond the text (a PDF read in part) counts', () => {
    expect(cutText('abc', 10, 500)).toEqual({ text: 'abc', cut: { kept: 3, total: 500 } });
  });
});

test('joinBytes makes one array of the pieces', () => {
  expect(joinBytes([bytes('ab'), bytes(''), bytes('c')])).toEqual(bytes('abc'));
});

test.each([
  ['https://example.com/docs/report%20final.pdf', 'report final.pdf'],
  ['https://example.com/notes/', 'notes'],
  ['https://example.com/', 'example.com'],
  // A name that does not decode: the address as it is.
  ['https://example.com/%E0%A4%A', 'https://example.com/%E0%A4%A'],
])('fileTitle(%s) is %s', (url, title) => {
  expect(fileTitle(url)).toBe(title);
});
