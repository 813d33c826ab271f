/**
 * The stored form of conversations (IndexedDB, owned by the worker). A conversation is a tree
 * of turns (a question and its answer): regenerating or editing a question adds a sibling, so
 * earlier versions stay, and `leafId` says which path is shown.
 */
import * as v from 'valibot';
import { AttachmentSchema } from './attachment';

export const TURN_STATUSES = ['streaming', 'done', 'stopped', 'error', 'interrupted'] as const;
export type TurnStatus = (typeof TURN_STATUSES)[number];

const UsageSchema = v.object({ inputTokens: v.number(), outputTokens: v.number() });

export const TurnSchema = v.object({
  id: v.string(),
  conversationId: v.string(),
  /** The turn this one follows; null for the first question. */
  parentId: v.nullable(v.string()),
  createdAt: v.number(),
  question: v.string(),
  attachments: v.optional(v.array(AttachmentSchema)),
  /** The answer's markdown as received (while streaming, the chunks store holds the rest). */
  answer: v.string(),
  /** The model's visible reasoning, if it showed any. */
  reasoning: v.optional(v.string()),
  status: v.picklist(TURN_STATUSES),
  error: v.optional(v.object({ code: v.string(), message: v.string() })),
  usage: v.optional(UsageSchema),
  finishReason: v.optional(v.string()),
  /** The model that wrote the answer, as the provider named it. */
  model: v.optional(v.string()),
});
export type TurnRecord = v.InferOutput<typeof TurnSchema>;

export const ConversationSchema = v.object({
  id: v.string(),
  title: v.string(),
  /** The user renamed it: automatic titles no longer apply. */
  titleEdited: v.boolean(),
  createdAt: v.number(),
  updatedAt: v.number(),
  /** The last turn of the path shown; null while empty. */
  leafId: v.nullable(v.string()),
  /** Instructions sent first with every question of this conversation. */
  systemPrompt: v.optional(v.string()),
  providerId: v.optional(v.string()),
});
export type ConversationRecord = v.InferOutput<typeof ConversationSchema>;

/** What the list shows of a conversation. */
export const SummarySchema = v.object({
  id: v.string(),
  title: v.string(),
  updatedAt: v.number(),
});
export type Summary = v.InferOutput<typeof SummarySchema>;

/** A turn as the panel receives it: stored answers come with their HTML. */
export const TurnViewSchema = v.object({ ...TurnSchema.entries, html: v.string() });
export type TurnView = v.InferOutput<typeof TurnViewSchema>;

/** One conversation with all its turns: the unit of export, import and undo. */
export const ConversationDataSchema = v.object({
  conversation: ConversationSchema,
  turns: v.array(TurnSchema),
});
export type ConversationData = v.InferOutput<typeof ConversationDataSchema>;

export const EXPORT_FORMAT = 'gloss.conversations';
export const ExportSchema = v.object({
  format: v.literal(EXPORT_FORMAT),
  version: v.literal(1),
  exportedAt: v.number(),
  conversations: v.array(ConversationDataSchema),
});
export type ExportFile = v.InferOutput<typeof ExportSchema>;

/** A question just asked, before any answer: how the worker stores it and the panel shows it. */
export function newTurn(fields: {
  id: string;
  conversationId: string;
  parentId: string | null;
  question: string;
  attachments?: TurnRecord['attachments'];
}): TurnRecord {
  const { attachments, ...rest } = fields;
  return {
    ...rest,
    createdAt: Date.now(),
    attachments: attachments?.length ? attachments : undefined,
    answer: '',
    status: 'streaming',
  };
}

const TITLE_CHARS = 60;

/** An automatic title: the first question's first line, cut at a word near 60 characters. */
export function titleFor(question: string): string {
  const line =
    question
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  if (line === '') return 'New chat';
  if (line.length <= TITLE_CHARS) return line;
  const cut = line.slice(0, TITLE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The one-shot messages about stored conversations (part of `Protocol` in messages.ts). */
export const HISTORY_MESSAGES = {
  /** Conversations, most recent first; with a query, those whose words start with its words. */
  'history.list': {
    req: v.object({ query: v.pipe(v.string(), v.maxLength(500)) }),
    res: v.object({ conversations: v.array(SummarySchema), damaged: v.number() }),
  },
  /** One conversation with every turn; `live` turns are still being answered (attach to them). */
  'history.open': {
    req: v.object({ id: v.string() }),
    res: v.nullable(
      v.object({
        conversation: ConversationSchema,
        turns: v.array(TurnViewSchema),
        live: v.array(v.string()),
        damaged: v.number(),
      }),
    ),
  },
  'history.update': {
    req: v.object({
      id: v.string(),
      title: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
      leafId: v.optional(v.string()),
      systemPrompt: v.optional(v.pipe(v.string(), v.maxLength(20_000))),
    }),
    res: v.object({}),
  },
  /** Deletes a conversation and hands it back whole, for Undo. */
  'history.delete': {
    req: v.object({ id: v.string() }),
    res: v.object({ removed: v.nullable(ConversationDataSchema) }),
  },
  'history.restore': { req: v.object({ data: ConversationDataSchema }), res: v.object({}) },
  /** The export file for some conversations (all when `ids` is absent). */
  'history.export': {
    req: v.object({ ids: v.optional(v.array(v.string())) }),
    res: v.object({ file: ExportSchema }),
  },
  /** Adds the conversations of an export file (checked by the worker); existing ones are kept. */
  'history.import': { req: v.object({ file: v.unknown() }), res: v.object({ imported: v.number() }) },
} as const;
