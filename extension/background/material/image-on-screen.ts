/**
 * Where a right-clicked image is in the tab's viewport, to cut it from a screenshot of the tab
 * when its file cannot be downloaded. `locateImage` is injected (it must be self-contained);
 * `imageScale` turns its CSS pixels into the screenshot's, which are device pixels.
 */

/** An image's box in CSS pixels, and the viewport's size it was measured in. */
export interface ImageOnScreen {
  x: number;
  y: number;
  width: number;
  height: number;
  viewWidth: number;
}

/**
 * Injected into the tab: the visible `<img>` showing `src` (the one right-clicked shows it), by
 * its box, or null. Several copies: the one most in view.
 */
export function locateImage(src: string): ImageOnScreen | null {
  const shown = (r: DOMRect) =>
    Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0)) *
    Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
  const boxes = Array.from(document.images)
    .filter((img) => img.currentSrc === src || img.src === src)
    .map((img) => img.getBoundingClientRect())
    .filter((r) => shown(r) > 0)
    .sort((a, b) => shown(b) - shown(a));
  const box = boxes[0];
  if (!box) return null;
  // The screenshot spans the whole view, a scrollbar included, as `innerWidth` does.
  return { x: box.x, y: box.y, width: box.width, height: box.height, viewWidth: innerWidth };
}

/** The image's box in the screenshot's pixels, for a screenshot `shotWidth` pixels wide. */
export function imageScale(found: ImageOnScreen, shotWidth: number) {
  const scale = shotWidth / found.viewWidth;
  return { x: found.x * scale, y: found.y * scale, width: found.width * scale, height: found.height * scale };
}
