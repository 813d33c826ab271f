/**
 * The images waiting to go with the next question: a thumbnail each (as sent), removable; and
 * the area that takes pasted and dropped images (`useImages`) and a scanned PDF's pages, with
 * them shown at its top.
 */
import './ImageChips.css';
import X from 'lucide-react/icons/x';
import { IconButton } from '../IconButton';
import { createContext, useState, type ReactNode } from 'react';
import type { QuestionImage } from '../../shared/images/image';
import { t } from '../../shared/i18n';
import type { useImages } from './useImages';
import type { ScannedPdf } from '../pdf/pdf-pages';
import { ScannedPages } from '../pdf/ScannedPages';

/**
 * The composer's images, for what inside its area reads them (the quote's fit counts them) or
 * adds to them (the screenshot); null outside a composer.
 */
export const ComposerImages = createContext<ReturnType<typeof useImages> | null>(null);

interface AreaProps {
  className: string;
  images: ReturnType<typeof useImages>;
  /** A scanned PDF whose pages the user may add as images, and what to call once they are in. */
  scanned: { scan: ScannedPdf | null; onTaken: () => void };
  /** The chosen model, when its provider says it cannot see: said as soon as an image is in. */
  blindModel: string | null;
  children: ReactNode;
}

/** An area whose pastes and drops of image files go to `images`, shown above its `children`. */
export function ImageArea({ className, images, scanned, blindModel, children }: AreaProps) {
  const { scan, onTaken } = scanned;
  return (
    <div className={className} {...images.handlers}>
      <ImageChips images={images.images} notice={images.notice} onRemove={images.remove} />
      {blindModel && images.images.length > 0 && (
        <p className="error image-blind" role="alert">
          {t('modelCannotSee', blindModel)}
        </p>
      )}
      {scan && <ScannedPages key={scan.title} scan={scan} images={images} onDone={onTaken} />}
      <ComposerImages.Provider value={images}>{children}</ComposerImages.Provider>
    </div>
  );
}

interface Props {
  images: readonly QuestionImage[];
  notice: string | null;
  onRemove: (index: number) => void;
}

const urlOf = (image: QuestionImage) => `data:${image.mediaType};base64,${image.data}`;
const altOf = (image: QuestionImage, i: number) => t('imageAlt', String(i + 1), `${image.width}×${image.height}`);

export function ImageChips({ images, notice, onRemove }: Props) {
  // The image shown large (a click on its thumbnail), as it will be sent.
  const [enlarged, setEnlarged] = useState<number | null>(null);
  const large = enlarged === null ? undefined : images[enlarged];
  if (images.length === 0 && !notice) return null;
  return (
    <div className="image-chips" role="group" aria-label={t('imagesAttached')}>
      {images.map((image, i) => (
        <figure key={`${i}-${image.data.length}`} className="image-chip">
          <button
            type="button"
            className="image-enlarge"
            title={t('enlargeImage', String(i + 1))}
            onClick={() => setEnlarged(i)}
          >
            <img src={urlOf(image)} alt={altOf(image, i)} />
          </button>
          <IconButton icon={X} label={t('removeImage', String(i + 1))} className="ghost" onClick={() => onRemove(i)} />
        </figure>
      ))}
      {large && enlarged !== null && (
        <div className="image-large" role="dialog" aria-modal="true" aria-label={altOf(large, enlarged)}>
          <img src={urlOf(large)} alt={altOf(large, enlarged)} />
          <button
            type="button"
            autoFocus
            onClick={() => setEnlarged(null)}
            onKeyDown={(e) => e.key === 'Escape' && setEnlarged(null)}
          >
            {t('closeImage')}
          </button>
        </div>
      )}
      {notice && (
        <p className="hint" role="status">
          {notice}
        </p>
      )}
    </div>
  );
}
