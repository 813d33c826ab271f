/** A failed or cut-off answer, tried again: in place when nothing arrived, carried on when something did. */
import { beforeAll, describe, expect, test } from 'vitest';
import { CONTINUE_PROMPT } from './prompt';
import { eventually, freshStore, loadCore, scripted } from './test-support';

beforeAll(loadCore);

const ask = (question: string) => ({
  type: 'ask' as const,
  conversationId: crypto.randomUUID(),
  turnId: crypto.randomUUID(),
  parentId: null,
  question,
});

describe('trying a failed answer again', () => {
  test('one that received nothing is asked again in the same turn, with no version added', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const first = (await answers.open(ask('q')))!;
    await eventually(() => calls.length === 1);
    calls[0]!.emit({ type: 'reasoning', text: 'hmm' }, { type: 'error', code: 'server', message: 'HTTP 500' });
    await first.ended;

    const again = (await answers.open({ type: 'continue', turnId: first.turn.id }))!;
    await eventually(() => calls.length === 2);
    // Asked afresh: no empty assistant message, no "continue" prompt, no old reasoning.
    expect(calls[1]!.messages).toEqual([{ role: 'user', content: 'q' }]);
    calls[1]!.emit({ type: 'text', text: 'Fine now.' }, { type: 'done', reason: 'stop' });
    await again.ended;
    const stored = (await store.open(first.turn.conversationId))!.value;
    expect(stored.turns).toHaveLength(1);
    expect(stored.turns[0]).toMatchObject({ answer: 'Fine now.', status: 'done', error: undefined });
    expect(stored.turns[0]?.reasoning).toBeUndefined();
  });

  test('one cut off after some text is carried on from it', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const first = (await answers.open(ask('q')))!;
    await eventually(() => calls.length === 1);
    calls[0]!.emit({ type: 'text', text: 'half ' }, { type: 'error', code: 'network', message: 'dropped' });
    await first.ended;
    await answers.open({ type: 'continue', turnId: first.turn.id });
    await eventually(() => calls.length === 2);
    expect(calls[1]!.messages.slice(-2)).toEqual([
      { role: 'assistant', content: 'half ' },
      { role: 'user', content: CONTINUE_PROMPT },
    ]);
  });
});
