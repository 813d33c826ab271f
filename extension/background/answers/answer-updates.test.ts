/** A panel that takes an update's events together: one message per update, the same events, in order. */
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { ChatEvent } from '../../shared/protocol';
import type { CoreMessage } from '../core';
import type { Post } from '../providers/provider-stream';
import { askRequest, eventually, freshStore, loadCore, scripted, SETTINGS } from '../test-support';
import type { OfferedTool, ToolSource } from '../tools/tool-source';
import type { Follower } from './answer';
import { AnswerRegistry } from './answer-registry';
import { UPDATE_MS } from './update-rate';

beforeAll(loadCore);

/** A follower that takes updates whole (`all`), keeping each message as it came. */
function batched() {
  const messages: ChatEvent[][] = [];
  const follower: Follower = Object.assign((e: ChatEvent) => messages.push([e]), {
    all: (events: readonly ChatEvent[]) => messages.push([...events]),
  });
  return { follower, messages, events: () => messages.flat() };
}

test('an update’s text, model and counts reach the panel as one message, the same events in the same order', async () => {
  const store = await freshStore();
  const { answers, calls } = scripted(store);
  const answer = (await answers.open(askRequest()))!;
  const plain: ChatEvent[] = [];
  const together = batched();
  answer.follow((e) => plain.push(e));
  answer.follow(together.follower);
  await eventually(() => calls.length === 1, 'the request');
  calls[0]!.emit(
    { type: 'text', text: 'Hello' },
    { type: 'model', name: 'm-1' },
    { type: 'usage', inputTokens: 3, outputTokens: 1 },
  );
  await eventually(() => plain.some((e) => e.type === 'usage'), 'the first update');
  calls[0]!.emit({ type: 'text', text: ' world.' }, { type: 'done', reason: 'stop' });
  await answer.ended;
  // Every follower has been told the end once `ended` settles.
  expect(plain.at(-1)).toEqual({ type: 'done', reason: 'stop' });
  expect(together.events()).toEqual(plain);
  expect(plain.map((e) => e.type)).toEqual(['turn', 'chunk', 'model', 'usage', 'chunk', 'chunk', 'done']);
  expect(together.messages.map((m) => m.map((e) => e.type))).toEqual([
    ['turn'],
    ['chunk', 'model', 'usage'],
    ['chunk', 'chunk', 'done'],
  ]);
});

test('a panel whose messages fail is dropped, and the answer goes on for the others and is stored', async () => {
  const store = await freshStore();
  const { answers, calls } = scripted(store);
  const answer = (await answers.open(askRequest()))!;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const broken: Follower = Object.assign(() => undefined, {
    all: () => {
      throw new Error('Attempting to use a disconnected port object');
    },
  });
  const together = batched();
  answer.follow(broken);
  answer.follow(together.follower);
  await eventually(() => calls.length === 1, 'the request');
  calls[0]!.emit({ type: 'text', text: 'Hi' }, { type: 'model', name: 'm-1' }, { type: 'done', reason: 'stop' });
  await answer.ended;
  expect(together.events().at(-1)).toEqual({ type: 'done', reason: 'stop' });
  expect(await store.turn(answer.turn.id)).toMatchObject({ status: 'done', answer: 'Hi' });
});

describe('a round of the tool loop', () => {
  const echo: OfferedTool = {
    source: 'S',
    serverId: 's',
    tool: 'echo',
    description: '',
    parameters: {},
    policy: 'allow',
  };

  /** A loop whose one tool answers after `callMs`. */
  async function loop(callMs = 0) {
    const store = await freshStore();
    const writes: string[][] = [];
    /** Writes of rounds and model requests, in the order they happened. */
    const order: string[] = [];
    const save = store.storeUpdate.bind(store);
    store.storeUpdate = (update) => {
      // The rounds written: their steps' states, how many hold their messages, and their results.
      const rounds = update.rounds ?? [];
      const kept = rounds.filter((r) => r.kept).length;
      const results = rounds.reduce((n, r) => n + (r.kept?.results.length ?? 0), 0);
      const states = rounds.flatMap((r) => r.steps.map((s) => s.status));
      if (rounds.length > 0) writes.push([...states, `rounds ${String(kept)}, results ${String(results)}`]);
      if (rounds.length > 0) order.push(`write ${states.join()}`);
      return save(update);
    };
    const requests: { emit: Post; end: (m: CoreMessage) => void }[] = [];
    const source: ToolSource = {
      offered: () => Promise.resolve([echo]),
      call: () => new Promise((resolve) => setTimeout(() => resolve({ text: 'echoed', isError: false }), callMs)),
    };
    const settings = {
      ...SETTINGS,
      mcpServers: [{ id: 's', name: 'S', url: 'http://127.0.0.1:9/mcp', headerNames: [], enabled: true, policies: {} }],
    };
    const answers = new AnswerRegistry({
      store: async () => store,
      settings: async () => settings,
      withMaterial: async (m) => m.map(({ role, content }) => ({ role, content })),
      heartbeat: () => undefined,
      tools: { source, allowAlways: () => Promise.resolve() },
      stream: (_p, _m, post, _s, _t, options) =>
        new Promise<void>((resolve) => {
          const end = (m: CoreMessage) => {
            options?.onMessage?.(m);
            resolve();
          };
          requests.push({ emit: post, end });
          order.push('request');
        }),
    });
    return { store, writes, order, requests, answers };
  }

  /** The model's first answer: one call to `echo`, then it stops to have it run. */
  function callEcho(request: { emit: Post; end: (m: CoreMessage) => void }): void {
    const call = { id: 'c1', name: 'echo', arguments: {} };
    request.emit({ type: 'toolCall', ...call });
    request.emit({ type: 'done', reason: 'toolCalls' });
    request.end({ role: 'assistant', content: [{ type: 'toolCall', ...call }] });
  }

  test('a quick call’s start, run, end and result are written once, and reach the panel together', async () => {
    const { store, writes, order, requests, answers } = await loop();
    const answer = (await answers.open(askRequest()))!;
    const together = batched();
    answer.follow(together.follower);
    await eventually(() => requests.length === 1, 'the request');
    callEcho(requests[0]!);
    await eventually(() => requests.length === 2, 'the next request');
    await eventually(() => writes.length === 1, 'the round’s results written');
    // The call came and ended within one update: one write holds its end and its result (the
    // end is stored with the result, or a worker stopped just after would run the call again).
    expect(writes).toEqual([['done', 'rounds 1, results 1']]);
    // The next request leaves first; the write follows it instead of holding it up.
    expect(order).toEqual(['request', 'request', 'write done']);
    expect((await store.turn(answer.turn.id))?.rounds?.[0]?.results).toHaveLength(1);
    const steps = together.messages.map((m) => m.flatMap((e) => (e.type === 'step' ? [e.step.status] : [])));
    expect(steps.filter((s) => s.length > 0)).toEqual([['waiting', 'running', 'done']]);
    requests[1]!.emit({ type: 'text', text: 'Done.' });
    requests[1]!.emit({ type: 'done', reason: 'stop' });
    requests[1]!.end({ role: 'assistant', content: 'Done.' });
    await answer.ended;
    expect((await store.turn(answer.turn.id))?.steps?.map((s) => s.status)).toEqual(['done']);
  });

  test('a call that runs longer than an update shows running first, its end then written with its result', async () => {
    const { writes, requests, answers } = await loop(UPDATE_MS * 3);
    await answers.open(askRequest());
    await eventually(() => requests.length === 1, 'the request');
    callEcho(requests[0]!);
    await eventually(() => requests.length === 2, 'the next request');
    await eventually(() => writes.length === 2, 'the call’s end written');
    // Stopped right after the second write, the worker finds the result kept: Continue does not run it again.
    expect(writes).toEqual([
      ['running', 'rounds 1, results 0'],
      ['done', 'rounds 1, results 1'],
    ]);
  });
});
