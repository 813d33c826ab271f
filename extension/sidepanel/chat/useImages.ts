/**
 * The composer's images: taken from a paste or a drop (only image files; anything else is left
 * to the other handlers), prepared by `image-input.ts`, shown until sent or removed. A file the
 * browser cannot read, or one too many, is said in `notice`; nothing typed is touched.
 */
import { useState } from 'react';
import type { QuestionImage } from '../../shared/image';
import { messageOf } from '../../shared/errors';
import { addImages, imageHandlers, prepareImage } from './image-input';

export function useImages() {
  const [images, setImages] = useState<QuestionImage[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  const add = (files: File[]) => {
    setNotice(null);
    void Promise.allSettled(files.map(prepareImage)).then((results) => {
      const ready = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const failed = results.find((r) => r.status === 'rejected');
      setImages((held) => {
        const next = addImages(held, ready);
        setNotice(failed ? messageOf(failed.reason) : next.notice);
        return next.images;
      });
    });
  };

  return {
    images,
    notice,
    /** For the composer's area: a paste or drop of image files adds them, and nothing else. */
    handlers: imageHandlers(add),
    remove: (index: number) => setImages((held) => held.filter((_, i) => i !== index)),
    /** The images, handed over to be sent: the composer holds none after. */
    take: (): QuestionImage[] => {
      setImages([]);
      setNotice(null);
      return images;
    },
  };
}
