import { describe, expect, test } from 'vitest';
import { latestLeaf, pathTo } from './thread';

const t = (id: string, parentId: string | null, createdAt: number) => ({ id, parentId, createdAt });
// a → b → c, with b' (an edited b) → d, and a regenerated first answer a'.
const turns = [t('a', null, 1), t('b', 'a', 2), t('c', 'b', 3), t("b'", 'a', 4), t('d', "b'", 5), t("a'", null, 6)];

describe('pathTo', () => {
  test('walks from the first question to the leaf, with each turn’s versions', () => {
    expect(pathTo(turns, 'c').map((s) => [s.turn.id, s.index, s.versions.length])).toEqual([
      ['a', 0, 2],
      ['b', 0, 2],
      ['c', 0, 1],
    ]);
  });

  test('an unknown or missing leaf shows the newest path', () => {
    expect(pathTo(turns, 'gone').map((s) => s.turn.id)).toEqual(["a'"]);
    expect(pathTo(turns, null).map((s) => s.turn.id)).toEqual(["a'"]);
    expect(pathTo([], null)).toEqual([]);
  });

  test('a cycle in damaged data ends the walk instead of hanging', () => {
    expect(pathTo([t('x', 'y', 1), t('y', 'x', 2)], 'x').length).toBe(2);
  });
});

describe('latestLeaf', () => {
  test('follows the newest child down', () => {
    expect(latestLeaf(turns, 'a')?.id).toBe('d');
    expect(latestLeaf(turns, 'b')?.id).toBe('c');
    expect(latestLeaf(turns, "a'")?.id).toBe("a'");
  });
});
