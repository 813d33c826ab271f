/**
 * The composer's images: taken from a paste or a drop (only image files; anything else is left
 * to the other handlers), a screenshot or the page's menu, prepared by `shared/image-prepare.ts`,
 * shown until sent or removed. A file the browser cannot read, or one too many, is said in
 * `notice`; nothing typed is touched, and a refused question's images come back.
 */
import { useCallback, useState } from 'react';
import type { QuestionImage } from '../../shared/images/image';
import { messageOf } from '../../shared/errors';
import { prepareImage } from '../../shared/images/image-prepare';
import { addImages, imageHandlers, withoutTaken } from './image-input';

export function useImages(returned: { images?: QuestionImage[] } | null) {
  // One state, so adding images and saying why some were not added is one pure update.
  const [held, setHeld] = useState<{ images: QuestionImage[]; notice: string | null }>({ images: [], notice: null });
  // A question the worker refused comes back with its images, before any added since.
  const [given, setGiven] = useState(returned);
  if (returned !== given) {
    setGiven(returned);
    if (returned?.images?.length) setHeld(addImages(returned.images, held.images));
  }

  const add = (files: File[]) => {
    void Promise.allSettled(files.map((file) => prepareImage(file))).then((results) => {
      const ready = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const failed = results.find((r) => r.status === 'rejected');
      setHeld(({ images }) => {
        const next = addImages(images, ready);
        return { images: next.images, notice: failed ? messageOf(failed.reason) : next.notice };
      });
    });
  };

  // Stable, for hooks that add images later (a screenshot, an image from the page's menu).
  const offer = useCallback((image: QuestionImage, notice: string | null) => {
    setHeld(({ images }) => {
      const next = addImages(images, [image]);
      return { images: next.images, notice: next.notice ?? notice };
    });
  }, []);
  const fail = useCallback((notice: string) => setHeld(({ images }) => ({ images, notice })), []);

  return {
    images: held.images,
    notice: held.notice,
    /** For the composer's area: a paste or drop of image files adds them, and nothing else. */
    handlers: imageHandlers(add),
    /** Adds an image made ready elsewhere, saying `notice` (what was sent) beside it. */
    offer,
    /** Says why an image could not be added; the images held stay. */
    fail,
    remove: (index: number) =>
      setHeld(({ images }) => ({ images: images.filter((_, i) => i !== index), notice: null })),
    /**
     * The images, handed over to be sent: the composer holds none of them after. Called when the
     * send goes, perhaps after the sources were sized: images added meanwhile stay.
     */
    take: (): QuestionImage[] => {
      const taken = held.images;
      setHeld(({ images }) => ({ images: withoutTaken(images, taken), notice: null }));
      return taken;
    },
  };
}
