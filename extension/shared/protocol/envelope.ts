/**
 * The one-shot requests of the protocol: a name → request/response map (assembled from the
 * settings, context, history, tools, web and local-model messages) with a typed `send` and the worker's one handler
 * registry, `handleMessages`. Every incoming message is checked at runtime, and only Gloss's own
 * extension pages are answered (`sender.ts`).
 */
import * as v from 'valibot';
import browser, { type Runtime } from 'webextension-polyfill';
import { messageOf } from '../errors';
import { CONTEXT_MESSAGES } from './context';
import { HISTORY_MESSAGES } from './history';
import { fromOwnPage } from './sender';
import { SETTINGS_MESSAGES } from './settings';
import { TOOL_MESSAGES } from '../tools/tool-messages';
import { WEB_MESSAGES } from '../web/web-messages';
import { LOCAL_MODEL_MESSAGES } from '../local-model/local-model-messages';

/** Request and response schemas for each one-shot message. */
export const Protocol = {
  ...SETTINGS_MESSAGES,
  ...CONTEXT_MESSAGES,
  ...HISTORY_MESSAGES,
  ...TOOL_MESSAGES,
  ...WEB_MESSAGES,
  ...LOCAL_MODEL_MESSAGES,
} as const;

export type MessageName = keyof typeof Protocol;
export type Req<K extends MessageName> = v.InferOutput<(typeof Protocol)[K]['req']>;
export type Res<K extends MessageName> = v.InferOutput<(typeof Protocol)[K]['res']>;

const NAMES = Object.keys(Protocol) as MessageName[];
const EnvelopeSchema = v.object({ gloss: v.literal(1), name: v.picklist(NAMES), payload: v.unknown() });
const ReplySchema = v.union([
  v.object({ ok: v.literal(true), value: v.unknown() }),
  v.object({ ok: v.literal(false), error: v.string() }),
]);

/** Sends a one-shot request to the worker and checks the reply's shape. */
export async function send<K extends MessageName>(name: K, payload: Req<K>): Promise<Res<K>> {
  const raw: unknown = await browser.runtime.sendMessage({ gloss: 1, name, payload });
  const reply = v.parse(ReplySchema, raw);
  if (!reply.ok) throw new Error(reply.error);
  return v.parse(Protocol[name].res, reply.value);
}

export type Handlers = {
  [K in MessageName]: (req: Req<K>, sender: Runtime.MessageSender) => Promise<Res<K>>;
};

/**
 * Parses an incoming message: null if it is not ours, else the validated request or an error
 * to send back.
 */
export function parseRequest(
  raw: unknown,
): null | { error: string } | { [K in MessageName]: { name: K; payload: Req<K> } }[MessageName] {
  const env = v.safeParse(EnvelopeSchema, raw);
  if (!env.success) return null;
  const { name } = env.output;
  const payload = v.safeParse(Protocol[name].req, env.output.payload);
  if (!payload.success) return { error: `invalid ${name} request: ${v.summarize(payload.issues)}` };
  // Narrowing a correlated union is beyond TypeScript; the schema check above is the proof.
  return { name, payload: payload.output } as never;
}

/**
 * The worker's one handler registry. Only this extension's own pages are answered; anything
 * else (Gloss's scripts in web pages included) is left unanswered, as a message not ours is.
 */
export function handleMessages(handlers: Handlers): void {
  // The returned promise is the reply (it never rejects: a failure is sent as `ok: false`);
  // `undefined` leaves a message that is not ours unanswered.
  browser.runtime.onMessage.addListener((raw: unknown, sender: Runtime.MessageSender) => {
    if (!fromOwnPage(sender)) return undefined;
    const request = parseRequest(raw);
    if (request === null) return undefined;
    if ('error' in request) return Promise.resolve({ ok: false, error: request.error });
    const handler = handlers[request.name] as (p: unknown, s: typeof sender) => Promise<unknown>;
    return reply(request.name, () => handler(request.payload, sender));
  });
}

/**
 * A handler's result as the reply. Whatever it throws, at once or later, is sent back as `ok:
 * false` and logged: an unanswered message would leave the panel waiting with no clue.
 */
async function reply(name: MessageName, run: () => Promise<unknown>): Promise<unknown> {
  try {
    return { ok: true, value: await run() };
  } catch (e) {
    console.error(`Gloss: ${name} failed`, e);
    return { ok: false, error: messageOf(e) };
  }
}
