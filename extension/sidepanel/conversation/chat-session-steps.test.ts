/** An answer with tool steps in the panel: steps between its parts, and the user's decisions. */
import { describe, expect, test } from 'vitest';
import type { ToolStep } from '../../shared/tools/tool-steps';
import { chunk, conversation, fakeSession, storedTurn } from './test-support';

const step = (over: Partial<ToolStep> = {}): ToolStep => ({
  id: 'r0-c1',
  round: 0,
  at: 6,
  tool: 'get_weather',
  source: 'My server',
  arguments: { city: 'Paris' },
  status: 'waiting',
  ...over,
});

/** A conversation whose one answer is being written (followed after opening). */
async function live() {
  const turn = storedTurn('a', { status: 'streaming', answer: '' });
  const fake = fakeSession({
    c: { conversation: conversation('c', { leafId: 'a' }), turns: [turn], live: ['a'], damaged: 0 },
  });
  await fake.session.open('c');
  return { ...fake, turn, port: fake.ports.last() };
}

describe('tool steps in the panel', () => {
  test('a new step ends the part before it; a changed one does not start another', async () => {
    const fake = await live();
    fake.port.emit({ type: 'turn', turn: fake.turn, conversation: conversation('c') });
    fake.port.emit(chunk('Hello.', ['<p>Hello.</p>'], ''), { type: 'step', step: step() });
    fake.port.emit({ type: 'step', step: step({ status: 'running' }) }, chunk('It is', [], '<p>It is</p>'));
    expect(fake.session.answer('a').html()).toBe('<p>Hello.</p><steps/><p>It is</p>');
    expect(fake.view().state.turns.a?.steps).toEqual([step({ status: 'running' })]);
  });

  test('joining an answer after its steps shows the parts before the one being written', async () => {
    const fake = await live();
    fake.port.emit({
      type: 'turn',
      turn: { ...fake.turn, steps: [step()] },
      conversation: conversation('c'),
      parts: ['<p>Hello.</p>'],
    });
    expect(fake.session.answer('a').html()).toBe('<p>Hello.</p><steps/>');
  });

  test('a decision goes to the worker on the port that follows the turn', async () => {
    const fake = await live();
    fake.port.emit({ type: 'turn', turn: fake.turn, conversation: conversation('c') });
    fake.session.approve('a', 'r0-c1', 'once');
    fake.session.approve('other', 'r0-c1', 'deny');
    expect(fake.port.posted.filter((c) => c.type === 'approve')).toEqual([
      { type: 'approve', callId: 'r0-c1', decision: 'once' },
    ]);
  });

  test('a stored answer with steps opens in parts; Answer without tools asks again without them', async () => {
    const turn = storedTurn('a', {
      status: 'error',
      steps: [step({ status: 'done' })],
      html: '',
      parts: ['<p>A</p>', '<p>B</p>'],
    });
    const fake = fakeSession({
      c: { conversation: conversation('c', { leafId: 'a' }), turns: [turn], live: [], damaged: 0 },
    });
    await fake.session.open('c');
    expect(fake.session.answer('a').html()).toBe('<p>A</p><steps/><p>B</p>');
    fake.session.carryOn('a', 'tools');
    expect(fake.ports.last().posted[0]).toMatchObject({ type: 'continue', turnId: 'a', withoutTools: true });
  });
});
