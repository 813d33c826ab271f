/**
 * The screenshot just taken, over the panel, before anything is kept: the user drags over the
 * part to send (or keeps it all, or cancels). What is shown is exactly what the kept part is cut
 * from; the cutting is `screenshot.ts`'s `regionOf`.
 */
import './ScreenshotDialog.css';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { PixelRect } from '../../shared/image-prepare';
import { t } from '../../shared/i18n';
import { regionOf, type Point } from './screenshot';

interface Props {
  /** The screenshot, a PNG data URL. */
  shot: string;
  onKeep: (region: PixelRect | null) => void;
  onCancel: () => void;
}

/** A drag over the picture: where it began and is, and the picture's sizes as shown and as taken. */
interface Drag {
  from: Point;
  to: Point;
  moving: boolean;
  /** The picture's top left on screen, for pointer positions. */
  origin: Point;
  shown: { width: number; height: number };
  natural: { width: number; height: number };
}

function startDrag(img: HTMLImageElement, e: PointerEvent): Drag {
  const box = img.getBoundingClientRect();
  const from = { x: e.clientX - box.left, y: e.clientY - box.top };
  return {
    from,
    to: from,
    moving: true,
    origin: { x: box.left, y: box.top },
    shown: { width: box.width, height: box.height },
    natural: { width: img.naturalWidth, height: img.naturalHeight },
  };
}

const at = (drag: Drag, e: PointerEvent): Point => ({ x: e.clientX - drag.origin.x, y: e.clientY - drag.origin.y });

export function ScreenshotDialog({ shot, onKeep, onCancel }: Props) {
  const keepAll = useRef<HTMLButtonElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  useEffect(() => keepAll.current?.focus(), []);
  const chosen = drag && regionOf(drag.from, drag.to, drag.shown, drag.natural);
  // The region as shown: the screenshot's pixels back in the picture's CSS pixels.
  const scale = drag ? drag.shown.width / drag.natural.width : 1;

  return (
    <div
      className="screenshot"
      role="dialog"
      aria-modal="true"
      aria-label={t('screenshotTitle')}
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
    >
      <p className="hint">{t('screenshotHint')}</p>
      <div
        className="screenshot-frame"
        onPointerDown={(e) => {
          const img = e.currentTarget.querySelector('img');
          if (!img) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          setDrag(startDrag(img, e));
        }}
        onPointerMove={(e) => drag?.moving && setDrag({ ...drag, to: at(drag, e) })}
        onPointerUp={(e) => drag && setDrag({ ...drag, to: at(drag, e), moving: false })}
      >
        <img src={shot} alt={t('screenshotAlt')} draggable={false} />
        {chosen && (
          <div
            className="screenshot-region"
            style={{
              left: chosen.x * scale,
              top: chosen.y * scale,
              width: chosen.width * scale,
              height: chosen.height * scale,
            }}
          />
        )}
      </div>
      <div className="screenshot-actions">
        <button type="button" className="primary" disabled={!chosen} onClick={() => onKeep(chosen)}>
          {t('screenshotKeepPart')}
        </button>
        <button type="button" ref={keepAll} onClick={() => onKeep(null)}>
          {t('screenshotKeepAll')}
        </button>
        <button type="button" className="ghost" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}
