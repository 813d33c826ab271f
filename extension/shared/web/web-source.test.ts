import { expect, test } from 'vitest';
import { citationsOf } from './web-source';

test('the sources an answer’s steps numbered, by number', () => {
  const a = { n: 1, title: 'A', url: 'https://a.example/' };
  const b = { n: 2, title: 'B', url: 'https://b.example/' };
  const cited = citationsOf([{ sources: [a, b] }, {}, { sources: [b] }]);
  expect([...cited.entries()]).toEqual([
    [1, a],
    [2, b],
  ]);
  expect(citationsOf(undefined).size).toBe(0);
});
