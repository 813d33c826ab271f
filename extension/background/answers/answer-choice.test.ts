/** The provider and model chosen in the header belong to the conversation: kept with it, used by every answer in it. */
import { beforeAll, expect, test } from 'vitest';
import { eventually, freshStore, loadCore, PROVIDER, scripted, SETTINGS } from '../test-support';
import type { StoredSettings } from '../../shared/settings';

beforeAll(loadCore);

const SECOND = { ...PROVIDER, id: 'q', name: 'Second', model: 'second-default' };
const TWO: StoredSettings = { ...SETTINGS, providers: [PROVIDER, SECOND] };

const ask = (conversationId: string, choice: { providerId?: string; model?: string } = {}) => ({
  type: 'ask' as const,
  conversationId,
  turnId: crypto.randomUUID(),
  parentId: null,
  question: 'Why?',
  ...choice,
});

test('a model chosen for a new conversation is stored with it and asked for', async () => {
  const store = await freshStore();
  const { answers, calls } = scripted(store, TWO);
  const id = crypto.randomUUID();
  const answer = await answers.open(ask(id, { providerId: 'q', model: 'second-fast' }));
  await eventually(() => calls.length === 1, 'the request');
  expect(calls[0]).toMatchObject({ providerId: 'q', model: 'second-fast' });
  calls[0]?.emit({ type: 'done', reason: 'stop' });
  await answer?.ended;
  expect(await store.conversation(id)).toMatchObject({ providerId: 'q', model: 'second-fast' });
  const [turn] = await store.turns(id);
  expect(turn?.model).toBe('second-fast');
});

test('Regenerate and Continue without a choice use the conversation’s provider and model', async () => {
  const store = await freshStore();
  const { answers, calls } = scripted(store, TWO);
  const id = crypto.randomUUID();
  const first = ask(id, { providerId: 'q', model: 'second-fast' });
  const answer = await answers.open(first);
  await eventually(() => calls.length === 1);
  calls[0]?.emit({ type: 'text', text: 'Because.' });
  calls[0]?.emit({ type: 'done', reason: 'stop' });
  await answer?.ended;
  const again = await answers.open({ type: 'regenerate', of: first.turnId, turnId: crypto.randomUUID() });
  await eventually(() => calls.length === 2);
  expect(calls[1]).toMatchObject({ providerId: 'q', model: 'second-fast' });
  calls[1]?.emit({ type: 'done', reason: 'stop' });
  await again?.ended;
});

test('a model chosen for a provider since removed is not sent to the default provider', async () => {
  const store = await freshStore();
  const { answers, calls } = scripted(store, SETTINGS);
  const answer = await answers.open(ask(crypto.randomUUID(), { providerId: 'gone', model: 'gone-model' }));
  await eventually(() => calls.length === 1);
  expect(calls[0]).toMatchObject({ providerId: 'p', model: undefined });
  calls[0]?.emit({ type: 'done', reason: 'stop' });
  await answer?.ended;
});
