/**
 * The one-shot messages about page material (part of `Protocol` in `envelope.ts`): taking what
 * the context menu or shortcut left for this panel, and sizing it before sending.
 */
import * as v from 'valibot';
import { AttachmentSchema } from '../attachment';

export const CONTEXT_MESSAGES = {
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
  /**
   * How much of some material fits the provider's context window, before sending; `question`,
   * the text typed to go with it, takes its share of the window first.
   */
  'context.fit': {
    req: v.object({ text: v.string(), providerId: v.optional(v.string()), question: v.optional(v.string()) }),
    res: v.object({
      keptChars: v.number(),
      keptTokens: v.number(),
      totalTokens: v.number(),
      percent: v.number(),
      budget: v.number(),
    }),
  },
} as const;
