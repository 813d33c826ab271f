/**
 * The one-shot messages about stored conversations (part of `Protocol` in `envelope.ts`): list,
 * search, open, change, delete and restore (export and import: `transfer.ts`). The stored form is
 * `../history.ts`.
 */
import * as v from 'valibot';
import { ConversationSchema, MAX_INSTRUCTIONS, SummarySchema, ToolsOffSchema, TurnViewSchema } from '../history';
import { MAX_IMAGES } from '../images/image';
import { ImageDataSchema, ImageRefSchema } from '../images/opened-images';

/** A turn as opening a conversation sends it: its images by reference (`opened-images.ts`). */
const OpenedTurnSchema = v.object({
  ...TurnViewSchema.entries,
  images: v.optional(v.pipe(v.array(ImageRefSchema), v.maxLength(MAX_IMAGES))),
});

export const HISTORY_MESSAGES = {
  /** Conversations, most recent first; with a query, those whose words start with its words. */
  'history.list': {
    req: v.object({ query: v.pipe(v.string(), v.maxLength(500)) }),
    res: v.object({ conversations: v.array(SummarySchema), damaged: v.number() }),
  },
  /**
   * One conversation with every turn, each of its images once in `images`; `live` turns are
   * still being answered (attach to them).
   */
  'history.open': {
    req: v.object({ id: v.string() }),
    res: v.nullable(
      v.object({
        conversation: ConversationSchema,
        turns: v.array(OpenedTurnSchema),
        images: v.record(v.string(), ImageDataSchema),
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
      systemPrompt: v.optional(v.pipe(v.string(), v.maxLength(MAX_INSTRUCTIONS))),
      /** The provider and model chosen in the header for this conversation. */
      choice: v.optional(v.object({ providerId: v.string(), model: v.pipe(v.string(), v.maxLength(512)) })),
      /** The tools switched off for this conversation. */
      toolsOff: v.optional(ToolsOffSchema),
      /** Its "Search the web" switch. */
      web: v.optional(v.boolean()),
    }),
    res: v.object({}),
  },
  /** Deletes a conversation; the worker keeps it a few minutes for `history.restore` (Undo). */
  'history.delete': {
    req: v.object({ id: v.string() }),
    res: v.object({ removed: v.nullable(SummarySchema) }),
  },
  /** Undoes a delete; null when the conversation is no longer in the trash. */
  'history.restore': { req: v.object({ id: v.string() }), res: v.object({ restored: v.nullable(SummarySchema) }) },
} as const;
