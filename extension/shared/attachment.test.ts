import { describe, expect, test } from 'vitest';
import { MAX_ATTACHMENT_CHARS, offerMaterial, readPending } from './attachment';

describe('page material handed to the panel', () => {
  const page = (text: string) => ({ kind: 'page' as const, title: 'Huge', url: 'https://example.com/', text });

  test('material up to the limit is offered with its question', () => {
    const text = 'a'.repeat(MAX_ATTACHMENT_CHARS);
    expect(offerMaterial(page(text), 'Summarize this page.')).toEqual({
      attachment: page(text),
      question: 'Summarize this page.',
    });
  });

  test('more than the limit is refused with its size and what to do, never cut silently', () => {
    expect(offerMaterial(page('a'.repeat(MAX_ATTACHMENT_CHARS + 300_000)))).toEqual({
      error:
        'This is too much text for Gloss to bring in (5.3 million characters; at most 5 million). Select the part you want to ask about.',
    });
  });
});

describe('page material read back from session storage', () => {
  const attachment = { kind: 'selection' as const, title: 'T', url: 'https://example.com/', text: 'quoted' };

  test('nothing stored is nothing pending', () => {
    expect(readPending(undefined)).toBeNull();
    expect(readPending(null)).toBeNull();
  });

  test('what the worker left comes back as it was', () => {
    expect(readPending({ attachment, question: 'Explain.' })).toEqual({ attachment, question: 'Explain.' });
    expect(readPending({ error: 'Select some text first.' })).toEqual({ error: 'Select some text first.' });
  });

  test.each([[{ attachment: { ...attachment, kind: 'video' } }], [{ error: 3 }], ['text'], [{}]])(
    'anything else (%j) says the material did not arrive',
    (stored) => {
      expect(readPending(stored)).toEqual({
        error: expect.stringContaining('Gloss could not bring the text from the page into the panel'),
      });
    },
  );
});
