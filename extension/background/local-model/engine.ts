/**
 * llama.cpp in WebAssembly (`@wllama/wllama`), as the engine host runs it: one model loaded at
 * a time, from the file `model-files.ts` stored (a `File` from OPFS, read by wllama in its own
 * Web Worker, so the host page's thread only passes messages and pieces of the file), one answer
 * at a time. wllama and its 10 MB of WebAssembly are imported on the first answer, so reading a
 * web page in the same offscreen document never loads them. The WebAssembly ships in the
 * extension (no CDN): wllama's "compat" fallback, which would fetch a worker script from a CDN on
 * browsers without JSPI or 64-bit memory, is switched off, as remote code is not allowed in an
 * extension.
 */
import type { ChatCompletionChunk, Wllama } from '@wllama/wllama';
import { localModelInfo } from '../../shared/local-model/catalogue';
import { messageOf } from '../../shared/errors';
import {
  abortError,
  EngineFailure,
  type EngineAsk,
  type EngineDone,
  type OnLoading,
} from '../../shared/protocol/local-engine';
import { readyFile } from './model-files';

/** A loaded model left this long without a question is unloaded, giving back its memory. */
export const KEEP_WARM_MS = 5 * 60_000;

/** The part of wllama an answer uses (a fake in tests). */
export type LoadedModel = Pick<Wllama, 'createChatCompletion' | 'exit'>;

interface Loaded {
  id: string;
  wllama: LoadedModel;
}

async function load(id: string): Promise<LoadedModel> {
  const model = localModelInfo(id);
  const file = model && (await readyFile(model));
  if (!model || !file) throw new EngineFailure('not_downloaded', `${id} is not downloaded`);
  const [{ Wllama, LoggerWithoutDebug }, { default: wasm }] = await Promise.all([
    import('@wllama/wllama'),
    import('@wllama/wllama/esm/wasm/wllama.wasm?url'),
  ]);
  const wllama = new Wllama({ default: wasm }, { logger: LoggerWithoutDebug, suppressNativeLog: true });
  wllama.setCompat(null);
  try {
    await wllama.loadModel([file], { n_ctx: model.contextTokens });
  } catch (e) {
    await wllama.exit().catch(() => undefined);
    throw new EngineFailure('engine', `loading ${id}: ${messageOf(e)}`);
  }
  return wllama;
}

/** Rejects with an `AbortError` once `signal` has aborted (a function, so each call reads it anew). */
function checkStopped(signal: AbortSignal): void {
  if (signal.aborted) throw abortError();
}

/** What llama.cpp's error says, as Gloss's code for it. */
function failureOf(e: unknown): EngineFailure {
  if (e instanceof EngineFailure) return e;
  const text = messageOf(e);
  const full = (e as { type?: string } | undefined)?.type === 'kv_cache_full' || /context/i.test(text);
  return new EngineFailure(full ? 'context_length' : 'engine', text);
}

export class Engine {
  private loaded: Promise<Loaded> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private answering = 0;
  private warm: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly keepWarmMs = KEEP_WARM_MS,
    private readonly loadModel: (id: string) => Promise<LoadedModel> = load,
  ) {}

  /** True while answering, or while a model stays loaded for the next question. */
  busy(): boolean {
    return this.answering > 0 || this.loaded !== undefined;
  }

  /**
   * Answers `ask`, one answer after another. `onLoading` hears `true` when this answer has to load
   * its model into memory first (seconds for a small one), and `false` once it is loaded; an
   * answer that finds its model warm hears nothing.
   */
  generate(
    ask: EngineAsk,
    onText: (delta: string) => void,
    signal: AbortSignal,
    onLoading: OnLoading = () => undefined,
  ): Promise<EngineDone> {
    this.answering += 1;
    clearTimeout(this.warm);
    const turn = this.queue.then(() => this.answer(ask, onText, signal, onLoading));
    this.queue = turn.catch(() => undefined);
    return turn.finally(() => {
      this.answering -= 1;
      if (this.answering === 0) this.warm = setTimeout(() => void this.unload(), this.keepWarmMs);
    });
  }

  /** Unloads `id` if it is the loaded model (all of them without `id`). */
  async unload(id?: string): Promise<void> {
    const loaded = await this.loaded?.catch(() => undefined);
    if (!loaded || (id !== undefined && loaded.id !== id)) return;
    this.loaded = undefined;
    await loaded.wllama.exit().catch(() => undefined);
  }

  private async model(id: string, onLoading: OnLoading): Promise<LoadedModel> {
    const current = await this.loaded?.catch(() => undefined);
    if (current?.id === id) return current.wllama;
    await this.unload();
    onLoading(true);
    const loading = this.loadModel(id).then((wllama) => ({ id, wllama }));
    this.loaded = loading;
    loading.catch(() => (this.loaded = undefined));
    const { wllama } = await loading;
    onLoading(false);
    return wllama;
  }

  private async answer(
    ask: EngineAsk,
    onText: (d: string) => void,
    signal: AbortSignal,
    onLoading: OnLoading,
  ): Promise<EngineDone> {
    checkStopped(signal);
    const wllama = await this.model(ask.id, onLoading);
    checkStopped(signal);
    let last: ChatCompletionChunk | undefined;
    let pieces = 0;
    try {
      const stream = await wllama.createChatCompletion({
        messages: ask.messages,
        max_tokens: ask.maxTokens,
        ...(ask.temperature !== undefined && { temperature: ask.temperature }),
        stream: true,
        abortSignal: signal,
      });
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta.content;
        if (delta) {
          pieces += 1;
          onText(delta);
        }
        last = chunk;
      }
    } catch (e) {
      checkStopped(signal);
      throw failureOf(e);
    }
    checkStopped(signal);
    return doneOf(last, pieces);
  }
}

/** Token counts from the last chunk (llama.cpp's usage, else its timings, else the pieces seen). */
function doneOf(last: ChatCompletionChunk | undefined, pieces: number): EngineDone {
  const timings = last?.timings;
  return {
    inputTokens: last?.usage?.prompt_tokens ?? (timings ? timings.prompt_n + timings.cache_n : 0),
    outputTokens: last?.usage?.completion_tokens ?? timings?.predicted_n ?? pieces,
    finish: last?.choices[0]?.finish_reason === 'length' ? 'length' : 'stop',
  };
}
