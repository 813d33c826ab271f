/** What a cut-off answer keeps: a stopped one its token counts, an interrupted one its model. */
import { beforeAll, describe, expect, test } from 'vitest';
import type { ChatEvent } from '../shared/protocol';
import { contentTokens } from './core';
import { eventually, freshStore, loadCore, scripted } from './test-support';

beforeAll(loadCore);

const ask = (question: string) => ({
  type: 'ask' as const,
  conversationId: crypto.randomUUID(),
  turnId: crypto.randomUUID(),
  parentId: null,
  question,
});

describe('a stopped answer', () => {
  test('keeps an estimate of its tokens, marked as one, when the provider reported none', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const answer = (await answers.open(ask('How many legs has an octopus?')))!;
    const seen: ChatEvent[] = [];
    answer.follow((e) => seen.push(e));
    await eventually(() => calls.length === 1);
    calls[0]!.emit({ type: 'text', text: 'Eight arms, no legs, strictly speaking.' });
    answer.stop();
    calls[0]!.emit({ type: 'stopped' });
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
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const answer = (await answers.open(ask('q')))!;
    await eventually(() => calls.length === 1);
    calls[0]!.emit({ type: 'usage', inputTokens: 12, outputTokens: 1 }, { type: 'text', text: 'part' });
    answer.stop();
    calls[0]!.emit({ type: 'stopped' });
    await answer.ended;
    const stored = await store.turn(answer.turn.id);
    expect(stored?.usage).toEqual({ inputTokens: 12, outputTokens: 1 });
  });
});

describe('an interrupted answer', () => {
  test('still names the model that was writing it', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const answer = (await answers.open(ask('q')))!;
    await eventually(() => calls.length === 1);
    calls[0]!.emit({ type: 'text', text: 'half ' });
    await eventually(async () => (await store.db.count('chunks')) === 1, 'a stored chunk');
    // A new worker: the same database, no answer running.
    const restarted = new (store.constructor as typeof import('./history-store').HistoryStore)(store.db);
    expect(await restarted.recoverInterrupted()).toBe(1);
    expect(await restarted.turn(answer.turn.id)).toMatchObject({ status: 'interrupted', model: 'test-model' });
  });
});
