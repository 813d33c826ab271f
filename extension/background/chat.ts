/**
 * One answer: build the request in the core, fetch it, feed the body's bytes to the core's
 * decoder and forward what it decodes. The transport (fetch, abort) is the only thing owned here.
 */
import type { ChatEvent, ChatMessage } from '../shared/messages';
import type { StoredProvider } from '../shared/settings';
import {
  buildRequest,
  coreReady,
  httpError,
  networkError,
  StreamDecoder,
  StreamRenderer,
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
  fetchFn: typeof fetch = fetch,
): Promise<void> {
  await coreReady();
  let request: HttpRequest;
  try {
    request = buildRequest({ provider: provider.kind, ...pick(provider), messages });
  } catch (e) {
    post({ type: 'error', code: 'bad_request', message: `${errorText(e)} Open Settings to fix it.` });
    return;
  }
  const render = new Renderer(post);
  try {
    const response = await fetchFn(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal,
      // Never send cookies of the provider's site along with an API request.
      credentials: 'omit',
    });
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      finish(post, render, httpError(response.status, body, response.headers.get('retry-after') ?? undefined));
      return;
    }
    if (!response.body) {
      finish(post, render, { type: 'error', code: 'bad_response', message: 'The provider sent an empty response.' });
      return;
    }
    await pump(response.body, post, render);
  } catch (e) {
    if (signal.aborted) {
      render.finish();
      post({ type: 'stopped' });
    } else {
      finish(post, render, networkError(request.url, errorText(e)));
    }
  } finally {
    render.free();
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

async function pump(body: ReadableStream<Uint8Array>, post: Post, render: Renderer): Promise<void> {
  const decoder = new StreamDecoder('openai');
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
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
  if (event.type !== 'text') post(event);
}

function pick({ baseUrl, apiKey, model }: StoredProvider) {
  return { baseUrl, model, apiKey: apiKey || undefined };
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
