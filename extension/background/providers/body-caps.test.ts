/** The worker reads error bodies and model lists only up to their caps (read-body.ts). */
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { listModels } from './probe';
import { streamAnswer, type AnswerEvent } from './provider-stream';
import { MAX_ERROR_BODY, MAX_MODEL_LIST } from '../../shared/read-body';
import { loadCore, PROVIDER as provider } from '../test-support';

beforeAll(loadCore);
afterEach(() => {
  vi.unstubAllGlobals();
});

const KB = new TextEncoder().encode('x'.repeat(1024));

/** A response of `status` whose body is `first` then `kilobytes` KB of filler, recording how much was read. */
function bigResponse(status: number, kilobytes: number, first = '') {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.pulled += 1;
      if (seen.pulled === 1 && first) controller.enqueue(new TextEncoder().encode(first));
      else if (seen.pulled <= kilobytes + 1) controller.enqueue(KB);
      else controller.close();
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { response: new Response(body, { status }), seen };
}

describe('body caps', () => {
  test('an answer refused with a 10 MB error body reads only the first 64 KB of it', async () => {
    const { response, seen } = bigResponse(500, 10 * 1024, '{"error":{"message":"overloaded"}}');
    const events: AnswerEvent[] = [];
    const timeouts = { firstByteSeconds: 30, idleSeconds: 30 };
    const question = [{ role: 'user' as const, content: 'q' }];
    await streamAnswer(
      provider,
      question,
      (e) => events.push(e),
      new AbortController().signal,
      timeouts,
      {},
      () => Promise.resolve(response),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'error', code: 'server' });
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(MAX_ERROR_BODY / 1024 + 2);
  });

  test('a model list over its cap is refused with a clear message, unread past the cap', async () => {
    const { response, seen } = bigResponse(200, MAX_MODEL_LIST / 1024 + 100, '{"data":[');
    vi.stubGlobal('fetch', () => Promise.resolve(response));
    const listed = await listModels({ kind: 'openai', baseUrl: 'http://127.0.0.1:1/v1' });
    expect(listed).toEqual({
      ok: false,
      message: expect.stringContaining('model list is larger than 8 MB') as unknown,
    });
    expect(seen.cancelled).toBe(true);
  });

  test('a model list within its cap is read whole', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{"data":[{"id":"b"},{"id":"a"}]}')));
    const listed = await listModels({ kind: 'openai', baseUrl: 'http://127.0.0.1:1/v1' });
    expect(listed).toEqual({ ok: true, models: [{ id: 'a' }, { id: 'b' }] });
  });

  test('a refused model list reads only the first 64 KB of its error body', async () => {
    const { response, seen } = bigResponse(401, 10 * 1024, '{"error":{"message":"bad key"}}');
    vi.stubGlobal('fetch', () => Promise.resolve(response));
    const listed = await listModels({ kind: 'openai', baseUrl: 'http://127.0.0.1:1/v1' });
    expect(listed).toMatchObject({ ok: false, message: expect.stringContaining('bad key') as unknown });
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(MAX_ERROR_BODY / 1024 + 2);
  });
});
