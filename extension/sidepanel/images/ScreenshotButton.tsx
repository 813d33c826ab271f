/**
 * The composer's screenshot button and the crop that follows it, and images the page's context
 * menu sends (a screenshot asked for there, or an image on the page): all end in the composer's
 * images, with a word on what will be sent.
 */
import Camera from 'lucide-react/icons/camera';
import { useContext } from 'react';
import { IconButton } from '../IconButton';
import { t } from '../../shared/i18n';
import type { PendingImage } from '../../shared/images/pending-image';
import { ComposerImages } from './ImageChips';
import { ScreenshotDialog } from './ScreenshotDialog';
import { useScreenshot } from './useScreenshot';
import { useTabImages } from './useTabImages';
import type { useImages } from './useImages';

/** The screenshot state of the composer, fed by the button and by the page's menu. */
function useImageSources(images: ReturnType<typeof useImages>) {
  const { offer, fail } = images;
  const screenshot = useScreenshot({ offer, fail });
  useTabImages((pending: PendingImage) => {
    if ('screenshot' in pending) screenshot.take();
    else if ('error' in pending) fail(pending.error);
    else {
      const size = `${pending.image.width}×${pending.image.height}`;
      const note =
        pending.how === 'cropped' ? 'pageImageCropped' : pending.scaled ? 'pageImageFetched' : 'pageImageWhole';
      offer(pending.image, t(note, size));
    }
  });
  return screenshot;
}

/** The button, where the composer's images are (`ImageArea`); nothing elsewhere. */
export function ScreenshotButton() {
  const images = useContext(ComposerImages);
  return images && <Screenshot images={images} />;
}

function Screenshot({ images }: { images: ReturnType<typeof useImages> }) {
  const screenshot = useImageSources(images);
  return (
    <>
      <IconButton
        icon={Camera}
        label={t('screenshotTake')}
        className="screenshot-take"
        disabled={screenshot.taking}
        onClick={screenshot.take}
      />
      {screenshot.shot && (
        <ScreenshotDialog shot={screenshot.shot} onKeep={screenshot.keep} onCancel={screenshot.cancel} />
      )}
    </>
  );
}
