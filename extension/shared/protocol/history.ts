/**
 * The one-shot messages about stored conversations (part of `Protocol` in `envelope.ts`): list,
 * search, open, change, delete and restore, export and import. The stored form is `../history.ts`.
 */
import * as v from 'valibot';
import { ConversationDataSchema, ConversationSchema, ExportSchema, SummarySchema, TurnViewSchema } from '../history';

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
