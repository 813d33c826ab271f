/** streamAnswer against the real core with a scripted fetch: what it passes on, in order. */
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { StoredProvider } from '../../shared/settings';
import { streamAnswer, type AnswerEvent } from './provider-stream';
import { loadCore } from '../test-support';

beforeAll(loadCore);

const provider: StoredProvider = {
  id: 'p',
  preset: 'custom',
  name: 'Test',
  kind: 'openai',
  baseUrl: 'http://127.0.0.1:1/v1',
  apiKey: '',
  model: 'm',
};
const timeouts = { firstByteSeconds: 30, idleSeconds: 30 };
const question = [{ role: 'user' as const, content: 'q' }];

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
}

async function run(
  fetchFn: typeof fetch,
  signal = new AbortController().signal,
  limits = timeouts,
): Promise<AnswerEvent[]> {
  const events: AnswerEvent[] = [];
  await streamAnswer(provider, question, (e) => events.push(e), signal, limits, {}, fetchFn);
  return events;
}

/** A fetch that honours its abort signal and otherwise never answers, or stalls after `chunks`. */
function stalling(chunks: string[] = []): typeof fetch {
  return async (_url, init) => {
    const signal = init?.signal ?? undefined;
    if (chunks.length === 0) {
      return new Promise<Response>((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
        signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body);
  };
}

/**
 * An answer under fake timers (and a fake clock, `Date` and `performance`), fed a piece at a
 * time: `piece` sends one and lets `ms` pass, `end` finishes the stream.
 */
function fedAnswer(idleSeconds: number) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const events: AnswerEvent[] = [];
  const limits = { firstByteSeconds: 30, idleSeconds };
  const signal = new AbortController().signal;
  // As a real fetch does, aborting errors the body.
  const fetchFn: typeof fetch = async (_url, init) => {
    init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    return new Response(body);
  };
  const ended = streamAnswer(provider, question, (e) => events.push(e), signal, limits, {}, fetchFn);
  const send = (data: string) => controller.enqueue(encoder.encode(`data: ${data}\n\n`));
  return {
    events,
    ended,
    async piece(text: string, ms: number) {
      send(JSON.stringify({ choices: [{ delta: { content: text } }] }));
      await vi.advanceTimersByTimeAsync(ms);
    },
    async end() {
      send('[DONE]');
      controller.close();
      await ended;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('streamAnswer', () => {
  test('passes on text, usage and done, in order', async () => {
    const body = streamOf(
      'data: {"choices":[{"delta":{"content":"# Hi"}}]}\n\n',
      'data: {"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":1}}\n\ndata: [DONE]\n\n',
    );
    const events = await run(async () => new Response(body));
    expect(events).toEqual([
      { type: 'text', text: '# Hi' },
      { type: 'usage', inputTokens: 3, outputTokens: 1 },
      { type: 'done', reason: 'stop' },
    ]);
  });

  test('sends no authorization header without a key, and never cookies', async () => {
    let init: RequestInit | undefined;
    await run(async (_url, i) => {
      init = i;
      return new Response(streamOf('data: [DONE]\n\n'));
    });
    expect(init?.headers).not.toHaveProperty('authorization');
    expect(init?.credentials).toBe('omit');
  });

  test('follows no redirect: a 3xx is an error that names the provider and the fix', async () => {
    let init: RequestInit | undefined;
    const events = await run(async (_url, i) => {
      init = i;
      return new Response(null, { status: 307, headers: { location: 'https://elsewhere.example/' } });
    });
    expect(init?.redirect).toBe('manual');
    expect(events).toEqual([
      {
        type: 'error',
        code: 'bad_response',
        message: expect.stringMatching(/^http:\/\/127\.0\.0\.1:1 answered with a redirect.*Check the base URL\.$/),
      },
    ]);
  });

  test('a key never goes over plain http to a public host; to a local one it does', async () => {
    const fetched: string[] = [];
    const fetchFn: typeof fetch = async (url) => {
      fetched.push(url as string); // streamAnswer passes the core's URL string
      return new Response(streamOf('data: [DONE]\n\n'));
    };
    const events: AnswerEvent[] = [];
    const post = (e: AnswerEvent) => events.push(e);
    const signal = new AbortController().signal;
    const publicHttp = { ...provider, baseUrl: 'http://api.example.com/v1', apiKey: 'sk-1' };
    await streamAnswer(publicHttp, question, post, signal, timeouts, {}, fetchFn);
    expect(fetched).toEqual([]);
    expect(events).toEqual([
      { type: 'error', code: 'bad_request', message: expect.stringContaining('to http://api.example.com over plain') },
    ]);
    await streamAnswer(
      { ...publicHttp, baseUrl: 'http://192.168.1.5:8080/v1' },
      question,
      post,
      signal,
      timeouts,
      {},
      fetchFn,
    );
    await streamAnswer({ ...publicHttp, apiKey: '' }, question, post, signal, timeouts, {}, fetchFn);
    expect(fetched).toEqual([
      'http://192.168.1.5:8080/v1/chat/completions',
      'http://api.example.com/v1/chat/completions',
    ]);
  });

  test('a provider whose saved key was held back sends nothing, not even the question without it', async () => {
    const fetchFn = vi.fn<typeof fetch>();
    const events: AnswerEvent[] = [];
    const moved = { ...provider, baseUrl: 'https://evil.example/v1', keyHeldFor: 'https://api.openai.com' };
    await streamAnswer(moved, question, (e) => events.push(e), new AbortController().signal, timeouts, {}, fetchFn);
    expect(fetchFn).not.toHaveBeenCalled();
    expect(events).toEqual([
      {
        type: 'error',
        code: 'bad_request',
        message: expect.stringContaining(
          'goes only to https://api.openai.com, and its base URL now points to https://evil.example',
        ),
      },
    ]);
  });

  test('an HTTP error becomes one error event', async () => {
    const events = await run(async () => new Response('{"error":{"message":"nope"}}', { status: 401 }));
    expect(events).toMatchObject([{ type: 'error', code: 'auth', message: expect.stringContaining('nope') }]);
  });

  test('a failed fetch is a network error naming the origin', async () => {
    const events = await run(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(events).toMatchObject([
      { type: 'error', code: 'network', message: expect.stringContaining('http://127.0.0.1:1.') },
    ]);
    // The browser's words are not the provider's: nothing is quoted as if the provider said it.
    expect(JSON.stringify(events)).not.toContain('Failed to fetch');
    expect(JSON.stringify(events)).not.toContain('Provider said');
  });

  test('no first byte in time ends with a timeout error', async () => {
    const events = await run(stalling(), undefined, { firstByteSeconds: 0.05, idleSeconds: 30 });
    expect(events).toMatchObject([
      { type: 'error', code: 'timeout', message: expect.stringContaining('did not answer within') },
    ]);
  });

  test('a stall mid-answer keeps the text and ends with a timeout error', async () => {
    const events = await run(stalling(['data: {"choices":[{"delta":{"content":"partial"}}]}\n\n']), undefined, {
      firstByteSeconds: 30,
      idleSeconds: 0.05,
    });
    expect(events.map((e) => e.type)).toEqual(['text', 'error']);
    expect(events[1]).toMatchObject({ code: 'timeout', message: expect.stringContaining('stopped sending data') });
  });

  test('data that keeps coming, each piece within the idle limit, is never cut however long it takes', async () => {
    const answer = fedAnswer(10);
    // 12 pieces 6 s apart: 72 s in all, past seven idle limits of 10 s.
    for (let i = 0; i < 12; i++) await answer.piece('x', 6000);
    await answer.end();
    expect(answer.events.filter((e) => e.type === 'text')).toHaveLength(12);
    expect(answer.events.at(-1)).toMatchObject({ type: 'done' });
  });

  test('the system clock changing neither cuts an answer nor keeps a stalled one waiting', async () => {
    const hour = 3_600_000;
    // Set an hour ahead 2 s after a piece: the idle limit (10 s) is not up, however it reads.
    const ahead = fedAnswer(10);
    await ahead.piece('a', 8000);
    await ahead.piece('b', 1000);
    vi.setSystemTime(Date.now() + hour);
    await vi.advanceTimersByTimeAsync(3000);
    expect(ahead.events.map((e) => e.type)).toEqual(['text', 'text']);
    await ahead.piece('c', 1000);
    await ahead.end();
    expect(ahead.events.map((e) => e.type)).toEqual(['text', 'text', 'text', 'done']);
    // Set an hour back: a stream that stops is still cut 10 s after its last piece, not an hour on.
    const back = fedAnswer(10);
    await back.piece('a', 8000);
    await back.piece('b', 1000);
    vi.setSystemTime(Date.now() - hour);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(back.events.at(-1)).toMatchObject({ type: 'error', code: 'timeout' });
    await back.ended;
  });

  test('reasoning is forwarded apart from the answer', async () => {
    const body = streamOf(
      'data: {"choices":[{"delta":{"reasoning_content":"hmm"}}]}\n\n',
      'data: {"choices":[{"delta":{"content":"ok"}}]}\n\ndata: [DONE]\n\n',
    );
    const events = await run(async () => new Response(body));
    expect(events[0]).toEqual({ type: 'reasoning', text: 'hmm' });
  });

  test('aborting ends with stopped, after the text so far', async () => {
    const abort = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: {"choices":[{"delta":{"content":"partial"}}]}\n\n'));
        abort.signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    const pending = run(async () => new Response(body), abort.signal);
    await new Promise((r) => setTimeout(r, 10));
    abort.abort();
    const events = await pending;
    expect(events).toEqual([{ type: 'text', text: 'partial' }, { type: 'stopped' }]);
  });
});
