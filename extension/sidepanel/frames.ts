/**
 * The panel's view of animation frames, for code that paces DOM work to them (scroll-follow.ts,
 * answer/apply-pace.ts); tests pass frames of their own.
 */
export interface Frames {
  request: (callback: () => void) => number;
  cancel: (id: number) => void;
  /** Which frame this is: the same number for everything run until the next frame. */
  now: () => number;
}

export const browserFrames: Frames = {
  request: (cb) => requestAnimationFrame(cb),
  cancel: (id) => cancelAnimationFrame(id),
  now: () => Number(document.timeline.currentTime),
};
