import { expect, test } from 'vitest';
import { keptSourcesKey, readKeptSources } from './kept-sources';

const quote = { kind: 'selection' as const, title: 'Tides', url: 'https://t.test/', text: 'Spring tides.' };

test('sources kept while the panel was closed come back as they were, a PDF’s page choice too', () => {
  const pdf = { kind: 'pdf' as const, title: 'Book', url: '', text: '— page 1 —\n\nA.', pages: 1, range: '1' };
  expect(readKeptSources(structuredClone([quote, pdf]))).toEqual([quote, pdf]);
});

test('anything stored that is not a list of sources brings nothing back', () => {
  for (const stored of [undefined, null, 'text', [{ ...quote, kind: 'script' }], [{ title: 'no text' }]])
    expect(readKeptSources(stored)).toEqual([]);
});

test('each window keeps its own', () => {
  expect(keptSourcesKey(3)).not.toBe(keptSourcesKey(4));
});
