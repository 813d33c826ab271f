/**
 * How much of the composer's sources fits the model's window, asked of the worker (the core's
 * estimate and share-out) after a pause in typing: the question and its images take their room
 * first, and the sources share the rest (`fit_all`: short ones whole, long ones evenly).
 */
import { useCallback, useContext, useEffect, useState } from 'react';
import type { Attachment } from '../../shared/attachment';
import type { QuestionImage } from '../../shared/images/image';
import { send } from '../../shared/protocol';
import { ComposerImages } from '../images/ImageChips';
import type { SourcesFit } from './send-sources';

export type { SourcesFit };

/** Outside a composer: one empty list, so the fit below is not asked again on every render. */
const NO_IMAGES: readonly QuestionImage[] = [];

/** The fit of source `i` if it was sized as it is now. */
export function fitOf(sized: SourcesFit | undefined, i: number, text: string) {
  return sized?.texts[i] === text ? sized.fits[i] : undefined;
}

export function useSourcesFit(
  sources: readonly Attachment[],
  providerId: string | undefined,
  question: string,
): SourcesFit | undefined {
  const [sized, setSized] = useState<SourcesFit>();
  const images = useContext(ComposerImages)?.images ?? NO_IMAGES;
  // One key for the texts, so a new array of the same sources asks nothing again.
  const texts = sources.map((s) => s.text);
  const key = texts.join('\u0000');
  useEffect(() => {
    if (texts.length === 0) return;
    let live = true;
    const sizes = images.map(({ width, height }) => ({ width, height }));
    const timer = setTimeout(() => {
      send('context.fitAll', { texts, providerId, images: sizes, question }).then(
        (r) => live && setSized({ texts, question, images, providerId, fits: r.fits }),
        () => undefined,
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `texts` is read through `key`: the same texts in a new array are not a change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, providerId, images, question]);
  return sized;
}

/**
 * The composer's choice for its sources: whether to send only what fits (on by default: nothing
 * goes over the window unless the user says so), and the fits on show (`send-sources.ts` sends by them).
 */
export function useSendChoice() {
  const [trim, setTrim] = useState(true);
  const [sized, setSized] = useState<SourcesFit>();
  const onSized = useCallback((s: SourcesFit | undefined) => setSized(s), []);
  return { trim, setTrim, onSized, sized };
}

/**
 * Whether all of `sources` fit whole with `question`, or null while that is not known (not
 * sized yet, or sized for other sources or another question).
 */
export function allFit(
  sized: SourcesFit | undefined,
  sources: readonly Attachment[],
  question: string,
): boolean | null {
  if (!sized || sized.question !== question || sources.length === 0) return null;
  const fits = sources.map((s, i) => fitOf(sized, i, s.text));
  if (fits.some((f) => f === undefined)) return null;
  return fits.every((f) => (f?.percent ?? 0) >= 100);
}
