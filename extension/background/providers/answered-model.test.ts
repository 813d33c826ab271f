/**
 * The model a response names, through the worker: Test connection says which model answered
 * (and when it is not the one typed), and an answer stores and sends it. The bodies are the
 * core's golden fixtures (tests/fixtures/openai/*: recorded from llama.cpp and OpenAI).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ChatEvent } from '../../shared/protocol';
import { testProvider } from './probe';
import { eventually, freshStore, loadCore, scripted } from '../test-support';

beforeAll(loadCore);

const fixture = (name: string) =>
  readFileSync(
    new URL(`../../../crates/gloss-core/tests/fixtures/openai/${name}/response.sse`, import.meta.url),
    'utf8',
  );

/** A fetch answering every request with `body` as an SSE stream. */
const answering = (body: string): typeof fetch => {
  return async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } });
};

const draft = (model: string) => ({ kind: 'openai' as const, baseUrl: 'http://127.0.0.1:8080/v1', model });

describe('Test connection', () => {
  test('says so when the server answered with another model than the one typed (llama.cpp)', async () => {
    const outcome = await testProvider(draft('local'), answering(fixture('llamacpp_recorded')));
    expect(outcome).toEqual({
      ok: true,
      message:
        'Connected — but you asked for local, and the server answered with SmolLM2-135M-Instruct.Q4_1.gguf: “The rainbow is often associated with three colours: blue, re”.',
    });
  });

  test('names the snapshot that answered for an alias, without calling it another model', async () => {
    const outcome = await testProvider(draft('gpt-4o-mini'), answering(fixture('length_limit')));
    expect(outcome.message).toBe('Connected — answered by gpt-4o-mini-2024-07-18: “The answer is cut”.');
  });

  test('does not claim a model the response did not name', async () => {
    const body = 'data: {"choices":[{"delta":{"content":"OK"}}]}\n\ndata: [DONE]\n\n';
    const outcome = await testProvider(draft('typed-model'), answering(body));
    expect(outcome.message).toBe('Connected: the server replied “OK” without naming its model.');
    expect(outcome.message).not.toContain('typed-model');
  });
});

describe('an answer', () => {
  test('stores the model the response named and tells its panels', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const ids = { conversationId: crypto.randomUUID(), turnId: crypto.randomUUID() };
    const answer = (await answers.open({ type: 'ask', ...ids, parentId: null, question: 'q' }))!;
    await eventually(() => calls.length === 1);
    const seen: ChatEvent[] = [];
    answer.follow((e) => seen.push(e));
    calls[0]!.emit(
      { type: 'model', name: 'SmolLM2-135M-Instruct.Q4_1.gguf' },
      { type: 'text', text: 'Hi' },
      { type: 'done', reason: 'stop' },
    );
    await answer.ended;
    expect(await store.turn(answer.turn.id)).toMatchObject({
      status: 'done',
      model: 'test-model',
      answeredBy: 'SmolLM2-135M-Instruct.Q4_1.gguf',
    });
    expect(seen).toContainEqual({ type: 'model', name: 'SmolLM2-135M-Instruct.Q4_1.gguf' });
  });
});
