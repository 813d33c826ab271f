/**
 * A screenshot of the tab the panel sits beside, taken when the user asks (the composer's
 * button, or "Screenshot for Gloss" in the page's menu), and the part of it the user drags out
 * to keep. `captureVisibleTab` needs `activeTab` (or every site's access, which Gloss never
 * asks for): the browser grants it when Gloss's toolbar button, menu item or shortcut is used on
 * the tab, and takes it back when the tab leaves the page, so a refusal says how to grant it.
 */
import browser from 'webextension-polyfill';
import { messageOf } from '../../shared/errors';
import type { PixelRect } from '../../shared/images/image-prepare';
import { t } from '../../shared/i18n';

/** A drag shorter than this on screen is a click, not a region. */
const MIN_DRAG = 8;

/** A point in the shown screenshot, in CSS pixels from its top left. */
export interface Point {
  x: number;
  y: number;
}

/**
 * The region dragged from `a` to `b` over the screenshot shown at `shown` size, in the
 * screenshot's own pixels (`natural`); null for a click or a drag too small to mean a region.
 */
export function regionOf(
  a: Point,
  b: Point,
  shown: { width: number; height: number },
  natural: { width: number; height: number },
): PixelRect | null {
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));
  const [x0, x1] = [clamp(Math.min(a.x, b.x), shown.width), clamp(Math.max(a.x, b.x), shown.width)];
  const [y0, y1] = [clamp(Math.min(a.y, b.y), shown.height), clamp(Math.max(a.y, b.y), shown.height)];
  if (x1 - x0 < MIN_DRAG || y1 - y0 < MIN_DRAG) return null;
  const sx = natural.width / shown.width;
  const sy = natural.height / shown.height;
  return {
    x: Math.round(x0 * sx),
    y: Math.round(y0 * sy),
    width: Math.round((x1 - x0) * sx),
    height: Math.round((y1 - y0) * sy),
  };
}

/** Share of the screenshot's width (or height) one arrow key moves or resizes the region by. */
const KEY_STEP = 0.02;

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] } as const;
export type Arrow = keyof typeof ARROWS;

export function isArrow(key: string): key is Arrow {
  return Object.hasOwn(ARROWS, key);
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/**
 * The region after an arrow key, in the screenshot's own pixels (`natural`): without a region
 * yet, the middle quarter of the screenshot (a start to move and resize); else moved by one
 * step, or with `resize` (Shift) its right and bottom edges moved, kept inside the screenshot
 * and never smaller than a step.
 */
export function nudge(
  region: PixelRect | null,
  key: Arrow,
  resize: boolean,
  natural: { width: number; height: number },
): PixelRect {
  const { width: w, height: h } = natural;
  if (!region)
    return { x: Math.round(w / 4), y: Math.round(h / 4), width: Math.round(w / 2), height: Math.round(h / 2) };
  const [dx, dy] = ARROWS[key];
  const sx = Math.max(1, Math.round(w * KEY_STEP));
  const sy = Math.max(1, Math.round(h * KEY_STEP));
  if (resize) {
    const width = clamp(region.width + dx * sx, Math.min(sx, w - region.x), w - region.x);
    const height = clamp(region.height + dy * sy, Math.min(sy, h - region.y), h - region.y);
    return { ...region, width, height };
  }
  return {
    ...region,
    x: clamp(region.x + dx * sx, 0, w - region.width),
    y: clamp(region.y + dy * sy, 0, h - region.height),
  };
}

/**
 * What to tell the user when the browser refused the capture. Chrome says "Either the
 * '<all_urls>' or 'activeTab' permission is required."; Firefox "Missing activeTab permission".
 */
export function screenshotProblem(message: string): string {
  if (/activeTab|all_urls/.test(message)) return t('screenshotNotAllowed');
  return t('screenshotFailed', message);
}

/** The visible part of the tab in front of this panel's window, as a PNG data URL. */
export async function captureTab(): Promise<string> {
  try {
    // No window: the current one, the panel's own, whose tab in front is the one beside it.
    return await browser.tabs.captureVisibleTab(undefined, { format: 'png' });
  } catch (e) {
    throw new Error(screenshotProblem(messageOf(e)), { cause: e });
  }
}
