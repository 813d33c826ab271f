/**
 * One answer: build the request in the core, fetch it, feed the body's bytes to the core's
 * decoder and forward what it decodes. The transport (fetch, abort, time limits) is the only
 * thing owned here.
 */
import type { ChatEvent, ChatMessage } from '../shared/messages';
import type { StoredProvider, Timeouts } from '../shared/settings';
import {
  buildRequest,
  coreReady,
  httpError,
  networkError,
  StreamDecoder,
  StreamRenderer,
  timeoutError,
  type HttpRequest,
  type StreamEvent,
} from './core';

export type Post = (event: ChatEvent) => void;

/** Streams one answer to `post`. Always ends with exactly one `done`, `error` or `stopped`. */
export async function runChat(
  provider: StoredProvider,
  messages: ChatMessage[],
  post: Post,
  signal: AbortSignal,
  timeouts: Timeouts,
  options: { maxTokens?: number; model?: string } = {},
  fetchFn: typeof fetch = fetch,
): Promise<void> {
  await coreReady();
  let request: HttpRequest;
  try {
    request = buildRequest({
      provider: provider.kind,
      baseUrl: provider.baseUrl,
      apiKey: provider.apiKey || undefined,
      model: options.model ?? provider.model,
      messages,
      maxTokens: options.maxTokens,
    });
  } catch (e) {
    post({ type: 'error', code: 'bad_request', message: `${errorText(e)} Open Settings to fix it.` });
    return;
  }
  const render = new Renderer(post);
  const clock = new Watchdog(timeouts, signal);
  try {
    const response = await fetchFn(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: clock.signal,
      // Never send cookies of the provider's site along with an API request.
      credentials: 'omit',
    });
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      const retryAfter = response.headers.get('retry-after') ?? undefined;
      finish(post, render, httpError(provider.kind, response.status, body, retryAfter));
      return;
    }
    if (!response.body) {
      finish(post, render, { type: 'error', code: 'bad_response', message: 'The provider sent an empty response.' });
      return;
    }
    await pump(provider, response.body, post, render, clock);
  } catch (e) {
    if (clock.timedOut) finish(post, render, timeoutError(clock.seconds, clock.started));
    else if (signal.aborted) {
      render.finish();
      post({ type: 'stopped' });
    } else finish(post, render, networkError(request.url, errorText(e)));
  } finally {
    clock.stop();
    render.free();
  }
}

async function pump(
  provider: StoredProvider,
  body: ReadableStream<Uint8Array>,
  post: Post,
  render: Renderer,
  clock: Watchdog,
): Promise<void> {
  const decoder = new StreamDecoder(provider.kind);
  const reader = body.getReader();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (e) {
        // Stop and time limits abort on purpose; anything else is the connection dropping
        // mid-answer, which the decoder reports as a cut stream (keeping what arrived).
        if (clock.signal.aborted) throw e;
        chunk = { done: true, value: undefined };
      }
      const { done, value } = chunk;
      clock.data();
      const events = done ? decoder.finish() : decoder.push(value);
      for (const event of events) {
        if (forward(event, post, render)) return;
      }
      if (done) return;
    }
  } finally {
    decoder.free();
    reader.cancel().catch(() => undefined);
  }
}

/** Forwards one decoded event; true when it ended the answer. */
function forward(event: StreamEvent, post: Post, render: Renderer): boolean {
  switch (event.type) {
    case 'text':
      render.push(event.text);
      return false;
    case 'reasoning':
    case 'usage':
      post(event);
      return false;
    default:
      finish(post, render, event);
      return true;
  }
}

/** Sends the final render of whatever arrived, then the terminal event. */
function finish(post: Post, render: Renderer, event: StreamEvent): void {
  render.finish();
  if (event.type === 'done' || event.type === 'error') post(event);
}

/**
 * Aborts the request when no first byte arrives in time, or no data for too long mid-answer;
 * the user's Stop aborts it too.
 */
class Watchdog {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  readonly signal = this.controller.signal;
  timedOut = false;
  started = false;
  seconds: number;

  constructor(
    private readonly limits: Timeouts,
    user: AbortSignal,
  ) {
    this.seconds = limits.firstByteSeconds;
    if (user.aborted) this.controller.abort();
    user.addEventListener('abort', () => this.controller.abort(), { once: true });
    this.arm();
  }

  /** Data arrived: the idle limit starts over. */
  data(): void {
    this.started = true;
    this.seconds = this.limits.idleSeconds;
    this.arm();
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.seconds * 1000);
  }
}

/** The answer's renderer: each piece of text goes out with the patch that shows it. */
class Renderer {
  private readonly renderer = new StreamRenderer();
  private started = false;
  private finished = false;

  constructor(private readonly post: Post) {}

  push(text: string): void {
    this.started = true;
    this.post({ type: 'chunk', text, patch: this.renderer.push(text) });
  }

  /** Freezes what is left (the final HTML equals a full render of the text received). */
  finish(): void {
    if (this.finished || !this.started) return;
    this.finished = true;
    this.post({ type: 'chunk', text: '', patch: this.renderer.finish() });
  }

  free(): void {
    this.renderer.free();
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
