/**
 * The chat stream: each answer runs over its own `Port`, on which the panel sends commands and
 * the worker sends back events. Compile-time checks keep the events in step with the Rust
 * core's types (its error codes and finish reasons: `core-enums.ts`).
 */
import * as v from 'valibot';
import browser, { type Runtime } from 'webextension-polyfill';
import type { RenderPatch } from '../../../crates/gloss-wasm/pkg/gloss_wasm';
import { AttachmentSchema } from '../attachment';
import { ERROR_CODES, FINISH_REASONS, type Check, type Covers } from '../core-enums';
import { ConversationSchema, MAX_INSTRUCTIONS, ShownTurnSchema, ToolsOffSchema } from '../history';
import { ImagesSchema } from '../images/image';
import { fromOwnPage } from './sender';
import { MissingToolsSchema, ToolStepSchema } from '../tools/tool-steps';

export const ChatMessageSchema = v.object({
  role: v.picklist(['system', 'user', 'assistant']),
  content: v.string(),
  /** Page material attached to a user message; the worker fences it as untrusted. */
  attachments: v.optional(v.array(AttachmentSchema)),
  /** Images shown with a user message; the worker sends them as the message's image parts. */
  images: v.optional(ImagesSchema),
});
export type ChatMessage = v.InferOutput<typeof ChatMessageSchema>;

const WindowIdSchema = v.pipe(v.number(), v.integer());

/**
 * Panel → worker on a chat port. The worker builds the messages from the stored conversation;
 * the port follows one turn. Closing the port never stops the answer (only `stop` does).
 */
export const ChatCommandSchema = v.variant('type', [
  v.object({
    type: v.literal('ask'),
    /** A new id starts a new conversation. */
    conversationId: v.pipe(v.string(), v.uuid()),
    /** The new turn's id, chosen by the panel so it can show the question at once. */
    turnId: v.pipe(v.string(), v.uuid()),
    /** The turn this question follows (a sibling of an edited question shares its parent). */
    parentId: v.nullable(v.string()),
    question: v.pipe(v.string(), v.maxLength(1_000_000)),
    attachments: v.optional(v.array(AttachmentSchema)),
    /**
     * The turn whose material this question keeps (an edited question), instead of
     * `attachments`: the panel holds only the start of a stored quote.
     */
    attachmentsOf: v.optional(v.string()),
    images: v.optional(ImagesSchema),
    /** The provider and model for this question; the defaults when absent. */
    providerId: v.optional(v.string()),
    model: v.optional(v.string()),
    /** Instructions for a conversation this question starts (ignored for an existing one). */
    systemPrompt: v.optional(v.pipe(v.string(), v.maxLength(MAX_INSTRUCTIONS))),
    /** The tools this chat switches off (a new conversation keeps them). */
    toolsOff: v.optional(ToolsOffSchema),
    /** The chat's "Search the web" (a new conversation keeps it). */
    web: v.optional(v.boolean()),
    /** The panel's window: `read_tab` reads the tab open beside the chat there. */
    windowId: v.optional(WindowIdSchema),
  }),
  /** A new version (`turnId`) of a turn's answer (`of`), to the same question. */
  v.object({
    type: v.literal('regenerate'),
    of: v.string(),
    turnId: v.pipe(v.string(), v.uuid()),
    providerId: v.optional(v.string()),
    model: v.optional(v.string()),
    toolsOff: v.optional(ToolsOffSchema),
    web: v.optional(v.boolean()),
    windowId: v.optional(WindowIdSchema),
  }),
  /** Carries on an interrupted or stopped answer in the same turn. */
  v.object({
    type: v.literal('continue'),
    turnId: v.string(),
    providerId: v.optional(v.string()),
    model: v.optional(v.string()),
    toolsOff: v.optional(ToolsOffSchema),
    web: v.optional(v.boolean()),
    windowId: v.optional(WindowIdSchema),
    /** Asks again without the question's images (the model cannot see): they are dropped from the turn. */
    withoutImages: v.optional(v.literal(true)),
    /** Asks again offering no tools (the model cannot use them). */
    withoutTools: v.optional(v.literal(true)),
  }),
  /** The user's answer to a tool call that asks first (`callId`: its step's id). */
  v.object({
    type: v.literal('approve'),
    callId: v.string(),
    decision: v.picklist(['once', 'always', 'deny']),
  }),
  /** Follows an answer that is already being written (after the panel reopened). */
  v.object({ type: v.literal('attach'), turnId: v.string() }),
  v.object({ type: v.literal('stop') }),
]);
export type ChatCommand = v.InferOutput<typeof ChatCommandSchema>;

const RenderPatchSchema = v.object({
  frozen: v.array(v.string()),
  tail: v.string(),
  reset: v.optional(v.boolean()),
  tailCode: v.optional(v.object({ append: v.string(), live: v.string() })),
  tailRows: v.optional(v.object({ append: v.string(), live: v.string(), after: v.optional(v.string()) })),
});
// The schema and the core's declared type must agree, both ways.
export type RenderPatchMatches = Check<
  [
    Covers<keyof RenderPatch, keyof v.InferOutput<typeof RenderPatchSchema>>,
    v.InferOutput<typeof RenderPatchSchema> extends RenderPatch ? true : false,
  ] extends [true, true]
    ? true
    : false
>;

/**
 * Worker → panel on a chat port. `chunk` carries a piece of the answer's text and the render
 * patch that shows it (see `RenderPatch` in the core's types).
 */
export const ChatEventSchema = v.variant('type', [
  /** First on every port: the turn it follows, as stored when the port started following. */
  v.object({
    type: v.literal('turn'),
    turn: ShownTurnSchema,
    conversation: ConversationSchema,
    /** With tool steps: the HTML of the answer's parts before the one being written. */
    parts: v.optional(v.array(v.string())),
  }),
  /** `attach` found no answer being written: read the turn from storage instead. */
  v.object({ type: v.literal('gone') }),
  /** Received text could not be stored; it is still shown, and kept while the panel is open. */
  v.object({ type: v.literal('saveFailed'), message: v.string() }),
  v.object({ type: v.literal('chunk'), text: v.string(), patch: RenderPatchSchema }),
  v.object({ type: v.literal('reasoning'), text: v.string() }),
  /**
   * A tool call, new or changed (matched by `step.id`). A new one sits where the answer's text
   * stands: the text before it is final, the text after it starts a new part.
   */
  v.object({ type: v.literal('step'), step: ToolStepSchema }),
  /** The tool loop stopped at its round limit (`rounds`) before the model had answered. */
  v.object({ type: v.literal('roundLimit'), rounds: v.number() }),
  /** Servers whose tools this answer could not offer, said in the chat. */
  v.object({ type: v.literal('toolsMissing'), missing: v.array(MissingToolsSchema) }),
  /**
   * A model on this computer is being loaded into memory before it can answer (`loading: true`),
   * or has been (`false`). Sent again to a panel that joins while it loads.
   */
  v.object({ type: v.literal('modelLoading'), loading: v.boolean() }),
  /** The model the response named (see the turn's `answeredBy`). */
  v.object({ type: v.literal('model'), name: v.string() }),
  v.object({
    type: v.literal('usage'),
    inputTokens: v.number(),
    outputTokens: v.number(),
    estimated: v.optional(v.boolean()),
  }),
  v.object({ type: v.literal('done'), reason: v.picklist(FINISH_REASONS) }),
  v.object({ type: v.literal('stopped') }),
  v.object({ type: v.literal('error'), code: v.picklist(ERROR_CODES), message: v.string() }),
]);
export type ChatEvent = v.InferOutput<typeof ChatEventSchema>;

// The port itself: the panel opens one per answer it follows.

export const CHAT_PORT = 'gloss.chat';

/**
 * A typed chat port; `listen` drops (and logs) anything that fails the schema. `postAll` sends
 * several messages as one (an array), which `listen` hands on one by one, in order: each port
 * message costs the sender a fixed few tenths of a millisecond, however small (bench:tools).
 */
export interface TypedPort<In, Out> {
  post: (message: Out) => void;
  postAll?: (messages: readonly Out[]) => void;
  listen: (onMessage: (message: In) => void) => void;
  onClose: (callback: () => void) => void;
  close: () => void;
}

export function typed<In, Out>(port: Runtime.Port, schema: v.GenericSchema<unknown, In>): TypedPort<In, Out> {
  let open = true;
  port.onDisconnect.addListener(() => (open = false));
  return {
    post: (message) => {
      if (open) port.postMessage(message);
    },
    postAll: (messages) => {
      if (open) port.postMessage(messages);
    },
    listen: (onMessage) => {
      const one = (raw: unknown) => {
        const parsed = v.safeParse(schema, raw);
        if (parsed.success) onMessage(parsed.output);
        else console.warn('Gloss: dropped a malformed chat message', v.summarize(parsed.issues));
      };
      port.onMessage.addListener((raw: unknown) => (Array.isArray(raw) ? raw.forEach(one) : one(raw)));
    },
    onClose: (callback) => port.onDisconnect.addListener(callback),
    close: () => {
      open = false;
      port.disconnect();
    },
  };
}

/** Panel side: opens the port for one answer. */
export function connectChat(): TypedPort<ChatEvent, ChatCommand> {
  return typed(browser.runtime.connect({ name: CHAT_PORT }), ChatEventSchema);
}

/**
 * Worker side: called for each chat port opened by this extension's pages. A chat port from
 * anywhere else (a script in a web page) is closed at once.
 */
export function onChatConnect(callback: (port: TypedPort<ChatCommand, ChatEvent>) => void): void {
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== CHAT_PORT) return;
    if (!fromOwnPage(port.sender)) {
      port.disconnect();
      return;
    }
    callback(typed(port, ChatCommandSchema));
  });
}
