import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ChatCompletionChunk } from '@wllama/wllama';
import { EngineFailure } from '../../shared/protocol/local-engine';
import { Engine, type LoadedModel } from './engine';

const ASK = { id: 'tiny', messages: [{ role: 'user' as const, content: 'Hi' }], maxTokens: 8 };

function chunk(content: string | null, finish: 'stop' | 'length' | null = null, usage?: object): ChatCompletionChunk {
  return {
    id: 'c',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'tiny',
    choices: [{ index: 0, delta: { content }, finish_reason: finish, logprobs: null }],
    ...(usage && { usage }),
  } as ChatCompletionChunk;
}

/** A model answering with `pieces`, or failing with `error`; it records what happens to it. */
function fakeModel(pieces: string[], options: { error?: Error; finish?: 'stop' | 'length' } = {}) {
  const log: string[] = [];
  const model = {
    createChatCompletion: (params: { abortSignal?: AbortSignal }) => {
      log.push('answer');
      return Promise.resolve(
        (async function* () {
          for (const piece of pieces) {
            await Promise.resolve();
            if (params.abortSignal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
            yield chunk(piece);
          }
          if (options.error) throw options.error;
          yield chunk(null, options.finish ?? 'stop', { prompt_tokens: 7, completion_tokens: pieces.length });
        })(),
      );
    },
    exit: async () => void log.push('exit'),
  } as unknown as LoadedModel;
  return { model, log };
}

describe('Engine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('streams the pieces and counts the tokens as llama.cpp reports them', async () => {
    const { model } = fakeModel(['Hel', 'lo']);
    const engine = new Engine(60_000, async () => model);
    const seen: string[] = [];
    const done = await engine.generate(ASK, (d) => seen.push(d), new AbortController().signal);
    expect(seen).toEqual(['Hel', 'lo']);
    expect(done).toEqual({ inputTokens: 7, outputTokens: 2, finish: 'stop' });
  });

  test('loads a model once, keeps it warm, and unloads it after the last answer’s wait', async () => {
    const { model, log } = fakeModel(['a']);
    const loads: string[] = [];
    const engine = new Engine(60_000, async (id) => {
      loads.push(id);
      return model;
    });
    await engine.generate(ASK, () => undefined, new AbortController().signal);
    await engine.generate(ASK, () => undefined, new AbortController().signal);
    expect(loads).toEqual(['tiny']);
    expect(engine.busy()).toBe(true);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(log).not.toContain('exit');
    await vi.advanceTimersByTimeAsync(1000);
    expect(log.at(-1)).toBe('exit');
    expect(engine.busy()).toBe(false);
  });

  test('says it is loading the model only when it loads one: cold, then warm, then cold again after the wait', async () => {
    const { model } = fakeModel(['a']);
    const engine = new Engine(60_000, async () => model);
    const heard: string[] = [];
    const ask = () =>
      engine.generate(
        ASK,
        (d) => heard.push(`text ${d}`),
        new AbortController().signal,
        (loading) => heard.push(loading ? 'loading' : 'loaded'),
      );
    await ask();
    expect(heard).toEqual(['loading', 'loaded', 'text a']);
    heard.length = 0;
    await ask();
    expect(heard).toEqual(['text a']);
    await vi.advanceTimersByTimeAsync(60_000);
    heard.length = 0;
    await ask();
    expect(heard).toEqual(['loading', 'loaded', 'text a']);
  });

  test('a second answer that waited while the first loaded the model hears no loading of its own', async () => {
    const { model } = fakeModel(['a']);
    const engine = new Engine(60_000, async () => model);
    const heard: string[] = [];
    const signal = new AbortController().signal;
    const first = engine.generate(
      ASK,
      () => undefined,
      signal,
      (l) => heard.push(`first ${String(l)}`),
    );
    const second = engine.generate(
      ASK,
      () => undefined,
      signal,
      (l) => heard.push(`second ${String(l)}`),
    );
    await Promise.all([first, second]);
    expect(heard).toEqual(['first true', 'first false']);
  });

  test('a model that fails to load is not reported loaded', async () => {
    const engine = new Engine(60_000, () => Promise.reject(new EngineFailure('engine', 'out of memory')));
    const heard: boolean[] = [];
    const run = engine.generate(
      ASK,
      () => undefined,
      new AbortController().signal,
      (l) => heard.push(l),
    );
    await expect(run).rejects.toMatchObject({ code: 'engine' });
    expect(heard).toEqual([true]);
  });

  test('answers one after another', async () => {
    const { model } = fakeModel(['1', '2', '3']);
    const engine = new Engine(60_000, async () => model);
    const order: string[] = [];
    const first = engine.generate(ASK, (d) => order.push(`a${d}`), new AbortController().signal);
    const second = engine.generate(ASK, (d) => order.push(`b${d}`), new AbortController().signal);
    await Promise.all([first, second]);
    expect(order).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3']);
  });

  test('a stopped answer rejects with an AbortError', async () => {
    const { model } = fakeModel(['1', '2', '3']);
    const engine = new Engine(60_000, async () => model);
    const stop = new AbortController();
    const run = engine.generate(ASK, () => stop.abort(), stop.signal);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });

  test.each([
    ['a full context', new Error('the request exceeds the available context size'), 'context_length'],
    ['another failure', new Error('memory access out of bounds'), 'engine'],
  ])('%s becomes an EngineFailure with its code', async (_, error, code) => {
    const { model } = fakeModel(['x'], { error });
    const engine = new Engine(60_000, async () => model);
    const caught: unknown = await engine
      .generate(ASK, () => undefined, new AbortController().signal)
      .catch((e: unknown) => e);
    expect(caught).toBeInstanceOf(EngineFailure);
    expect((caught as EngineFailure).code).toBe(code);
  });

  test('a model that is not downloaded fails that answer only', async () => {
    const { model } = fakeModel(['ok']);
    let stored = false;
    const engine = new Engine(60_000, async () => {
      if (!stored) throw new EngineFailure('not_downloaded', 'tiny is not downloaded');
      return model;
    });
    await expect(engine.generate(ASK, () => undefined, new AbortController().signal)).rejects.toMatchObject({
      code: 'not_downloaded',
    });
    expect(engine.busy()).toBe(false);
    stored = true;
    await expect(engine.generate(ASK, () => undefined, new AbortController().signal)).resolves.toMatchObject({
      finish: 'stop',
    });
  });
});
