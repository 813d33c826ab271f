/**
 * The one message protocol between the panel, the worker and the content script: one-shot
 * requests (a name → request/response map with typed `send`/`handleMessages`) and the chat
 * stream, which runs over its own `Port` per answer. Every incoming message is checked at
 * runtime; nothing is trusted because of where it claims to come from.
 */
import * as v from 'valibot';
import { ChatCommandSchema, ChatEventSchema, type ChatCommand, type ChatEvent } from './chat-schemas';
import { PROVIDER_KINDS } from './core-enums';
import { messageOf } from './errors';
import { HISTORY_MESSAGES } from './history';
import { PRESET_IDS } from './presets';
import { AttachmentSchema } from './attachment';
import { PreferencesSchema } from './preferences';
import { ProviderInputSchema, PublicSettingsSchema, TimeoutsSchema } from './settings';

const ProblemSchema = v.object({ field: v.string(), message: v.string() });
/** A provider being edited: `id` set means "use the stored key unless one is given". */
const DraftSchema = v.object({
  id: v.optional(v.string()),
  kind: v.picklist(PROVIDER_KINDS),
  baseUrl: v.pipe(v.string(), v.maxLength(2048)),
  apiKey: v.optional(v.pipe(v.string(), v.maxLength(4096))),
});
const SavedSchema = v.variant('ok', [
  v.object({ ok: v.literal(true), settings: PublicSettingsSchema }),
  v.object({ ok: v.literal(false), ...ProblemSchema.entries }),
]);
const OutcomeSchema = v.object({ ok: v.boolean(), message: v.string() });

/** Request and response schemas for each one-shot message. */
export const Protocol = {
  'settings.get': { req: v.object({}), res: PublicSettingsSchema },
  'settings.timeouts': { req: TimeoutsSchema, res: PublicSettingsSchema },
  /** Quick actions and theme; each is changed only when given. */
  'settings.preferences': { req: PreferencesSchema, res: PublicSettingsSchema },
  /** The core's check of a base URL and model, for validation as the user types. */
  'provider.check': {
    req: v.object({ baseUrl: v.string(), model: v.string() }),
    res: v.object({ problem: v.nullable(ProblemSchema) }),
  },
  'provider.save': { req: v.object({ provider: ProviderInputSchema }), res: SavedSchema },
  'provider.remove': { req: v.object({ id: v.string() }), res: PublicSettingsSchema },
  'provider.setDefault': { req: v.object({ id: v.string() }), res: PublicSettingsSchema },
  'provider.models': {
    req: v.object({ draft: DraftSchema }),
    res: v.variant('ok', [
      v.object({ ok: v.literal(true), models: v.array(v.object({ id: v.string(), name: v.optional(v.string()) })) }),
      v.object({ ok: v.literal(false), message: v.string() }),
    ]),
  },
  /** Sends a tiny real request and reports what happened. */
  'provider.test': {
    req: v.object({ draft: v.object({ ...DraftSchema.entries, model: v.string() }) }),
    res: OutcomeSchema,
  },
  /** Page material the context menu or shortcut left for the panel (taken once). */
  'context.take': {
    /** The window the panel is in: each window's panel takes what was asked in it. */
    req: v.object({ windowId: v.pipe(v.number(), v.integer()) }),
    res: v.object({
      attachment: v.nullable(AttachmentSchema),
      /** A question to offer in the composer ("Summarize this page."). */
      question: v.nullable(v.string()),
      error: v.nullable(v.string()),
    }),
  },
  /** How much of some material fits the provider's context window, before sending. */
  'context.fit': {
    req: v.object({ text: v.string(), providerId: v.optional(v.string()) }),
    res: v.object({
      keptChars: v.number(),
      keptTokens: v.number(),
      totalTokens: v.number(),
      percent: v.number(),
      budget: v.number(),
    }),
  },
  ...HISTORY_MESSAGES,
  /** Looks for local servers (Ollama, LM Studio, llama.cpp) that answer. */
  'local.detect': {
    req: v.object({}),
    res: v.object({
      servers: v.array(v.object({ preset: v.picklist(PRESET_IDS), baseUrl: v.string(), models: v.array(v.string()) })),
    }),
  },
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
  const raw: unknown = await chrome.runtime.sendMessage({ gloss: 1, name, payload });
  const reply = v.parse(ReplySchema, raw);
  if (!reply.ok) throw new Error(reply.error);
  return v.parse(Protocol[name].res, reply.value);
}

export type Handlers = {
  [K in MessageName]: (req: Req<K>, sender: chrome.runtime.MessageSender) => Promise<Res<K>>;
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

/** The worker's one handler registry. Only this extension's own pages are answered. */
export function handleMessages(handlers: Handlers): void {
  chrome.runtime.onMessage.addListener((raw: unknown, sender, sendResponse) => {
    if (sender.id !== chrome.runtime.id) return false;
    const request = parseRequest(raw);
    if (request === null) return false;
    if ('error' in request) {
      sendResponse({ ok: false, error: request.error });
      return false;
    }
    const handler = handlers[request.name] as (p: unknown, s: typeof sender) => Promise<unknown>;
    handler(request.payload, sender).then(
      (value) => sendResponse({ ok: true, value }),
      (e: unknown) => sendResponse({ ok: false, error: messageOf(e) }),
    );
    return true; // the reply is sent asynchronously
  });
}

// ---- The chat stream: one Port per answer ----

export const CHAT_PORT = 'gloss.chat';

export * from './chat-schemas';

/** A typed chat port; `listen` drops (and logs) anything that fails the schema. */
export interface TypedPort<In, Out> {
  post: (message: Out) => void;
  listen: (onMessage: (message: In) => void) => void;
  onClose: (callback: () => void) => void;
  close: () => void;
}

function typed<In, Out>(port: chrome.runtime.Port, schema: v.GenericSchema<unknown, In>): TypedPort<In, Out> {
  let open = true;
  port.onDisconnect.addListener(() => (open = false));
  return {
    post: (message) => {
      if (open) port.postMessage(message);
    },
    listen: (onMessage) =>
      port.onMessage.addListener((raw: unknown) => {
        const parsed = v.safeParse(schema, raw);
        if (parsed.success) onMessage(parsed.output);
        else console.warn('Gloss: dropped a malformed chat message', v.summarize(parsed.issues));
      }),
    onClose: (callback) => port.onDisconnect.addListener(callback),
    close: () => {
      open = false;
      port.disconnect();
    },
  };
}

/** Panel side: opens the port for one answer. */
export function connectChat(): TypedPort<ChatEvent, ChatCommand> {
  return typed(chrome.runtime.connect({ name: CHAT_PORT }), ChatEventSchema);
}

/** Worker side: called for each chat port opened by this extension's pages. */
export function onChatConnect(callback: (port: TypedPort<ChatCommand, ChatEvent>) => void): void {
  chrome.runtime.onConnect.addListener((port) => {
    if (port.name !== CHAT_PORT || port.sender?.id !== chrome.runtime.id) return;
    callback(typed(port, ChatCommandSchema));
  });
}

// ---- Panel presence: which windows have Gloss's panel open, for the toggle shortcut ----

export const PANEL_PORT = 'gloss.panel';
const PresenceSchema = v.object({ windowId: v.number() });
const PanelOrderSchema = v.object({ close: v.literal(true) });

/**
 * Panel side: says which window this panel is in, and closes it when the worker asks (the
 * toggle shortcut). Reconnects if the worker restarts.
 */
export function announcePanel(windowId: number, onClose: () => void): () => void {
  let port: chrome.runtime.Port | undefined;
  let stopped = false;
  const connect = () => {
    port = chrome.runtime.connect({ name: PANEL_PORT });
    port.postMessage({ windowId });
    port.onMessage.addListener((raw: unknown) => {
      if (v.is(PanelOrderSchema, raw)) onClose();
    });
    port.onDisconnect.addListener(() => {
      if (!stopped) setTimeout(connect, 500);
    });
  };
  connect();
  return () => {
    stopped = true;
    port?.disconnect();
  };
}

/** Worker side: called with each open panel's window and a function that closes it. */
export function onPanelPresence(callback: (windowId: number, close: () => void, gone: Promise<void>) => void): void {
  chrome.runtime.onConnect.addListener((port) => {
    if (port.name !== PANEL_PORT || port.sender?.id !== chrome.runtime.id) return;
    const gone = new Promise<void>((resolve) => port.onDisconnect.addListener(() => resolve()));
    port.onMessage.addListener((raw: unknown) => {
      if (v.is(PresenceSchema, raw)) callback(raw.windowId, () => port.postMessage({ close: true }), gone);
    });
  });
}
