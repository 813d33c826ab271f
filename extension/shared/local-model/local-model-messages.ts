/**
 * The one-shot messages of the model that runs inside Gloss (part of `Protocol` in
 * `protocol/envelope.ts`): the panel reads each model's state (polling about four times a second
 * while one downloads), starts and cancels a download, and removes a stored model. The panel
 * names a model by its catalogue id, never by URL: the worker downloads only what
 * `catalogue.ts` lists.
 */
import * as v from 'valibot';

/** A catalogue id (`catalogue.ts`); unknown ids are refused by the worker. */
const ModelId = v.pipe(v.string(), v.maxLength(100));

/** Where a model stands: not stored, downloading, stored and checked, or its download failed. */
export const LocalModelStateSchema = v.picklist(['absent', 'downloading', 'ready', 'failed']);
export type LocalModelState = v.InferOutput<typeof LocalModelStateSchema>;

/** One catalogue model as the browser holds it. */
export const LocalModelStatusSchema = v.object({
  id: v.string(),
  state: LocalModelStateSchema,
  /** Bytes downloaded so far (while downloading). */
  loaded: v.optional(v.number()),
  /** Bytes the download will take (while downloading). */
  total: v.optional(v.number()),
  /** Bytes this model's file takes in the browser's storage now (0 when absent). */
  storedBytes: v.number(),
  /** Why the download failed, in the user's language (state 'failed'). */
  problem: v.optional(v.string()),
});
export type LocalModelStatus = v.InferOutput<typeof LocalModelStatusSchema>;

export const LOCAL_MODEL_MESSAGES = {
  /** Every catalogue model's state, in catalogue order. */
  'localModel.state': { req: v.object({}), res: v.object({ models: v.array(LocalModelStatusSchema) }) },
  /** Starts downloading `id` (already downloading or ready: nothing to do); progress is read by polling state. */
  'localModel.download': { req: v.object({ id: ModelId }), res: v.object({ ok: v.literal(true) }) },
  /** Stops a download of `id`; nothing of it is kept. */
  'localModel.cancel': { req: v.object({ id: ModelId }), res: v.object({ ok: v.literal(true) }) },
  /** Deletes the stored `id` (and stops its download); `freed` is the bytes given back. */
  'localModel.remove': { req: v.object({ id: ModelId }), res: v.object({ freed: v.number() }) },
} as const;
