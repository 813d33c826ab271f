/** The edges of an answer's life: what arrives while it ends, or while it is being started. */
import { beforeAll, describe, expect, test } from 'vitest';
import type { ChatEvent } from '../shared/protocol';
import type { HistoryStore } from './history-store';
import { eventually, freshStore, loadCore, scripted } from './test-support';

beforeAll(loadCore);

const ask = () => ({
  type: 'ask' as const,
  conversationId: crypto.randomUUID(),
  turnId: crypto.randomUUID(),
  parentId: null,
  question: 'q',
});

/** Holds the first answer's final write until `release()`: the window in which it is ending. */
function slowFinish(store: HistoryStore) {
  const finish = store.finishTurn.bind(store);
  let release: () => void = () => undefined;
  let writing = false;
  store.finishTurn = async (turn) => {
    if (!writing) {
      writing = true;
      await new Promise<void>((resolve) => (release = resolve));
    }
    await finish(turn);
  };
  return { writing: () => writing, release: () => release() };
}

describe('an answer that is ending', () => {
  test('an attach waits for the final write, then finds the stored turn', async () => {
    const store = await freshStore();
    const gate = slowFinish(store);
    const { answers, calls } = scripted(store);
    const answer = (await answers.open(ask()))!;
    await eventually(() => calls.length === 1);
    calls[0]!.emit({ type: 'text', text: 'all of it' }, { type: 'done', reason: 'stop' });
    await eventually(gate.writing, 'the final write');
    expect(answers.liveIds()).toEqual([answer.turn.id]);
    const attached = answers.open({ type: 'attach', turnId: answer.turn.id });
    gate.release();
    expect(await attached).toBeUndefined();
    expect(await store.turn(answer.turn.id)).toMatchObject({ answer: 'all of it', status: 'done' });
  });

  test('a Continue waits for the final write, then carries on the stored answer', async () => {
    const store = await freshStore();
    const gate = slowFinish(store);
    const { answers, calls } = scripted(store);
    const answer = (await answers.open(ask()))!;
    await eventually(() => calls.length === 1);
    calls[0]!.emit({ type: 'text', text: 'half' });
    answer.stop();
    calls[0]!.emit({ type: 'stopped' });
    await eventually(gate.writing, 'the final write');
    const continuing = answers.open({ type: 'continue', turnId: answer.turn.id });
    gate.release();
    const carried = (await continuing)!;
    expect(carried).not.toBe(answer);
    const events: ChatEvent[] = [];
    carried.follow((e) => events.push(e));
    expect(events.map((e) => e.type)).toEqual(['turn', 'chunk']);
    await eventually(() => calls.length === 2, 'the continued request');
    calls[1]!.emit({ type: 'text', text: ' more' }, { type: 'done', reason: 'stop' });
    await carried.ended;
    expect(await store.turn(answer.turn.id)).toMatchObject({ answer: 'half more', status: 'done' });
  });
});
