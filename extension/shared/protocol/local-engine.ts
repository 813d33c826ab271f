/**
 * The worker and the page that runs the model inside Gloss (the engine host): Chrome's
 * offscreen document, where llama.cpp's WebAssembly runs in a Web Worker the service worker
 * could not start. One-shot messages start, cancel and report downloads (a model file is written
 * to the browser's storage by the page that loads it, not sent through messages); each answer
 * streams over a `Port` of its own, and disconnecting it stops the answer. Checked at runtime on
 * both sides; the host answers only Gloss's service worker (`fromWorker`), not its pages.
 * Firefox's background page is the host itself and calls the same interface directly.
 */
import * as v from 'valibot';
import browser, { type Runtime } from 'webextension-polyfill';
import { messageOf } from '../errors';
import { isOwnExtensionPage, type SenderInfo } from './sender';

/** Marks a request to the engine host, as `gloss: 1` marks the panel's requests to the worker. */
const TAG = 'glossEngine';
/** The name of an answer's port. */
const PORT = 'glossEngineAnswer';

const Id = v.pipe(v.string(), v.maxLength(100));
const RequestSchema = v.variant('kind', [
  v.object({ [TAG]: v.literal(1), kind: v.literal('downloads') }),
  v.object({ [TAG]: v.literal(1), kind: v.literal('busy') }),
  v.object({ [TAG]: v.literal(1), kind: v.picklist(['download', 'cancel', 'release']), id: Id }),
]);

/** Why a download failed; the worker puts it into words. */
export const DownloadFailureSchema = v.picklist(['network', 'http', 'size', 'checksum', 'no_space', 'storage']);
export type DownloadFailure = v.InferOutput<typeof DownloadFailureSchema>;

/** A download the host is running, or one that failed (until it is tried again or removed). */
const DownloadSchema = v.object({
  id: v.string(),
  loaded: v.number(),
  total: v.number(),
  failed: v.optional(DownloadFailureSchema),
  /** More about a failure, for the logs (an HTTP status, an exception's message). */
  detail: v.optional(v.string()),
});
export type DownloadStatus = v.InferOutput<typeof DownloadSchema>;

const MessageSchema = v.object({ role: v.picklist(['system', 'user', 'assistant']), content: v.string() });
/** Worker → host, the first message on an answer's port. */
const AskSchema = v.object({
  id: Id,
  messages: v.array(MessageSchema),
  maxTokens: v.pipe(v.number(), v.integer(), v.minValue(1)),
  temperature: v.optional(v.number()),
});
export type EngineAsk = v.InferOutput<typeof AskSchema>;

/** Why an answer failed. */
export const EngineFailureCodeSchema = v.picklist(['not_downloaded', 'engine', 'context_length']);
export type EngineFailureCode = v.InferOutput<typeof EngineFailureCodeSchema>;

const DoneSchema = v.object({
  inputTokens: v.number(),
  outputTokens: v.number(),
  finish: v.picklist(['stop', 'length']),
});
export type EngineDone = v.InferOutput<typeof DoneSchema>;

/** Host → worker on an answer's port. */
export const AnswerEventSchema = v.variant('kind', [
  /** The answer's model is being loaded into memory (`loading: true`), or is loaded (`false`). */
  v.object({ kind: v.literal('loading'), loading: v.boolean() }),
  v.object({ kind: v.literal('text'), delta: v.string() }),
  v.object({ kind: v.literal('done'), ...DoneSchema.entries }),
  v.object({ kind: v.literal('failed'), code: EngineFailureCodeSchema, detail: v.string() }),
]);
type AnswerEvent = v.InferOutput<typeof AnswerEventSchema>;

/** Told `true` as a model starts loading into memory for an answer, `false` once it is loaded. */
export type OnLoading = (loading: boolean) => void;

/** An answer the engine could not give. */
export class EngineFailure extends Error {
  constructor(
    readonly code: EngineFailureCode,
    detail: string,
  ) {
    super(detail);
    this.name = 'EngineFailure';
  }
}

/** What runs the model: the offscreen document by message (Chrome), or the background page itself (Firefox). */
export interface EngineHost {
  /** Downloads running or failed. */
  downloads: () => Promise<DownloadStatus[]>;
  /** Starts downloading a catalogue model (the promise settles once it has started). */
  download: (id: string) => Promise<void>;
  cancel: (id: string) => Promise<void>;
  /** Stops a download of `id` and unloads it, so its file can be deleted. */
  release: (id: string) => Promise<void>;
  /** True while the host downloads, answers, or keeps a model loaded for the next question. */
  busy: () => Promise<boolean>;
  /**
   * Answers; rejects with `EngineFailure`, or an `AbortError` once `signal` aborts. `onLoading`
   * hears of the model being loaded into memory first, only when it is (a warm model is not).
   */
  generate: (
    ask: EngineAsk,
    onText: (delta: string) => void,
    signal: AbortSignal,
    onLoading?: OnLoading,
  ) => Promise<EngineDone>;
}

const ReplySchema = v.union([
  v.object({ ok: v.literal(true), value: v.unknown() }),
  v.object({ ok: v.literal(false), error: v.string() }),
]);

async function ask<S extends v.GenericSchema>(message: object, schema: S): Promise<v.InferOutput<S>> {
  const reply = v.parse(ReplySchema, await browser.runtime.sendMessage({ [TAG]: 1, ...message }));
  if (!reply.ok) throw new Error(reply.error);
  return v.parse(schema, reply.value);
}

const Done = v.object({ ok: v.literal(true) });

/** Asks the host to do something that answers only that it did. */
async function tell(kind: 'download' | 'cancel' | 'release', id: string): Promise<void> {
  await ask({ kind, id }, Done);
}

/** Worker side: the engine host reached by messages (the offscreen document must be open). */
export const engineByMessage: EngineHost = {
  downloads: () => ask({ kind: 'downloads' }, v.array(DownloadSchema)),
  download: (id) => tell('download', id),
  cancel: (id) => tell('cancel', id),
  release: (id) => tell('release', id),
  busy: () => ask({ kind: 'busy' }, v.boolean()),
  generate: generateByPort,
};

/** An `AbortError`, as `fetch` rejects with when its signal aborts. */
export function abortError(): Error {
  return new DOMException('The answer was stopped', 'AbortError');
}

function generateByPort(
  request: EngineAsk,
  onText: (d: string) => void,
  signal: AbortSignal,
  onLoading: OnLoading = () => undefined,
): Promise<EngineDone> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    const port = browser.runtime.connect({ name: PORT });
    const stop = () => {
      port.disconnect(); // the host stops generating when its port closes
      reject(abortError());
    };
    signal.addEventListener('abort', stop, { once: true });
    const end = () => signal.removeEventListener('abort', stop);
    port.onMessage.addListener((raw: unknown) => {
      const event = v.safeParse(AnswerEventSchema, raw);
      if (!event.success) return;
      const { output } = event;
      if (output.kind === 'text' || output.kind === 'loading') {
        if (output.kind === 'text') onText(output.delta);
        else onLoading(output.loading);
        return;
      }
      end();
      port.disconnect();
      if (output.kind === 'done') resolve(v.parse(DoneSchema, output));
      else reject(new EngineFailure(output.code, output.detail));
    });
    port.onDisconnect.addListener(() => {
      end();
      reject(new EngineFailure('engine', 'the engine host closed during the answer'));
    });
    port.postMessage(request);
  });
}

/**
 * True if `sender` is this extension's service worker: of Gloss's own contexts that can send
 * extension messages, its pages are `.html` documents and its one script is the worker. (The
 * offscreen document has no `runtime.getManifest` to read the worker's file name from.)
 */
export function isWorker(sender: SenderInfo | undefined, ownId: string, ownBase: string): boolean {
  if (!isOwnExtensionPage(sender, ownId, ownBase) || !sender?.url) return false;
  return /\.m?js$/.test(new URL(sender.url).pathname);
}

function fromWorker(sender: SenderInfo | undefined): boolean {
  return isWorker(sender, browser.runtime.id, browser.runtime.getURL(''));
}

/** Host side: answers the worker's requests and answer ports with `host`. */
export function serveEngine(host: EngineHost): void {
  browser.runtime.onMessage.addListener((raw: unknown, sender: Runtime.MessageSender) => {
    if (!fromWorker(sender)) return undefined;
    const request = v.safeParse(RequestSchema, raw);
    if (!request.success) return undefined; // the panel's and the parser's messages pass by here too
    return run(host, request.output).then(
      (value) => ({ ok: true, value }),
      (e: unknown) => ({ ok: false, error: messageOf(e) }),
    );
  });
  browser.runtime.onConnect.addListener((port) => {
    if (port.name === PORT && fromWorker(port.sender)) serveAnswer(host, port);
  });
}

async function run(host: EngineHost, request: v.InferOutput<typeof RequestSchema>): Promise<unknown> {
  if (request.kind === 'downloads') return host.downloads();
  if (request.kind === 'busy') return host.busy();
  await host[request.kind](request.id);
  return { ok: true };
}

function serveAnswer(host: EngineHost, port: Runtime.Port): void {
  const stopped = new AbortController();
  port.onDisconnect.addListener(() => stopped.abort());
  const send = (event: AnswerEvent) => {
    if (!stopped.signal.aborted) port.postMessage(event);
  };
  let asked = false;
  port.onMessage.addListener((raw: unknown) => {
    const request = v.safeParse(AskSchema, raw);
    if (asked || !request.success) {
      port.disconnect(); // one question per port
      return;
    }
    asked = true;
    host
      .generate(
        request.output,
        (delta) => send({ kind: 'text', delta }),
        stopped.signal,
        (loading) => send({ kind: 'loading', loading }),
      )
      .then(
        (done) => send({ kind: 'done', ...done }),
        (e: unknown) => {
          const code = e instanceof EngineFailure ? e.code : 'engine';
          send({ kind: 'failed', code, detail: messageOf(e) });
        },
      );
  });
}
