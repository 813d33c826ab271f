/**
 * Work that can wait (highlighting a code block, typesetting a formula) runs in the browser's
 * idle time, a job at a time, instead of all at once when an answer ends: issue 13's bench saw
 * long tasks of 100–280 ms at the end of answers with code and math, which delay the reader's
 * next click or scroll. Each job is small (a formula, a code block's group of lines); the
 * deadline says when to yield, and a turn runs jobs for at most SLICE_MS even when the browser
 * offers more: the style and layout of what they added come after them in the same task, and
 * filling the browser's 50 ms with jobs made those tasks long (70–90 ms with math; a job's
 * spans cost the browser several times the time the job took to make them).
 */

export type Job = () => void;

/** How the queue asks for idle time; the browser's requestIdleCallback, or a fake in tests. */
export interface IdleScheduler {
  request: (run: (deadline: { timeRemaining: () => number }) => void) => void;
  /** A clock in milliseconds. */
  now: () => number;
}

/** Milliseconds of jobs per turn: their layout, and a frame, still fit in a short task. */
export const SLICE_MS = 4;

/** A job waits at most this long for idle time (a busy page still gets its code highlighted). */
const TIMEOUT_MS = 1000;

function browserScheduler(): IdleScheduler {
  if (typeof requestIdleCallback === 'function') {
    return { request: (run) => requestIdleCallback(run, { timeout: TIMEOUT_MS }), now: () => performance.now() };
  }
  // Without idle callbacks: a task per job, so each stays short.
  return { request: (run) => setTimeout(() => run({ timeRemaining: () => 0 }), 0), now: () => performance.now() };
}

export class IdleQueue {
  private readonly jobs: Job[] = [];
  private scheduled = false;

  constructor(private readonly scheduler: IdleScheduler = browserScheduler()) {}

  push(job: Job): void {
    this.jobs.push(job);
    if (this.scheduled) return;
    this.scheduled = true;
    this.scheduler.request((deadline) => this.run(deadline));
  }

  /** At least one job, then more while idle time remains; the rest wait for the next idle period. */
  private run(deadline: { timeRemaining: () => number }): void {
    this.scheduled = false;
    const end = this.scheduler.now() + SLICE_MS;
    do {
      const job = this.jobs.shift();
      if (!job) return;
      try {
        job();
      } catch (e) {
        console.warn('Gloss: could not enhance a block', e);
      }
    } while (deadline.timeRemaining() > 0 && this.scheduler.now() < end);
    if (this.jobs.length > 0) {
      this.scheduled = true;
      this.scheduler.request((d) => this.run(d));
    }
  }
}
