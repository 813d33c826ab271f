/**
 * Several sources in one question (issue 15), in the worker: each reaches the model as its own
 * named block, they share the window, and what was sent of each is stored with the turn (the
 * Sources under its answer), while turns stored before that field existed still read.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Attachment } from '../../shared/attachment';
import { newTurn, shownTurn } from '../../shared/history';
import { fitTexts } from '../core';
import { withMaterial } from './prompt';
import { freshStore, loadCore } from '../test-support';

beforeAll(loadCore);

const REVIEWS: Attachment = {
  kind: 'page',
  title: 'Kettle reviews',
  url: 'https://reviews.test/kettle',
  text: 'It boils fast.',
  sent: { tokens: 4, fullTokens: 4, fullChars: 14 },
};
const ADVERT: Attachment = {
  kind: 'selection',
  title: 'Job advert',
  url: 'https://jobs.test/42',
  text: 'Rust wanted.',
};

test('two sources reach the model as two named blocks in order, under one instruction', async () => {
  const sent = await withMaterial([{ role: 'user', content: 'Compare.', attachments: [REVIEWS, ADVERT] }]);
  expect(sent.map((m) => m.role)).toEqual(['system', 'user']);
  const user = sent[1]?.content;
  if (typeof user !== 'string') throw new Error('a question without images is one text');
  const openings = user.split('\n').filter((l) => l.startsWith('<<<material '));
  expect(openings).toEqual([
    expect.stringContaining(' source=1 kind=page title="Kettle reviews" url="https://reviews.test/kettle">>>'),
    expect.stringContaining(' source=2 kind=selection title="Job advert" url="https://jobs.test/42">>>'),
  ]);
  expect(user.indexOf('It boils fast.')).toBeLessThan(user.indexOf('Rust wanted.'));
});

test('sources share the window: a short one whole, the long ones what is left between them', () => {
  const long = 'A sentence of a long review. '.repeat(2000);
  const [a, quote, b] = fitTexts([long, 'Short.', long], 2000);
  expect(quote?.percent).toBe(100);
  expect(a?.keptTokens).toBe(b?.keptTokens);
  expect((a?.keptTokens ?? 0) + (b?.keptTokens ?? 0) + (quote?.keptTokens ?? 0)).toBeLessThanOrEqual(2000);
  expect(a?.keptChars).toBeLessThan(long.length);
});

test('what was sent of each source is kept with the turn; a turn stored without it still reads', async () => {
  const store = await freshStore();
  const conversationId = crypto.randomUUID();
  await store.create(conversationId, 'Kettles');
  const turn = newTurn({ id: crypto.randomUUID(), conversationId, parentId: null, question: 'Compare.' });
  await store.addTurn({ ...turn, attachments: [REVIEWS, ADVERT] });
  const [stored] = await store.turns(conversationId);
  expect(stored?.attachments?.map((a) => a.sent)).toEqual([REVIEWS.sent, undefined]);
  expect(shownTurn(stored!).attachments?.[0]).toMatchObject({ sent: REVIEWS.sent, chars: 14 });
});
