import { describe, expect, test } from 'vitest';
import { excerpt, excerptRuns } from './excerpt';
import { queryWords } from './history-text';

const marked = (texts: string[], query: string) => {
  const found = excerpt(texts, queryWords(query));
  return (
    found &&
    excerptRuns(found)
      .map((r) => (r.marked ? `[${r.text}]` : r.text))
      .join('')
  );
};

describe('a search excerpt', () => {
  test('marks every word the query starts, whatever its case and accents', () => {
    expect(marked(['How photosynthesis works in a Café'], 'photo cafe')).toBe('How [photosynthesis] works in a [Café]');
  });

  test('comes from the text that matches the most query words', () => {
    const texts = ['Tides and the sea', 'The Moon pulls the tides.'];
    expect(marked(texts, 'moon tides')).toBe('The [Moon] pulls the [tides].');
  });

  test('is cut at words around the first match, saying where text was left out', () => {
    const long = `${'Lorem ipsum dolor sit amet '.repeat(10)}the octopus has eight arms ${'and more words '.repeat(20)}`;
    const shown = marked([long], 'octopus') ?? '';
    expect(shown.startsWith('…')).toBe(true);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown).toContain('the [octopus] has eight arms');
    expect(shown.length).toBeLessThan(175);
    expect(shown).toMatch(/^…(Lorem|ipsum|dolor|sit|amet) .* (and|more|words)…$/); // whole words at both ends
  });

  test('collapses line breaks, keeping the marks on their words', () => {
    expect(marked(['First line\n\n  Second **line**'], 'second')).toBe('First line [Second] **line**');
  });

  test('is null when nothing matches (a title-only match shows the title alone)', () => {
    expect(excerpt(['nothing here'], queryWords('octopus'))).toBeNull();
  });

  test('stays text: markup in stored text comes back as the same characters', () => {
    const found = excerpt(['<img src=x onerror=alert(1)> octopus'], queryWords('octopus'));
    expect(found?.text).toBe('<img src=x onerror=alert(1)> octopus');
  });
});
