/**
 * What a cut-off answer keeps, and how it is tried again: a stopped one keeps its token counts,
 * an interrupted one its model; a failed one that received nothing is asked again in place, one
 * that received some text is carried on from it.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { ChatEvent } from '../../shared/protocol';
import { contentTokens } from '../core';
import { CONTINUE_PROMPT } from './prompt';
import { eventually, freshStore, loadCore, scripted } from '../test-support';

beforeAll(loadCore);

/** A fresh store, and an answer to `question` whose request has gone out to `provider`. */
async function asking(question = 'q') {
  const store = await freshStore();
  const { answers, calls } = scripted(store);
  const ids = { conversationId: crypto.randomUUID(), turnId: crypto.randomUUID() };
  const answer = (await answers.open({ type: 'ask', ...ids, parentId: null, question }))!;
  await eventually(() => calls.length === 1);
  return { store, answers, calls, answer, provider: calls[0]! };
}

describe('a stopped answer', () => {
  test('keeps an estimate of its tokens, marked as one, when the provider reported none', async () => {
    const { store, answer, provider } = await asking('How many legs has an octopus?');
    const seen: ChatEvent[] = [];
    answer.follow((e) => seen.push(e));
    provider.emit({ type: 'text', text: 'Eight arms, no legs, strictly speaking.' });
    answer.stop();
    provider.emit({ type: 'stopped' });
    await answer.ended;
    const usage = {
      inputTokens: contentTokens('openai', 'How many legs has an octopus?'),
      outputTokens: contentTokens('openai', 'Eight arms, no legs, strictly speaking.'),
      estimated: true,
    };
    expect(usage.outputTokens).toBeGreaterThan(5);
    expect(await store.turn(answer.turn.id)).toMatchObject({ status: 'stopped', usage });
    expect(seen).toContainEqual({ type: 'usage', ...usage });
    expect(seen.at(-1)).toEqual({ type: 'stopped' });
  });

  test('keeps the counts the provider reported before the stop', async () => {
    const { store, answer, provider } = await asking();
    provider.emit({ type: 'usage', inputTokens: 12, outputTokens: 1 }, { type: 'text', text: 'part' });
    answer.stop();
    provider.emit({ type: 'stopped' });
    await answer.ended;
    expect((await store.turn(answer.turn.id))?.usage).toEqual({ inputTokens: 12, outputTokens: 1 });
  });
});

describe('an interrupted answer', () => {
  test('still names the model that was writing it', async () => {
    const { store, answer, provider } = await asking();
    provider.emit({ type: 'text', text: 'half ' });
    await eventually(async () => (await store.db.count('chunks')) === 1, 'a stored chunk');
    // A new worker over the same database finds the answer it never finished.
    const Store = store.constructor as typeof import('../history/history-store').HistoryStore;
    const afterRestart = new Store(store.db);
    expect(await afterRestart.recoverInterrupted()).toBe(1);
    expect(await afterRestart.turn(answer.turn.id)).toMatchObject({ status: 'interrupted', model: 'test-model' });
  });
});

describe('trying a failed answer again', () => {
  test('one that received nothing is asked again in the same turn, with no version added', async () => {
    const { store, answers, calls, answer, provider } = await asking();
    provider.emit(
      { type: 'model', name: 'overloaded-model' },
      { type: 'reasoning', text: 'hmm' },
      { type: 'error', code: 'server', message: 'HTTP 500' },
    );
    await answer.ended;

    const again = (await answers.open({ type: 'continue', turnId: answer.turn.id }))!;
    await eventually(() => calls.length === 2);
    // Asked afresh: no empty assistant message, no "continue" prompt, no old reasoning.
    expect(calls[1]!.messages).toEqual([{ role: 'user', content: 'q' }]);
    calls[1]!.emit({ type: 'text', text: 'Fine now.' }, { type: 'done', reason: 'stop' });
    await again.ended;
    const stored = (await store.open(answer.turn.conversationId))!.value;
    expect(stored.turns).toHaveLength(1);
    expect(stored.turns[0]).toMatchObject({ answer: 'Fine now.', status: 'done', error: undefined });
    expect(stored.turns[0]?.reasoning).toBeUndefined();
    // The second request named no model: the first one's name is not kept for its answer.
    expect(stored.turns[0]?.answeredBy).toBeUndefined();
  });

  test('one cut off after some text is carried on from it', async () => {
    const { answers, calls, answer, provider } = await asking();
    provider.emit({ type: 'text', text: 'half ' }, { type: 'error', code: 'network', message: 'dropped' });
    await answer.ended;
    await answers.open({ type: 'continue', turnId: answer.turn.id });
    await eventually(() => calls.length === 2);
    expect(calls[1]!.messages.slice(-2)).toEqual([
      { role: 'assistant', content: 'half ' },
      { role: 'user', content: CONTINUE_PROMPT },
    ]);
  });
});
