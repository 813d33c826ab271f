/** An answer with tool calls, through the registry: steps where the text stood, kept as they change. */
import { beforeAll, expect, test } from 'vitest';
import type { StoredSettings } from '../../shared/settings';
import type { AnswerEvent, Post } from '../providers/provider-stream';
import type { CoreMessage, ToolSpec } from '../core';
import { eventually, freshStore, loadCore, panel, SETTINGS } from '../test-support';
import type { OfferedTool, ToolSource } from '../tools/tool-source';
import { AnswerRegistry } from './answer-registry';
import type { HistoryStore } from '../history/history-store';

beforeAll(loadCore);

const weather: OfferedTool = {
  serverId: 's1',
  source: 'My server',
  tool: 'get_weather',
  description: 'Weather now.',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
  policy: 'ask',
};
const settings: StoredSettings = {
  ...SETTINGS,
  mcpServers: [
    { id: 's1', name: 'My server', url: 'http://127.0.0.1:9/mcp', headerNames: [], enabled: true, policies: {} },
  ],
};

interface Request {
  messages: CoreMessage[];
  tools: ToolSpec[];
  emit: (...events: AnswerEvent[]) => void;
  end: (message: CoreMessage) => void;
}

async function setUp(existing?: HistoryStore) {
  const store = existing ?? (await freshStore());
  const requests: Request[] = [];
  const ran: unknown[] = [];
  const source: ToolSource = {
    offered: () => Promise.resolve([weather]),
    call: (_tool, args) => (ran.push(args), Promise.resolve({ text: '18 °C, light rain', isError: false })),
  };
  const answers = new AnswerRegistry({
    store: async () => store,
    settings: async () => settings,
    withMaterial: async (m) => m.map(({ role, content }) => ({ role, content })),
    heartbeat: () => undefined,
    tools: { source, allowAlways: () => Promise.resolve() },
    stream: (_provider, messages, post: Post, _signal, _timeouts, options) =>
      new Promise<void>((resolve) =>
        requests.push({
          messages,
          tools: options?.tools ?? [],
          emit: (...events) => events.forEach(post),
          end: (message) => {
            options?.onMessage?.(message);
            resolve();
          },
        }),
      ),
  });
  return { store, answers, requests, ran };
}

test('a call asks first, runs once allowed, sits where the text stood, and every step is stored', async () => {
  const { store, answers, requests, ran } = await setUp();
  const turnId = crypto.randomUUID();
  const ask = { type: 'ask' as const, conversationId: crypto.randomUUID(), turnId, parentId: null, question: 'Paris?' };
  const answer = (await answers.open(ask))!;
  const seen = panel();
  answer.follow(seen.follower);
  await eventually(() => requests.length === 1, 'the first request');
  expect(requests[0]!.tools.map((t) => t.name)).toEqual(['get_weather']);
  expect(requests[0]!.messages[0]).toMatchObject({
    role: 'system',
    content: expect.stringContaining('<<<tool result'),
  });
  const call = { id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } };
  requests[0]!.emit(
    { type: 'text', text: 'Let me check. ' },
    { type: 'toolCall', ...call },
    { type: 'done', reason: 'toolCalls' },
  );
  requests[0]!.end({
    role: 'assistant',
    content: [
      { type: 'text', text: 'Let me check. ' },
      { type: 'toolCall', ...call },
    ],
  });
  await eventually(async () => (await store.turn(turnId))?.steps?.[0]?.status === 'waiting', 'the waiting step stored');
  expect(ran).toEqual([]);
  expect((await store.turn(turnId))?.steps?.[0]).toMatchObject({ at: 14, tool: 'get_weather', source: 'My server' });
  answers.approve(turnId, 'r0-c1', 'once');
  await eventually(() => requests.length === 2, 'the second request');
  expect(ran).toEqual([{ city: 'Paris' }]);
  expect(requests[1]!.messages.at(-1)).toMatchObject({
    role: 'tool',
    toolCallId: 'c1',
    content: expect.stringContaining('18 °C'),
  });
  requests[1]!.emit({ type: 'text', text: 'It is 18 °C.' }, { type: 'done', reason: 'stop' });
  requests[1]!.end({ role: 'assistant', content: 'It is 18 °C.' });
  await answer.ended;
  const stored = await store.turn(turnId);
  expect(stored).toMatchObject({ status: 'done', answer: 'Let me check. It is 18 °C.' });
  expect(stored?.steps?.map((s) => s.status)).toEqual(['done']);
  expect(stored?.rounds).toHaveLength(1);
  // The panel saw the text before the step end its part, the step, then the text after it.
  const order = seen.types().filter((t) => t === 'chunk' || t === 'step' || t === 'done');
  expect(order.indexOf('step')).toBeGreaterThan(order.indexOf('chunk'));
  expect(order.at(-1)).toBe('done');
});

test('a tool switched off for the chat is never offered to the model', async () => {
  const { answers, requests } = await setUp();
  const ask = {
    type: 'ask' as const,
    conversationId: crypto.randomUUID(),
    turnId: crypto.randomUUID(),
    parentId: null,
    question: 'Paris?',
    toolsOff: ['s1/get_weather'],
  };
  await answers.open(ask);
  await eventually(() => requests.length === 1, 'the request');
  expect(requests[0]!.tools).toEqual([]);
  expect(requests[0]!.messages.some((m) => m.role === 'system')).toBe(false);
});

test('a worker stopped mid-call leaves the turn interrupted with its steps; Continue runs the call and goes on', async () => {
  const first = await setUp();
  const turnId = crypto.randomUUID();
  const ask = { type: 'ask' as const, conversationId: crypto.randomUUID(), turnId, parentId: null, question: 'Paris?' };
  await first.answers.open(ask);
  await eventually(() => first.requests.length === 1, 'the first request');
  const call = { id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } };
  first.requests[0]!.emit(
    { type: 'text', text: 'Checking. ' },
    { type: 'toolCall', ...call },
    { type: 'done', reason: 'toolCalls' },
  );
  first.requests[0]!.end({
    role: 'assistant',
    content: [
      { type: 'text', text: 'Checking. ' },
      { type: 'toolCall', ...call },
    ],
  });
  await eventually(async () => (await first.store.turn(turnId))?.rounds?.length === 1, 'the round stored');
  // The worker stops here, the call still waiting for the user: a new worker finds the turn.
  expect(await first.store.recoverInterrupted()).toBe(1);
  const stored = await first.store.turn(turnId);
  expect(stored).toMatchObject({ status: 'interrupted', answer: 'Checking. ' });
  expect(stored?.steps?.[0]?.status).toBe('waiting');

  const again = await setUp(first.store);
  const answer = (await again.answers.open({ type: 'continue', turnId }))!;
  await eventually(async () => (await again.store.turn(turnId))?.steps?.[0]?.status === 'waiting', 'asked again');
  again.answers.approve(turnId, 'r0-c1', 'once');
  await eventually(() => again.requests.length === 1, 'the next round');
  expect(again.ran).toEqual([{ city: 'Paris' }]);
  expect(again.requests[0]!.messages.slice(-2)).toMatchObject([
    { role: 'assistant' },
    { role: 'tool', toolCallId: 'c1' },
  ]);
  again.requests[0]!.emit({ type: 'text', text: 'It is 18 °C.' }, { type: 'done', reason: 'stop' });
  again.requests[0]!.end({ role: 'assistant', content: 'It is 18 °C.' });
  await answer.ended;
  expect(await again.store.turn(turnId)).toMatchObject({ status: 'done', answer: 'Checking. It is 18 °C.' });
});

test('Regenerate of an answer with tool steps is a new version that runs its own loop; the old keeps its steps', async () => {
  const { store, answers, requests } = await setUp();
  const turnId = crypto.randomUUID();
  const conversationId = crypto.randomUUID();
  await answers.open({ type: 'ask', conversationId, turnId, parentId: null, question: 'Paris?' });
  await eventually(() => requests.length === 1, 'the first request');
  const call = { id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } };
  requests[0]!.emit({ type: 'toolCall', ...call }, { type: 'done', reason: 'toolCalls' });
  requests[0]!.end({ role: 'assistant', content: [{ type: 'toolCall', ...call }] });
  await eventually(async () => (await store.turn(turnId))?.steps?.length === 1, 'the step');
  answers.approve(turnId, 'r0-c1', 'deny');
  await eventually(() => requests.length === 2, 'the answer after the denial');
  requests[1]!.emit({ type: 'text', text: 'I could not check.' }, { type: 'done', reason: 'stop' });
  requests[1]!.end({ role: 'assistant', content: 'I could not check.' });
  await eventually(async () => (await store.turn(turnId))?.status === 'done', 'the first version done');

  const versionId = crypto.randomUUID();
  const version = (await answers.open({ type: 'regenerate', of: turnId, turnId: versionId }))!;
  await eventually(() => requests.length === 3, 'the new version asked');
  expect(requests[2]!.tools.map((t) => t.name)).toEqual(['get_weather']);
  expect(requests[2]!.messages.some((m) => m.role === 'tool')).toBe(false);
  requests[2]!.emit({ type: 'text', text: 'Sunny.' }, { type: 'done', reason: 'stop' });
  requests[2]!.end({ role: 'assistant', content: 'Sunny.' });
  await version.ended;
  expect((await store.turn(turnId))?.steps?.[0]?.status).toBe('denied');
  expect(await store.turn(versionId)).toMatchObject({ status: 'done', answer: 'Sunny.' });
  expect((await store.turn(versionId))?.steps).toBeUndefined();
});
