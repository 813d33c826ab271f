/** Continue and Regenerate are pending from the click until the worker takes them up: a second click sends nothing. */
import { describe, expect, test } from 'vitest';
import { conversation, fakeSession, storedTurn } from './test-support';

/** A conversation whose one answer was stopped part way. */
async function stopped() {
  const turn = storedTurn('a', { answer: 'half', status: 'stopped', html: '<p>half</p>' });
  const fake = fakeSession({
    c: { conversation: conversation('c', { leafId: 'a' }), turns: [turn], live: [], damaged: 0 },
  });
  await fake.session.open('c');
  return { ...fake, turn };
}

describe('a pending command', () => {
  test('a double Continue sends one command, and the button is pending until the worker sends the turn', async () => {
    const fake = await stopped();
    fake.session.carryOn('a');
    fake.session.carryOn('a');
    expect(fake.ports.opened).toHaveLength(1);
    expect(fake.view().pending).toEqual(['a']);
    fake.ports
      .last()
      .emit({ type: 'turn', turn: { ...fake.turn, status: 'streaming' }, conversation: conversation('c') });
    expect(fake.view().pending).toEqual([]);
    expect(fake.view().state.turns.a?.status).toBe('streaming');
  });

  test('a double Regenerate asks for one new version', async () => {
    const fake = await stopped();
    fake.session.regenerate('a');
    fake.session.regenerate('a');
    expect(fake.ports.opened).toHaveLength(1);
    expect(Object.keys(fake.view().state.turns)).toHaveLength(2);
    expect(fake.view().pending).toEqual(['a']);
  });

  test('a refused Continue is no longer pending, and can be clicked again', async () => {
    const fake = await stopped();
    fake.session.carryOn('a');
    fake.ports.last().emit({ type: 'error', code: 'bad_request', message: 'No.' });
    expect(fake.view()).toMatchObject({ pending: [], notice: 'No.' });
    fake.session.carryOn('a');
    expect(fake.ports.opened).toHaveLength(2);
  });

  test('a Continue whose port drops is no longer pending', async () => {
    const fake = await stopped();
    fake.session.carryOn('a');
    fake.ports.last().drop();
    expect(fake.view().pending).toEqual([]);
  });

  test('a Continue waiting for its model to load has heard no data yet: the panel says it is loading, not that text stalled', async () => {
    const fake = await stopped();
    fake.session.carryOn('a');
    const worker = fake.ports.last();
    worker.emit({ type: 'turn', turn: { ...fake.turn, status: 'streaming' }, conversation: conversation('c') });
    worker.emit({ type: 'modelLoading', loading: true }, { type: 'modelLoading', loading: false });
    expect(fake.session.heardFrom('a')).toBeNull();
    expect(fake.view().state.turns.a?.modelLoading).toBe(false);
  });
});
