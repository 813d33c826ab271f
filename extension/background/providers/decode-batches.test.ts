/**
 * A body decoded in batches, under fake timers: the decoder here records the bytes it is given
 * and reads each word as a piece of text ("END" as the answer's end). Then the same through
 * streamAnswer with the real core: Stop keeps what was read but not yet decoded.
 */
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import type { StreamEvent } from '../core';
import { DecodeBatches } from './decode-batches';
import { streamAnswer, type AnswerEvent } from './provider-stream';
import { loadCore } from '../test-support';

beforeAll(loadCore);
afterEach(() => vi.useRealTimers());

const EVERY_MS = 66;
const bytes = (text: string) => new TextEncoder().encode(text);

function batched() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  const decoded: string[] = [];
  const posted: StreamEvent[] = [];
  let ends = 0;
  const words = (text: string): StreamEvent[] =>
    text
      .split(' ')
      .filter(Boolean)
      .map((word) => (word === 'END' ? { type: 'done', reason: 'stop' } : { type: 'text', text: word }));
  const decoder = {
    push: (data: Uint8Array) => {
      const text = new TextDecoder().decode(data);
      if (text.includes('BROKEN')) throw new Error('the decoder broke');
      decoded.push(text);
      return words(text);
    },
    finish: (): StreamEvent[] => [{ type: 'done', reason: 'stop' }],
  };
  const batches = new DecodeBatches(
    decoder,
    EVERY_MS,
    (e) => posted.push(e),
    () => ends++,
  );
  return { batches, decoded, posted, ends: () => ends };
}

test('bytes are decoded at once until text comes, then what follows within the interval in one batch', async () => {
  const { batches, decoded } = batched();
  batches.add(bytes(' '));
  batches.add(bytes('one '));
  expect(decoded).toEqual([' ', 'one ']);
  decoded.shift();
  for (const word of ['two ', 'three ', 'four ']) {
    await vi.advanceTimersByTimeAsync(20);
    batches.add(bytes(word));
  }
  expect(decoded).toEqual(['one ']);
  await vi.advanceTimersByTimeAsync(EVERY_MS - 60);
  expect(decoded).toEqual(['one ', 'two three four ']);
  // After a quiet spell, bytes are decoded as they come.
  await vi.advanceTimersByTimeAsync(500);
  batches.add(bytes('five '));
  expect(decoded).toEqual(['one ', 'two three four ', 'five ']);
});

test("the body's end decodes what waits at once, then the decoder's last word", () => {
  const { batches, decoded, posted } = batched();
  batches.add(bytes('one '));
  batches.add(bytes('two '));
  batches.end();
  expect(decoded).toEqual(['one ', 'two ']);
  expect(posted.map((e) => e.type)).toEqual(['text', 'text', 'done']);
});

test('an end decoded from a batch that waited stops the reading, and nothing after it is decoded', async () => {
  const { batches, posted, ends } = batched();
  batches.add(bytes('one '));
  batches.add(bytes('two END three '));
  expect(ends()).toBe(0);
  await vi.advanceTimersByTimeAsync(EVERY_MS);
  expect(ends()).toBe(1);
  expect(batches.add(bytes('four '))).toBe(true);
  batches.end();
  expect(posted).toEqual([
    { type: 'text', text: 'one' },
    { type: 'text', text: 'two' },
    { type: 'done', reason: 'stop' },
  ]);
});

test("Stop keeps the text read but not yet decoded: it comes before 'stopped'", async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  let body!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (body = c) });
  const fetchFn: typeof fetch = async (_url, init) => {
    init?.signal?.addEventListener('abort', () => body.error(new DOMException('aborted', 'AbortError')));
    return new Response(stream);
  };
  const piece = (text: string) =>
    body.enqueue(bytes(`data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`));
  const events: AnswerEvent[] = [];
  const stop = new AbortController();
  const provider = {
    id: 'p',
    preset: 'custom',
    name: 'T',
    kind: 'openai',
    baseUrl: 'http://127.0.0.1:1/v1',
    apiKey: '',
    model: 'm',
  } as const;
  const ended = streamAnswer(
    provider,
    [{ role: 'user', content: 'q' }],
    (e) => events.push(e),
    stop.signal,
    { firstByteSeconds: 30, idleSeconds: 30 },
    { batchMs: EVERY_MS },
    fetchFn,
  );
  await vi.advanceTimersByTimeAsync(1);
  piece('Hello');
  await vi.advanceTimersByTimeAsync(10);
  piece(', world');
  await vi.advanceTimersByTimeAsync(10);
  expect(events).toEqual([{ type: 'text', text: 'Hello' }]);
  stop.abort();
  await ended;
  expect(events).toEqual([{ type: 'text', text: 'Hello' }, { type: 'text', text: ', world' }, { type: 'stopped' }]);
});

test('a decoder that fails on a batch that waited ends the answer with a message, and the reading stops', async () => {
  const { batches, posted, ends } = batched();
  batches.add(bytes('one '));
  batches.add(bytes('BROKEN '));
  await vi.advanceTimersByTimeAsync(EVERY_MS);
  expect(posted).toEqual([
    { type: 'text', text: 'one' },
    { type: 'error', code: 'bad_response', message: 'the decoder broke' },
  ]);
  expect(ends()).toBe(1);
});
