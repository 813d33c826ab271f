/**
 * The images waiting to go with the next question: a thumbnail each (as sent), removable; and
 * the area that takes pasted and dropped images (`useImages`), with them shown at its top.
 */
import './ImageChips.css';
import { createContext, type ReactNode } from 'react';
import type { QuestionImage } from '../../shared/image';
import { t } from '../../shared/i18n';
import type { useImages } from './useImages';

/** The images waiting in the composer, for what inside it sizes the question (the quote's fit). */
export const ComposerImages = createContext<readonly QuestionImage[]>([]);

/** An area whose pastes and drops of image files go to `images`, shown above its `children`. */
export function ImageArea(props: { className: string; images: ReturnType<typeof useImages>; children: ReactNode }) {
  const { className, images, children } = props;
  return (
    <div className={className} {...images.handlers}>
      <ImageChips images={images.images} notice={images.notice} onRemove={images.remove} />
      <ComposerImages.Provider value={images.images}>{children}</ComposerImages.Provider>
    </div>
  );
}

interface Props {
  images: readonly QuestionImage[];
  notice: string | null;
  onRemove: (index: number) => void;
}

export function ImageChips({ images, notice, onRemove }: Props) {
  if (images.length === 0 && !notice) return null;
  return (
    <div className="image-chips" role="group" aria-label={t('imagesAttached')}>
      {images.map((image, i) => (
        <figure key={`${i}-${image.data.length}`} className="image-chip">
          <img
            src={`data:${image.mediaType};base64,${image.data}`}
            alt={t('imageAlt', String(i + 1), `${image.width}×${image.height}`)}
          />
          <button
            type="button"
            className="ghost"
            aria-label={t('removeImage', String(i + 1))}
            onClick={() => onRemove(i)}
          >
            ×
          </button>
        </figure>
      ))}
      {notice && (
        <p className="hint" role="status">
          {notice}
        </p>
      )}
    </div>
  );
}
