/** A model on this computer loading before it answers: the panel is told, and told again when it reopens. */
import { beforeAll, describe, expect, test } from 'vitest';
import { UPDATE_MS } from './update-rate';
import { askRequest, eventually, freshStore, loadCore, panel, scripted } from '../test-support';

beforeAll(loadCore);

const ask = askRequest;

async function asked() {
  const store = await freshStore();
  const { answers, calls } = scripted(store);
  const answer = (await answers.open(ask()))!;
  const first = panel();
  answer.follow(first.follower);
  await eventually(() => calls.length === 1);
  return { store, answers, call: calls[0]!, answer, first };
}

describe('a model loading before the answer', () => {
  test('is passed on to the panel as it starts and ends, and not stored with the turn', async () => {
    const { store, call, answer, first } = await asked();
    call.emit({ type: 'modelLoading', loading: true });
    await eventually(() => first.types().includes('modelLoading'));
    call.emit({ type: 'modelLoading', loading: false }, { type: 'text', text: 'Hi' }, { type: 'done', reason: 'stop' });
    await answer.ended;
    expect(first.events.filter((e) => e.type === 'modelLoading')).toEqual([
      { type: 'modelLoading', loading: true },
      { type: 'modelLoading', loading: false },
    ]);
    expect(await store.turn(answer.turn.id)).not.toHaveProperty('modelLoading');
  });

  test('a panel that reopens while it loads is told so; one that reopens after it loaded is not', async () => {
    const { answers, call, answer, first } = await asked();
    call.emit({ type: 'modelLoading', loading: true });
    await eventually(() => first.types().includes('modelLoading'));
    answer.unfollow(first.follower);
    const during = panel();
    (await answers.open({ type: 'attach', turnId: answer.turn.id }))!.follow(during.follower);
    expect(during.events).toContainEqual({ type: 'modelLoading', loading: true });
    answer.unfollow(during.follower);
    call.emit({ type: 'modelLoading', loading: false });
    await new Promise((resolve) => setTimeout(resolve, 3 * UPDATE_MS)); // its batch is handled
    const after = panel();
    (await answers.open({ type: 'attach', turnId: answer.turn.id }))!.follow(after.follower);
    expect(after.types()).toEqual(['turn']);
    call.emit({ type: 'done', reason: 'stop' });
    await answer.ended;
  });
});
