/** A streaming answer's updates: its text and tool steps written apart from its turn, folded back in by every reader. */
import { beforeAll, expect, test } from 'vitest';
import type { ToolStep } from '../../shared/tools/tool-steps';
import { askRequest, freshStore, loadCore, scripted } from '../test-support';
import { toTrash } from './history-trash';
import { TOOLS_SEQ } from './stream-chunks';

beforeAll(loadCore);

const step = (status: ToolStep['status']): ToolStep => ({
  id: 'c1',
  round: 0,
  at: 6,
  tool: 'echo',
  source: 'S',
  arguments: { message: 'hi' },
  status,
});

/** A turn left streaming (its worker gone) after two updates, the second with its step done. */
async function streamingTurn() {
  const store = await freshStore();
  const { answers, calls } = scripted(store);
  const ask = askRequest();
  const answer = (await answers.open(ask))!;
  while (calls.length === 0) await new Promise((r) => setTimeout(r, 1));
  const turnId = answer.turn.id;
  await store.storeUpdate({
    turnId,
    chunk: { seq: 0, text: 'First ', reasoning: 'hm' },
    tools: { steps: [step('waiting')] },
  });
  await store.storeUpdate({
    turnId,
    chunk: { seq: 1, text: 'then more.', reasoning: '' },
    tools: { steps: [step('done')] },
  });
  return { store, turnId, conversationId: ask.conversationId };
}

test('every reader of a streaming turn sees its text and the tool steps last written', async () => {
  const { store, turnId, conversationId } = await streamingTurn();
  // One record holds the steps, replaced at each change: the chunks grow by the text only.
  expect(await store.db.count('chunks')).toBe(3);
  const expected = { answer: 'First then more.', reasoning: 'hm', steps: [step('done')], status: 'streaming' };
  expect(await store.turn(turnId)).toMatchObject(expected);
  expect((await store.turns(conversationId))[0]).toMatchObject(expected);
  expect((await store.open(conversationId))?.value.turns[0]).toMatchObject(expected);
});

test('a turn cut off mid-answer keeps its text and steps when the worker starts again, and when deleted', async () => {
  const { store, turnId, conversationId } = await streamingTurn();
  expect(await store.recoverInterrupted()).toBe(1);
  expect(await store.turn(turnId)).toMatchObject({
    answer: 'First then more.',
    steps: [step('done')],
    status: 'interrupted',
  });
  expect(await store.db.count('chunks')).toBe(0);

  const other = await streamingTurn();
  await toTrash(other.store.db, other.conversationId);
  const [trashed] = await other.store.db.getAll('trash');
  expect(trashed?.turns[0]).toMatchObject({ answer: 'First then more.', steps: [step('done')] });
  expect(conversationId).not.toBe(other.conversationId);
});

test('a damaged tool record leaves the steps the turn was stored with; its text still counts', async () => {
  const { store, turnId } = await streamingTurn();
  await store.db.put('chunks', { turnId, seq: TOOLS_SEQ, text: '', reasoning: '', tools: { steps: 'not steps' } });
  const turn = await store.turn(turnId);
  expect(turn).toMatchObject({ answer: 'First then more.' });
  expect(turn?.steps).toBeUndefined();
});
