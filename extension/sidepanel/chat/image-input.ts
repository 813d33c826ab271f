/**
 * Images pasted or dropped into the composer, made ready to send: decoded by the browser,
 * scaled down to the long side providers use (larger ones they scale down themselves, billing
 * the upload and the time), and re-encoded as JPEG, which every protocol takes. Only image
 * files are claimed: any other paste or drop is left to whoever handles it (text, PDFs).
 */
import { MAX_IMAGE_BASE64, MAX_IMAGE_SIDE, MAX_IMAGES, type QuestionImage } from '../../shared/image';
import { t } from '../../shared/i18n';

/** JPEG quality: text in screenshots stays sharp, and a 1568-px screenshot stays well under 1 MB. */
const JPEG_QUALITY = 0.9;

/** The image files in a paste or drop (none when it carries only text, or other files). */
export function imageFiles(data: Carried | null): File[] {
  if (!data) return [];
  return Array.from(data.files).filter((f) => f.type.startsWith('image/'));
}

/** A paste's or drop's `DataTransfer`, as much of it as is read here. */
interface Carried {
  files: ArrayLike<File>;
  items: ArrayLike<{ kind: string; type: string }>;
}

/** A paste or drop event, as much of it as the handlers read. */
interface Transfer {
  preventDefault: () => void;
}

/**
 * Handlers that give `take` the image files of a paste or drop, claiming the event only then;
 * `onDragOver` allows dropping where image files are dragged.
 */
export function imageHandlers(take: (files: File[]) => void) {
  const claim = (e: Transfer, files: File[]) => {
    if (files.length === 0) return;
    e.preventDefault();
    take(files);
  };
  return {
    onPaste: (e: Transfer & { clipboardData: Carried | null }) => claim(e, imageFiles(e.clipboardData)),
    onDrop: (e: Transfer & { dataTransfer: Carried | null }) => claim(e, imageFiles(e.dataTransfer)),
    onDragOver: (e: Transfer & { dataTransfer: Carried | null }) => {
      const items = Array.from(e.dataTransfer?.items ?? []);
      if (items.some((i) => i.kind === 'file' && i.type.startsWith('image/'))) e.preventDefault();
    },
  };
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

/** What the composer keeps after adding `added` to `held`: at most `MAX_IMAGES`, and why not more. */
export function addImages(
  held: readonly QuestionImage[],
  added: readonly QuestionImage[],
): { images: QuestionImage[]; notice: string | null } {
  const images = [...held, ...added].slice(0, MAX_IMAGES);
  const dropped = held.length + added.length - images.length;
  return { images, notice: dropped > 0 ? t('imagesTooMany', String(MAX_IMAGES)) : null };
}

/**
 * One image file as it will be sent: decoded (the first frame of an animation), scaled, drawn on
 * white (JPEG has no transparency) and encoded. Throws a message for the user when the browser
 * cannot read it or it stays too large.
 */
export async function prepareImage(file: Blob): Promise<QuestionImage> {
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error(t('imageUnreadable'));
  });
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
    return { mediaType: 'image/jpeg', data, width, height };
  } finally {
    bitmap.close();
  }
}
