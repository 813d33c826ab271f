/** A tool's result as text: parts joined, media as notes, structured content as JSON, cut at the limit. */
import { describe, expect, test } from 'vitest';
import { base64Bytes, cut, RESULT_LIMIT, toOutcome } from './mcp-outcome';

describe("a tool's result as text", () => {
  test('text parts are joined; media are notes with type and size, never their bytes', () => {
    const png = 'A'.repeat(4000);
    const outcome = toOutcome('t', {
      content: [
        { type: 'text', text: 'first' },
        { type: 'image', data: png, mimeType: 'image/png' },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        { type: 'text', text: 'second' },
      ],
    });
    expect(outcome.isError).toBe(false);
    expect(outcome.text).toBe(
      'first\n\n[An image (image/png, 2.9 KB) the tool returned; Gloss does not pass images on.]\n\n' +
        '[Audio (audio/wav, 3 B) the tool returned; Gloss does not pass audio on.]\n\nsecond',
    );
  });

  test('resources give their text, or a note with their URI; links their URI', () => {
    const outcome = toOutcome('t', {
      content: [
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'inside' } },
        { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAAA', mimeType: 'application/zip' } },
        { type: 'resource_link', uri: 'https://example.com/c', name: 'c' },
      ],
    });
    expect(outcome.text).toBe(
      'inside\n\n[A binary resource file:///b.bin (application/zip, 3 B) the tool returned; Gloss does not pass its bytes on.]' +
        '\n\n[A resource the tool pointed to: c (https://example.com/c)]',
    );
  });

  test('structured content is shown as JSON only when there is no text', () => {
    const data = { temperature: 21 };
    expect(toOutcome('t', { content: [], structuredContent: data }).text).toBe('{\n  "temperature": 21\n}');
    expect(toOutcome('t', { content: [{ type: 'text', text: '21 °C' }], structuredContent: data }).text).toBe('21 °C');
    expect(toOutcome('t', { content: [] }).text).toBe('[The tool returned nothing.]');
  });

  test("the tool's own error is kept, in words", () => {
    expect(toOutcome('weather', { content: [{ type: 'text', text: 'no such city' }], isError: true })).toEqual({
      isError: true,
      text: 'The tool weather reported an error: no such city',
    });
  });

  test('a result over the limit keeps its start and says what was cut', () => {
    const outcome = toOutcome('t', { content: [{ type: 'text', text: 'y'.repeat(RESULT_LIMIT + 5) }] });
    expect(outcome.cut).toEqual({ kept: RESULT_LIMIT, total: RESULT_LIMIT + 5 });
    expect(outcome.text.startsWith('y'.repeat(RESULT_LIMIT) + '\n\n[Gloss cut this result')).toBe(true);
    expect(cut('short', false, 10)).toEqual({ text: 'short', isError: false });
  });

  test('the cut never splits a character in two', () => {
    const outcome = cut(`abc${'😀'.repeat(5)}`, false, 4);
    expect(outcome.cut).toEqual({ kept: 3, total: 13 });
    expect(outcome.text.startsWith('abc\n\n')).toBe(true);
  });

  test.each([
    ['', 0],
    ['AAAA', 3],
    ['AAA=', 2],
    ['AA==', 1],
  ])('base64 %j is %i bytes', (data, bytes) => {
    expect(base64Bytes(data)).toBe(bytes);
  });
});
