import { expect, test } from 'vitest';
import type { ToolStep } from '../tools/tool-steps';
import { webSourceRows } from './web-sources-view';

const step = (over: Partial<ToolStep>): ToolStep => ({
  id: 'r0-c1',
  round: 0,
  at: 0,
  tool: 'web_search',
  source: 'Gloss',
  arguments: { query: 'tides' },
  status: 'done',
  ...over,
});
const a = { n: 1, title: 'Tides', url: 'https://a.example/tides' };
const b = { n: 2, title: 'Moon', url: 'https://b.example/moon' };

test('each source once, read ones saying how much the model was sent', () => {
  const rows = webSourceRows([
    step({ sources: [a, b] }),
    step({ id: 'r1-c2', tool: 'fetch_url', arguments: { url: b.url }, sources: [b], result: 'x'.repeat(1200) }),
    step({ id: 'r1-c3', tool: 'fetch_url', sources: [a], cut: { kept: 24000, total: 90000 } }),
    step({ id: 'r2-c4', sources: [b] }),
  ]);
  expect(rows.map((r) => [r.n, r.how])).toEqual([
    [1, 'Read: the first 24,000 of 90,000 characters sent.'],
    [2, 'Read: 1,200 characters sent.'],
  ]);
});

test('a result only found says by which search; failed and waiting steps bring none', () => {
  const rows = webSourceRows([step({ sources: [a] }), step({ id: 'x', status: 'failed', sources: [b] })]);
  expect(rows).toEqual([{ ...a, how: 'Found by searching “tides”: its title, address and snippet sent.' }]);
  expect(webSourceRows(undefined)).toEqual([]);
});
