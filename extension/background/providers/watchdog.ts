/**
 * The time limits of one answer, whatever runs it (a server's stream, or a model in the browser).
 */
import type { Timeouts } from '../../shared/settings';
import { timeoutError, type StreamEvent } from '../core';

/**
 * Aborts the request when no first byte arrives in time, or no data for too long mid-answer;
 * the user's Stop aborts it too. Data only notes the time: setting a timer again for every
 * chunk cost the worker two timer calls a chunk, so the one timer checks when it fires whether
 * data came since, and waits out the rest. Times are `performance.now()`'s, which only moves
 * forward: the system clock set back or ahead must neither hold a stalled answer nor cut one.
 */
export class Watchdog {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastData = 0;
  readonly signal = this.controller.signal;
  timedOut = false;
  started = false;
  seconds: number;

  constructor(
    private readonly limits: Timeouts,
    private readonly user: AbortSignal,
  ) {
    this.seconds = limits.firstByteSeconds;
    if (user.aborted) this.controller.abort();
    user.addEventListener('abort', () => this.controller.abort(), { once: true });
    this.arm(this.seconds * 1000);
  }

  /**
   * How an answer that threw ends: at a time limit, by the user's Stop, or as `failed` says (the
   * error only the caller can read).
   */
  end(failed: () => StreamEvent): StreamEvent | { type: 'stopped' } {
    if (this.timedOut) return timeoutError(this.seconds, this.started);
    return this.user.aborted ? { type: 'stopped' } : failed();
  }

  /** Data arrived: the idle limit starts over. */
  data(): void {
    this.lastData = performance.now();
    if (this.started) return;
    this.started = true;
    this.seconds = this.limits.idleSeconds;
    this.arm(this.seconds * 1000);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private arm(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const quiet = performance.now() - this.lastData;
      const left = this.seconds * 1000 - quiet;
      if (this.started && left > 0) {
        this.arm(left);
        return;
      }
      this.timedOut = true;
      this.controller.abort();
    }, ms);
  }
}
