/**
 * What the worker leaves for a window's panel after the user chose an image item in the page's
 * context menu: "Screenshot for Gloss" (the panel takes the screenshot itself, so the user sees
 * and crops exactly what will be sent), or "Ask Gloss about this image" (already prepared, and
 * how it was got, so the panel can say what is sent). Apart from the page material's key, so the
 * two never wait on each other.
 */
import * as v from 'valibot';
import { ImageSchema } from './image';
import { t } from '../i18n';

/** `chrome.storage.session`: the image (or why there is none) waiting for `windowId`'s panel. */
export function pendingImageKey(windowId: number): string {
  return `gloss.pendingImage.${windowId}`;
}

const PendingImageSchema = v.union([
  v.object({ screenshot: v.literal(true) }),
  /** `fetched`: the image's own file; `cropped`: cut from a screenshot of the tab. */
  /** `scaled`: the file was larger than is sent, and scaled down. */
  v.object({ image: ImageSchema, how: v.picklist(['fetched', 'cropped']), scaled: v.optional(v.boolean()) }),
  v.object({ error: v.string() }),
]);
export type PendingImage = v.InferOutput<typeof PendingImageSchema>;

/**
 * What was stored, checked (storage is written by the worker only, but read as untrusted).
 * Nothing stored is nothing pending; anything else that is not what the worker writes (damaged,
 * or left by another version) is said, as `readPending` says it of page material: the user chose
 * the menu item and the panel opened, so silence would look like Gloss ignored them.
 */
export function readPendingImage(stored: unknown): PendingImage | null {
  if (stored === undefined || stored === null) return null;
  const parsed = v.safeParse(PendingImageSchema, stored);
  if (parsed.success) return parsed.output;
  return { error: t('imageNotPassed', v.summarize(parsed.issues).split('\n')[0] ?? '') };
}
