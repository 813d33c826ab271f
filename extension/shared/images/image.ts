/**
 * An image a question carries (pasted or dropped into the composer): checked when it crosses the
 * chat port, stored with its turn, and sent in the protocol's wire format by the core, which
 * checks its bytes again. Base64, because it travels as JSON and is stored and exported so.
 */
import * as v from 'valibot';
import type { ImageMediaType } from '../../../crates/gloss-wasm/pkg/gloss_wasm';

/** The types every protocol takes (the core's `MEDIA_TYPES`; core.test.ts checks these copies
 * of the core's limits, which the panel needs without loading the WASM). */
export const IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
] as const satisfies readonly ImageMediaType[];

/** Largest image, in base64 characters: the core's cap (Anthropic's 5 MB per image). */
export const MAX_IMAGE_BASE64 = 5 * 1024 * 1024;

/** Most images one question may carry: each costs up to ~1,600 tokens and 5 MB on the port. */
export const MAX_IMAGES = 4;

/** The long side images are scaled down to: what Anthropic uses as is, and OpenAI and Gemini tile. */
export const MAX_IMAGE_SIDE = 1568;

export const ImageSchema = v.object({
  mediaType: v.picklist(IMAGE_TYPES),
  data: v.pipe(v.string(), v.nonEmpty(), v.maxLength(MAX_IMAGE_BASE64), v.regex(/^[A-Za-z0-9+/]+={0,2}$/)),
  /** The size in pixels as sent, shown beside the thumbnail. */
  width: v.pipe(v.number(), v.integer(), v.minValue(1)),
  height: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type QuestionImage = v.InferOutput<typeof ImageSchema>;

/** A question's images: at most `MAX_IMAGES`. */
export const ImagesSchema = v.pipe(v.array(ImageSchema), v.maxLength(MAX_IMAGES));
