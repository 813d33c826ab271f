/** A streaming answer's updates: its text and tool rounds written apart from its turn, folded back in by every reader. */
import { beforeAll, expect, test } from 'vitest';
import type { TurnRecord } from '../../shared/history';
import type { ToolRound, ToolStep } from '../../shared/tools/tool-steps';
import { AnswerTools } from '../answers/answer-tools';
import { askRequest, freshStore, loadCore, scripted } from '../test-support';
import { toTrash } from './history-trash';
import { foldChunks, LOOP_SEQ, roundSeq } from './stream-chunks';

beforeAll(loadCore);

const step = (round: number, status: ToolStep['status']): ToolStep => ({
  id: `c${String(round)}`,
  round,
  at: 6,
  tool: 'echo',
  source: 'S',
  arguments: { message: 'hi' },
  status,
});
const kept = (round: number): ToolRound => ({
  assistant: {
    role: 'assistant',
    content: [{ type: 'toolCall', id: `c${String(round)}`, name: 'echo', arguments: {} }],
  },
  results: [{ role: 'tool', toolCallId: `c${String(round)}`, name: 'echo', content: 'echoed' }],
});

/** A turn left streaming (its worker gone) after three updates: round 0 asked, then done, then round 1 asked. */
async function streamingTurn() {
  const store = await freshStore();
  const { answers, calls } = scripted(store);
  const ask = askRequest();
  const answer = (await answers.open(ask))!;
  while (calls.length === 0) await new Promise((r) => setTimeout(r, 1));
  const turnId = answer.turn.id;
  const chunk = (seq: number, text: string, reasoning = '') => ({ seq, text, reasoning });
  await store.storeUpdate({
    turnId,
    chunk: chunk(0, 'First ', 'hm'),
    rounds: [{ round: 0, steps: [step(0, 'waiting')] }],
  });
  await store.storeUpdate({ turnId, rounds: [{ round: 0, steps: [step(0, 'done')], kept: kept(0) }] });
  await store.storeUpdate({
    turnId,
    chunk: chunk(1, 'then more.'),
    rounds: [{ round: 1, steps: [step(1, 'waiting')] }],
  });
  return { store, turnId, conversationId: ask.conversationId };
}

const AS_WRITTEN = { answer: 'First then more.', steps: [step(0, 'done'), step(1, 'waiting')], rounds: [kept(0)] };

test('every reader of a streaming turn sees its text and each round as last written', async () => {
  const { store, turnId, conversationId } = await streamingTurn();
  // A round's record is replaced as it changes: the chunks grow by the text and one per round.
  expect(await store.db.count('chunks')).toBe(4);
  const expected = { ...AS_WRITTEN, reasoning: 'hm', status: 'streaming' };
  expect(await store.turn(turnId)).toMatchObject(expected);
  expect((await store.turns(conversationId))[0]).toMatchObject(expected);
  expect((await store.open(conversationId))?.value.turns[0]).toMatchObject(expected);
});

test('a turn cut off mid-answer keeps its text and steps when the worker starts again, and when deleted', async () => {
  const { store, turnId } = await streamingTurn();
  expect(await store.recoverInterrupted()).toBe(1);
  expect(await store.turn(turnId)).toMatchObject({ ...AS_WRITTEN, status: 'interrupted' });
  expect(await store.db.count('chunks')).toBe(0);

  const other = await streamingTurn();
  await toTrash(other.store.db, other.conversationId);
  const [trashed] = await other.store.db.getAll('trash');
  expect(trashed?.turns[0]).toMatchObject(AS_WRITTEN);
});

test('rounds written after a Continue replace theirs and follow the rounds the turn was stored with', () => {
  const stored = {
    answer: 'a',
    steps: [step(0, 'done'), step(1, 'waiting')],
    rounds: [kept(0), { ...kept(1), results: [] }],
  };
  const round = (r: number, s: ToolStep['status']) => ({
    turnId: 't',
    seq: roundSeq(r),
    text: '',
    reasoning: '',
    tools: { round: r, steps: [step(r, s)], kept: kept(r) },
  });
  // As a turn's chunks are read: by key, the later round first.
  const folded = foldChunks(stored, [round(2, 'done'), round(1, 'done')]);
  expect(folded.steps).toEqual([step(0, 'done'), step(1, 'done'), step(2, 'done')]);
  expect(folded.rounds).toEqual([kept(0), kept(1), kept(2)]);
});

test('damaged tool records leave what the turn was stored with; its text still counts', () => {
  const stored = { answer: 'a', steps: [step(0, 'done')], rounds: [kept(0)], roundLimit: 3 };
  const record = (seq: number, tools: unknown) => ({ turnId: 't', seq, text: '', reasoning: '', tools });
  const folded = foldChunks(stored, [
    { turnId: 't', seq: 0, text: 'b', reasoning: '' },
    record(roundSeq(0), { round: 0, steps: 'not steps' }),
    // A round after a gap is not the next one.
    record(roundSeq(5), { round: 5, steps: [step(5, 'done')], kept: kept(5) }),
    record(LOOP_SEQ, { roundLimit: 'many' }),
  ]);
  expect(folded).toMatchObject({ answer: 'ab', rounds: [kept(0)], roundLimit: 3 });
  expect(folded.steps.map((s) => s.round)).toEqual([0, 5]);
});

test('an update writes the rounds that changed since the last, not the rounds before', () => {
  const turn = { answer: '', steps: [], rounds: [] } as unknown as TurnRecord;
  const tools = new AnswerTools(turn);
  const rounds = [kept(0)];
  tools.apply({ type: 'step', step: step(0, 'done') });
  tools.apply({ type: 'rounds', rounds });
  expect(tools.changes().rounds?.map((r) => r.round)).toEqual([0]);
  // Round 1 arrives, and round 0 gains nothing: only round 1 is written.
  const next = { ...kept(1), results: [] as ToolRound['results'] };
  tools.apply({ type: 'rounds', rounds: [...rounds, next] });
  expect(tools.changes()).toEqual({ rounds: [{ round: 1, steps: [], kept: next }] });
  // Its result comes (a new results array, as the loop gives it); a call starting is not written.
  next.results = kept(1).results;
  tools.apply({ type: 'step', step: step(1, 'running') });
  tools.apply({ type: 'rounds', rounds: [...rounds, next] });
  expect(tools.changes().rounds?.map((r) => r.round)).toEqual([1]);
  expect(tools.changes()).toEqual({});
  tools.apply({ type: 'roundLimit', rounds: 2 });
  expect(tools.changes()).toEqual({ loop: { roundLimit: 2, toolsMissing: undefined } });
});
