/**
 * A stand-in for Chrome's Prompt API with its documented shapes (availability states, a
 * `create` that downloads through its monitor and honours `signal`, sessions that stream text
 * deltas and measure usage), for tests: no real model runs on these machines. Its states move
 * as Chrome's do: `downloadable` → `downloading` (while `create` runs) → `available`.
 * https://github.com/webmachinelearning/prompt-api
 */
import type { Availability, CreateOptions, PromptApi, PromptMessage, PromptSession } from './prompt-api';

export interface StandInScript {
  availability: Availability;
  /** The download's progress events, as fractions. */
  progress?: number[];
  /** The answer's deltas; a function throws that error when reached. */
  deltas?: (string | (() => Error))[];
  contextWindow?: number;
  /** Tokens per character, for the measure methods (Gemini Nano's is the model's; any will do). */
  tokensPerChar?: number;
}

export class PromptApiStandIn implements PromptApi {
  created: CreateOptions[] = [];
  prompted: PromptMessage[][] = [];
  destroyed = 0;

  constructor(public script: StandInScript) {}

  availability(): Promise<Availability> {
    return Promise.resolve(this.script.availability);
  }

  async create(options: CreateOptions = { expectedInputs: [], expectedOutputs: [] }): Promise<PromptSession> {
    this.created.push(options);
    if (this.script.availability === 'unavailable')
      throw new DOMException('The model is not available.', 'NotSupportedError');
    if (this.script.availability !== 'available') await this.download(options);
    return this.session(options);
  }

  private async download(options: CreateOptions): Promise<void> {
    const listeners: ((e: { loaded: number }) => void)[] = [];
    options.monitor?.({ addEventListener: (_type, l) => listeners.push(l) });
    this.script.availability = 'downloading';
    for (const loaded of this.script.progress ?? [0, 1]) {
      await Promise.resolve();
      if (options.signal?.aborted) {
        this.script.availability = 'downloadable';
        throw new DOMException('The download was aborted.', 'AbortError');
      }
      for (const l of listeners) l({ loaded });
    }
    this.script.availability = 'available';
  }

  private session(options: CreateOptions): PromptSession {
    const perChar = this.script.tokensPerChar ?? 0.25;
    const count = (input: string | PromptMessage[]) =>
      Math.ceil(
        (typeof input === 'string' ? input : JSON.stringify(input.map((m) => m.content.map((c) => c.value)))).length *
          perChar,
      );
    const contextUsage = (options.initialPrompts ?? []).reduce((sum, m) => sum + count([m]), 0);
    return {
      contextWindow: this.script.contextWindow ?? 9216,
      contextUsage,
      measureContextUsage: (input) => Promise.resolve(count(input)),
      promptStreaming: (input, o) => {
        this.prompted.push(input);
        return this.stream(o?.signal);
      },
      destroy: () => {
        this.destroyed += 1;
      },
    };
  }

  private stream(signal: AbortSignal | undefined): ReadableStream<string> {
    const deltas = [...(this.script.deltas ?? [])];
    return new ReadableStream<string>({
      pull: async (controller) => {
        await Promise.resolve();
        const next = signal?.aborted ? () => new DOMException('Aborted', 'AbortError') : deltas.shift();
        if (next === undefined) controller.close();
        else if (typeof next === 'function') controller.error(next());
        else controller.enqueue(next);
      },
    });
  }
}
