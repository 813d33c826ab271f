import { expect, test } from 'vitest';
import { announcement } from './announcer';

test('a block is read out as one line', () => {
  expect(announcement('  First line\n\n  second\tline ')).toBe('First line second line');
});

test('a long block is cut, and says so', () => {
  const said = announcement('word '.repeat(200));
  expect(said).toHaveLength(401);
  expect(said.endsWith('…')).toBe(true);
});

test('a block of nothing but spaces says nothing', () => {
  expect(announcement(' \n\t')).toBe('');
});
