/**
 * An image made ready to send, wherever it came from (a paste, a drop, a screenshot of the tab,
 * an image on the page): decoded by the browser, cut to the part the user kept, scaled down to
 * the long side providers use (larger ones they scale down themselves, billing the upload and
 * the time), and re-encoded as JPEG, which every protocol takes. Shared by the panel and the
 * worker, which both have `createImageBitmap` and `OffscreenCanvas`.
 */
import { MAX_IMAGE_BASE64, MAX_IMAGE_SIDE, type QuestionImage } from './image';
import { t } from '../i18n';

/** JPEG quality: text in screenshots stays sharp, and a 1568-px screenshot stays well under 1 MB. */
const JPEG_QUALITY = 0.9;

/** A rectangle in an image's own pixels. */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `width × height` scaled down (never up) so its long side is at most `max`. */
export function fitWithin(width: number, height: number, max = MAX_IMAGE_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Standard base64 of `bytes`, in slices so a large image does not overflow the call stack. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The bytes of a `data:<type>;base64,` URL (what `captureVisibleTab` gives) as a Blob. */
export function dataUrlBlob(url: string): Blob {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (!match) throw new Error(t('imageUnreadable'));
  const binary = atob(match[2] ?? '');
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: match[1] });
}

/** `rect` rounded to whole pixels and kept inside a `width × height` image; null if nothing is left. */
export function clampRect(rect: PixelRect, width: number, height: number): PixelRect | null {
  const x0 = Math.max(0, Math.round(rect.x));
  const y0 = Math.max(0, Math.round(rect.y));
  const x1 = Math.min(width, Math.round(rect.x + rect.width));
  const y1 = Math.min(height, Math.round(rect.y + rect.height));
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/**
 * One image as it will be sent: decoded (the first frame of an animation), cut to `crop` if
 * given, scaled, drawn on white (JPEG has no transparency) and encoded. Throws a message for
 * the user when the browser cannot read it or it stays too large.
 */
export async function prepareImage(file: Blob, crop?: PixelRect): Promise<QuestionImage> {
  return (await prepareSized(file, crop)).image;
}

/** `prepareImage`, with whether it had to be scaled down to fit. */
export async function prepareSized(file: Blob, crop?: PixelRect): Promise<{ image: QuestionImage; scaled: boolean }> {
  const bitmap = await decode(file, crop);
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error(t('imageUnreadable'));
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
    const data = toBase64(new Uint8Array(await jpeg.arrayBuffer()));
    if (data.length > MAX_IMAGE_BASE64) throw new Error(t('imageTooLarge'));
    return { image: { mediaType: 'image/jpeg', data, width, height }, scaled: width !== bitmap.width };
  } finally {
    bitmap.close();
  }
}

async function decode(file: Blob, crop?: PixelRect): Promise<ImageBitmap> {
  try {
    if (!crop) return await createImageBitmap(file);
    return await createImageBitmap(file, crop.x, crop.y, crop.width, crop.height);
  } catch {
    throw new Error(t('imageUnreadable'));
  }
}
