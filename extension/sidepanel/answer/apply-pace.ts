/**
 * When an answer's patches go into its DOM. A patch goes in as it arrives, unless one already
 * went in since the last frame: then it waits for the next frame, with any others that come
 * before it, and they go in together. The worker sends at most one patch per update interval,
 * so while an answer streams at a reading pace each goes in at once. Waiting for a frame instead
 * cost the panel one more frame per update: the text went in during the frame, so following it
 * scrolled there, and the browser fires a scroll event in the frame after the one that scrolled
 * (issue 13's bench, the mixed answer at 50 chunks/s, alternated: 5.9–6.2 → 5.7–5.9 % busy). Bursts
 * (a stalled stream catching up, an answer that arrives whole) still go in once per frame.
 */
import { browserFrames, type Frames } from '../frames';

export class ApplyPace {
  private frame = 0;
  /** The frame in which patches last went in. */
  private appliedIn = Number.NaN;

  constructor(
    private readonly frames: Frames = browserFrames,
    /** A hidden panel draws no frames: what arrives goes in at once. */
    private readonly hidden = () => document.visibilityState === 'hidden',
  ) {}

  /** A patch is waiting: `apply` puts it in now, or in the next frame. */
  arrived(apply: () => void): void {
    if (this.hidden()) {
      apply();
      return;
    }
    // With a frame asked for already, the patch goes in with the others then.
    if (this.frame !== 0) return;
    if (this.frames.now() !== this.appliedIn) apply();
    else this.frame = this.frames.request(apply);
  }

  /** Patches are going in now (`apply` was called, from here or directly): no frame is awaited. */
  applying(): void {
    this.frames.cancel(this.frame);
    this.frame = 0;
    this.appliedIn = this.frames.now();
  }
}
