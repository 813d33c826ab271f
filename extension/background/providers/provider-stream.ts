/**
 * The HTTP transport of one answer: build the request in the core, fetch it, feed the body's
 * bytes to the core's decoder and pass on what it decodes. Fetch, abort and time limits are the
 * only things owned here; storing and rendering the answer is `answer.ts`'s, and starting it
 * `answer-registry.ts`'s.
 */
import { messageOf } from '../../shared/errors';
import { localizeProblem, t } from '../../shared/i18n';
import {
  isOnDeviceProvider,
  isServerProvider,
  type ServerProvider,
  type StoredProvider,
  type Timeouts,
} from '../../shared/settings';
import { streamOnDevice } from '../on-device/on-device-stream';
import {
  buildRequest,
  coreReady,
  httpError,
  isSpecError,
  networkError,
  StreamDecoder,
  type ChatSpec,
  type HttpRequest,
  type StreamEvent,
  type ToolSpec,
  type CoreMessage,
  warmUpRenderer,
} from '../core';
import { browserOffline, isRedirect, PROVIDER_FETCH, redirectError } from './provider-fetch';
import { keyMissing, keyRefusal } from '../../shared/key-transport';
import { originOf } from '../../shared/key-origin';
import { answerTokens } from '../../shared/presets';
import { MAX_ERROR_BODY, readText } from '../../shared/read-body';
import { DecodeBatches } from './decode-batches';
import { Watchdog } from './watchdog';

/** The messages of a request, as the core takes them (text, or text and image parts). */
type Messages = ChatSpec['messages'];

/** What one answer's request yields: the core's decoded events, the user's Stop, or a model loading. */
export type AnswerEvent =
  | StreamEvent
  /** `estimate`: Gloss's count of the tokens, when the provider reported none (`usage-estimate.ts`). */
  | { type: 'stopped'; estimate?: { inputTokens: number; outputTokens: number } }
  /**
   * A model on this computer is being loaded into memory before it can answer (`loading: true`),
   * or has been (`false`); only said when the answer has to wait for it.
   */
  | { type: 'modelLoading'; loading: boolean };
export type Post = (event: AnswerEvent) => void;

/** Streams one answer to `post`. Always ends with exactly one `done`, `error` or `stopped`. */
export async function streamAnswer(
  provider: StoredProvider,
  messages: Messages,
  post: Post,
  signal: AbortSignal,
  timeouts: Timeouts,
  options: AnswerOptions = {},
  fetchFn: typeof fetch = fetch,
): Promise<void> {
  await coreReady();
  if (isOnDeviceProvider(provider)) await streamOnDevice(provider, messages, post, signal, timeouts, options);
  else if (isServerProvider(provider)) await fromServer(provider, messages, post, signal, timeouts, options, fetchFn);
}

async function fromServer(
  provider: ServerProvider,
  messages: Messages,
  post: Post,
  signal: AbortSignal,
  timeouts: Timeouts,
  options: AnswerOptions,
  fetchFn: typeof fetch,
): Promise<void> {
  const hasKey = provider.apiKey.trim() !== '';
  const refusal =
    keyHeldBack(provider) ??
    keyRefusal(provider.baseUrl, hasKey) ??
    keyMissing(provider.preset, provider.baseUrl, hasKey);
  if (refusal) {
    post({ type: 'error', code: 'bad_request', message: refusal });
    return;
  }
  const request = answerRequest(provider, messages, options);
  if ('refused' in request) {
    post({ type: 'error', code: 'bad_request', message: request.refused });
    return;
  }
  if ('problem' in request) {
    post({ type: 'error', code: 'bad_request', message: t('errSettingsCannotSend', request.problem) });
    return;
  }
  const clock = new Watchdog(timeouts, signal);
  try {
    await fetchAnswer(provider, request, post, clock, fetchFn, options);
  } catch {
    post(clock.end(() => networkError(request.url, browserOffline())));
  } finally {
    clock.stop();
  }
}

/**
 * Why nothing may be sent: the provider's saved key is held back because its base URL left the
 * key's origin outside Gloss's settings (settings-store.ts). Sending the question keyless would
 * still hand the conversation to an address the user never saved.
 */
function keyHeldBack({ keyHeldFor, baseUrl }: ServerProvider): string | null {
  return keyHeldFor === undefined ? null : t('keyHeldBack', keyHeldFor, originOf(baseUrl) ?? baseUrl.trim());
}

interface AnswerOptions {
  maxTokens?: number;
  model?: string;
  /** Decodes the body in batches at most this often (decode-batches.ts); by default, each chunk. */
  batchMs?: number;
  /** The tools the model may call; a call to any other ends the answer before anything runs. */
  tools?: ToolSpec[];
  /** Told the answer as the assistant message to send back with its calls' results, at its end. */
  onMessage?: (message: CoreMessage) => void;
}

/** The core's request for this answer, or why the settings cannot make one. */
function answerRequest(
  provider: ServerProvider,
  messages: Messages,
  options: AnswerOptions,
): HttpRequest | { problem: string } | { refused: string } {
  try {
    return buildRequest({
      provider: provider.kind,
      baseUrl: provider.baseUrl,
      apiKey: provider.apiKey || undefined,
      model: options.model ?? provider.model,
      messages,
      maxTokens: options.maxTokens ?? answerTokens(provider),
      temperature: provider.temperature,
      tools: options.tools,
    });
  } catch (e) {
    // A refused image is the question's problem, not the settings': say it as it is.
    if (isSpecError(e) && e.field === 'messages') return { refused: localizeProblem(e).message };
    return { problem: isSpecError(e) ? e.message : messageOf(e) };
  }
}

/** Sends the request and passes on what comes back; a refusal or an empty body is an error. */
async function fetchAnswer(
  provider: ServerProvider,
  request: HttpRequest,
  post: Post,
  clock: Watchdog,
  fetchFn: typeof fetch,
  options: AnswerOptions,
): Promise<void> {
  const responded = fetchFn(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: clock.signal,
    ...PROVIDER_FETCH,
  });
  // The provider takes a while to answer; the first token then shows without compile time.
  warmUpRenderer();
  const response = await responded;
  if (isRedirect(response)) {
    post(redirectError(request.url));
    return;
  }
  if (!response.ok) {
    const body = (await readText(response, MAX_ERROR_BODY).catch(() => ({ text: '' }))).text;
    const retryAfter = response.headers.get('retry-after') ?? undefined;
    post(httpError(provider.kind, response.status, body, retryAfter));
    return;
  }
  if (!response.body) {
    post({ type: 'error', code: 'bad_response', message: t('emptyResponse') });
    return;
  }
  await pump(provider, response.body, post, clock, options);
}

async function pump(
  provider: ServerProvider,
  body: ReadableStream<Uint8Array>,
  post: Post,
  clock: Watchdog,
  { batchMs = 0, tools, onMessage }: AnswerOptions,
): Promise<void> {
  const decoder = new StreamDecoder(
    provider.kind,
    tools?.map((t) => t.name),
  );
  const reader = body.getReader();
  // An end decoded from a batch that waited stops the reading: the read under way returns done.
  const batches = new DecodeBatches(decoder, batchMs, post, () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (e) {
        // Stop and time limits abort on purpose (what was read is kept); anything else is the
        // connection dropping mid-answer, which the decoder reports as a cut stream.
        if (clock.signal.aborted) {
          batches.flush();
          throw e;
        }
        chunk = { done: true, value: undefined };
      }
      if (batches.ended) return;
      clock.data();
      if (chunk.done) {
        batches.end();
        return;
      }
      if (batches.add(chunk.value)) return;
    }
  } finally {
    batches.stop();
    onMessage?.(decoder.message());
    decoder.free();
    reader.cancel().catch(() => undefined);
  }
}
