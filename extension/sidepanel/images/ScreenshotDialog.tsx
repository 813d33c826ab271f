/**
 * The screenshot just taken, over the panel, before anything is kept: the user drags over the
 * part to send, or chooses it with the keyboard (arrows move it, Shift+arrows resize it, Enter
 * keeps it, Escape cancels), or keeps it all. What is shown is exactly what the kept part is cut
 * from; the cutting is `screenshot.ts`'s `regionOf` and `nudge`. A modal `<dialog>`, so the
 * browser keeps focus and screen readers inside it until it closes.
 */
import './ScreenshotDialog.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { PixelRect } from '../../shared/images/image-prepare';
import { t } from '../../shared/i18n';
import { isArrow, nudge, regionOf, type Point } from './screenshot';

interface Props {
  /** The screenshot, a PNG data URL. */
  shot: string;
  onKeep: (region: PixelRect | null) => void;
  onCancel: () => void;
}

type Size = { width: number; height: number };

/** A drag over the picture: where it began, and the picture's place and sizes as shown and as taken. */
interface Drag {
  from: Point;
  origin: Point;
  shown: Size;
  natural: Size;
}

function startDrag(img: HTMLImageElement, e: PointerEvent): Drag {
  const box = img.getBoundingClientRect();
  return {
    from: { x: e.clientX - box.left, y: e.clientY - box.top },
    origin: { x: box.left, y: box.top },
    shown: { width: box.width, height: box.height },
    natural: { width: img.naturalWidth, height: img.naturalHeight },
  };
}

const regionTo = (drag: Drag, e: PointerEvent) =>
  regionOf(drag.from, { x: e.clientX - drag.origin.x, y: e.clientY - drag.origin.y }, drag.shown, drag.natural);

/** The region as shown: in shares of the picture, which the frame is exactly the size of. */
const percent = (part: number, whole: number) => `${(100 * part) / whole}%`;

/** The chosen region: by pointer (a drag) or keyboard (`nudge`), in the screenshot's pixels. */
function useRegion(onKeep: Props['onKeep']) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const [region, setRegion] = useState<PixelRect | null>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const frame = {
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
      const img = e.currentTarget.querySelector('img');
      if (!img) return;
      e.currentTarget.setPointerCapture(e.pointerId);
      setDrag(startDrag(img, e));
      setRegion(null);
    },
    onPointerMove: (e: PointerEvent) => drag && setRegion(regionTo(drag, e)),
    onPointerUp: (e: PointerEvent) => {
      if (drag) setRegion(regionTo(drag, e));
      setDrag(null);
    },
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter') onKeep(region);
      else if (natural && isArrow(e.key)) setRegion(nudge(region, e.key, e.shiftKey, natural));
      else return;
      e.preventDefault();
    },
  };
  const onLoad = (img: HTMLImageElement) => setNatural({ width: img.naturalWidth, height: img.naturalHeight });
  return { region, natural, frame, onLoad };
}

export function ScreenshotDialog({ shot, onKeep, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const picture = useRef<HTMLDivElement>(null);
  const { region, natural, frame, onLoad } = useRegion(onKeep);
  const ids = { keys: useId(), chosen: useId() };
  useEffect(() => {
    const shown = dialog.current;
    shown?.showModal();
    picture.current?.focus();
    return () => shown?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="screenshot"
      aria-label={t('screenshotTitle')}
      // Escape closes a modal dialog (the browser's own cancel): that is the user's Cancel.
      onClose={onCancel}
    >
      <p className="hint">{t('screenshotHint')}</p>
      <div
        ref={picture}
        className="screenshot-frame"
        role="group"
        tabIndex={0}
        aria-label={t('screenshotAlt')}
        aria-describedby={`${ids.keys} ${ids.chosen}`}
        {...frame}
      >
        <img src={shot} alt="" draggable={false} onLoad={(e) => onLoad(e.currentTarget)} />
        {region && natural && (
          <div
            className="screenshot-region"
            style={{
              left: percent(region.x, natural.width),
              top: percent(region.y, natural.height),
              width: percent(region.width, natural.width),
              height: percent(region.height, natural.height),
            }}
          />
        )}
      </div>
      <p id={ids.keys} className="sr-only">
        {t('screenshotKeys')}
      </p>
      <div className="screenshot-actions">
        <button type="button" className="primary" disabled={!region} onClick={() => onKeep(region)}>
          {t('screenshotKeepPart')}
        </button>
        <button type="button" onClick={() => onKeep(null)}>
          {t('screenshotKeepAll')}
        </button>
        <button type="button" className="ghost" onClick={onCancel}>
          {t('cancel')}
        </button>
        <span id={ids.chosen} className="hint screenshot-chosen" aria-live="polite">
          {region ? t('screenshotChosen', `${region.width}×${region.height}`) : t('screenshotNoneChosen')}
        </span>
      </div>
    </dialog>
  );
}
