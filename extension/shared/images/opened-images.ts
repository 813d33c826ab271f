/**
 * A conversation's images on their way to the panel, and how many a conversation may hold.
 * Opening a conversation is one browser message, which Chrome refuses past 64 MiB; every version
 * of a turn keeps its question's images, so sent inside each turn an image would travel once per
 * version. The worker sends each image once beside the turns, which name it (`byReference`); the
 * panel puts them back (`inPlace`), sharing one string per image. A conversation holds at most
 * `MAX_CONVERSATION_IMAGE_CHARS` of images, so opening it stays well inside the limit, with room
 * for its text.
 */
import * as v from 'valibot';
import { ImageSchema, type QuestionImage } from './image';
import { t } from '../i18n';

/** Base64 characters of images one conversation may hold: 40 MiB, ~100 screenshots as sent. */
export const MAX_CONVERSATION_IMAGE_CHARS = 40 * 1024 * 1024;

/** An image named by its key in the opened conversation's `images`. */
export const ImageRefSchema = v.object({
  mediaType: ImageSchema.entries.mediaType,
  width: ImageSchema.entries.width,
  height: ImageSchema.entries.height,
  ref: v.string(),
});
export const ImageDataSchema = ImageSchema.entries.data;

interface WithImages<I> {
  images?: I[] | undefined;
}
type Ref = v.InferOutput<typeof ImageRefSchema>;

/** `turns` with each image's data replaced by a key into `images`, where each is once. */
export function byReference<T extends WithImages<QuestionImage>>(
  turns: T[],
): { turns: (Omit<T, 'images'> & WithImages<Ref>)[]; images: Record<string, string> } {
  const keys = new Map<string, string>();
  const images: Record<string, string> = {};
  const named = turns.map(({ images: own, ...turn }) => {
    if (!own) return turn;
    const refs = own.map(({ data, ...size }) => {
      let ref = keys.get(data);
      if (ref === undefined) {
        ref = String(keys.size);
        keys.set(data, ref);
        images[ref] = data;
      }
      return { ...size, ref };
    });
    return { ...turn, images: refs };
  });
  return { turns: named, images };
}

/** How many of a turn's images did not come with it (their data was not stored). */
interface Missing {
  imagesMissing?: number;
}

/**
 * `turns` with their images whole again. An image whose data is missing (a damaged store) is
 * counted in `imagesMissing`, so the question can say an image was there, and left out of
 * `images`, which an edited question sends again.
 */
export function inPlace<T extends WithImages<Ref>>(
  turns: T[],
  images: Record<string, string>,
): (Omit<T, 'images'> & WithImages<QuestionImage> & Missing)[] {
  return turns.map(({ images: refs, ...turn }) => {
    if (!refs) return turn;
    const whole = refs.flatMap(({ ref, ...size }) => {
      const data = images[ref];
      return data === undefined ? [] : [{ ...size, data }];
    });
    const missing = refs.length - whole.length;
    return { ...turn, images: whole, ...(missing > 0 && { imagesMissing: missing }) };
  });
}

/** Base64 characters of the distinct images in `turns`. */
export function imageChars(turns: readonly WithImages<QuestionImage>[]): number {
  const seen = new Set<string>();
  for (const turn of turns) for (const image of turn.images ?? []) seen.add(image.data);
  let chars = 0;
  for (const data of seen) chars += data.length;
  return chars;
}

/**
 * Why `added` may not join a conversation of `turns` (it would hold more images than it can and
 * still open), or null. Images it already holds cost nothing again.
 */
export function imageRoomProblem(
  turns: readonly WithImages<QuestionImage>[],
  added: readonly QuestionImage[] | undefined,
): string | null {
  if (!added?.length) return null;
  const held = imageChars(turns);
  if (imageChars([...turns, { images: [...added] }]) <= MAX_CONVERSATION_IMAGE_CHARS) return null;
  const mb = (chars: number) => (chars / 1024 / 1024).toFixed(1);
  return t('imagesConversationFull', mb(held), mb(MAX_CONVERSATION_IMAGE_CHARS));
}
