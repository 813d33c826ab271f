/**
 * The screenshot being cropped in the composer: taken on the user's click (or the page menu's
 * "Screenshot for Gloss"), shown whole in `ScreenshotDialog` until the user keeps a part (or
 * all) of it, which then goes the way of any image (`shared/image-prepare.ts`) into the
 * composer. Nothing is kept or sent without that choice.
 */
import { useCallback, useState } from 'react';
import { messageOf } from '../../shared/errors';
import type { QuestionImage } from '../../shared/images/image';
import { dataUrlBlob, prepareImage, type PixelRect } from '../../shared/images/image-prepare';
import { captureTab } from './screenshot';

interface Sink {
  offer: (image: QuestionImage, notice: string | null) => void;
  fail: (message: string) => void;
}

export function useScreenshot({ offer, fail }: Sink) {
  /** The capture, as a PNG data URL, while the user chooses what to keep. */
  const [shot, setShot] = useState<string | null>(null);
  const [taking, setTaking] = useState(false);

  const take = useCallback(() => {
    setTaking(true);
    captureTab()
      .then(setShot, (e: unknown) => fail(messageOf(e)))
      .finally(() => setTaking(false));
  }, [fail]);

  const keep = (region: PixelRect | null) => {
    if (!shot) return;
    setShot(null);
    prepareImage(dataUrlBlob(shot), region ?? undefined).then(
      (image) => offer(image, null),
      (e: unknown) => fail(messageOf(e)),
    );
  };

  return { shot, taking, take, keep, cancel: () => setShot(null) };
}
