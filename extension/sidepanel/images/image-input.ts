/**
 * Images pasted or dropped into the composer, handed to `shared/image-prepare.ts` to be made
 * ready to send. Only image files are claimed: any other paste or drop is left to whoever
 * handles it (text, PDFs).
 */
import { MAX_IMAGES, type QuestionImage } from '../../shared/images/image';
import { t } from '../../shared/i18n';

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
 * The composer's images once `taken` went with a question: any added since (pasted while the
 * sources were sized for that send) stay for the next one.
 */
export function withoutTaken(held: readonly QuestionImage[], taken: readonly QuestionImage[]): QuestionImage[] {
  return held.filter((image) => !taken.includes(image));
}
