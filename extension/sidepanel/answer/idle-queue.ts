/**
 * Work that can wait (highlighting a code block, typesetting a formula) runs a job at a time, in
 * time the panel has to spare, instead of all at once when an answer ends: issue 13's bench saw
 * long tasks of 100–280 ms at the end of answers with code and math, which delay the reader's
 * next click or scroll. Each job is small (a formula, a code block's group of lines); the
 * deadline says when to yield, and a turn runs jobs for at most SLICE_MS even when the browser
 * offers more: the style and layout of what they added come after them in the same task, and
 * filling the browser's 50 ms with jobs made those tasks long (70–90 ms with math; a job's
 * spans cost the browser several times the time the job took to make them).
 *
 * While an answer streams, the jobs go into the frames its updates draw anyway (`runInFrame`):
 * run in idle time between them, each turn of jobs made the panel draw a frame of its own, a
 * fifth of its time on the bench's 30 KB answer with code and math. Idle time takes what no
 * frame took: while frames come, it is asked for only FRAME_WAIT_MS after a job starts waiting;
 * otherwise (the answer ended, or one opened from history) at once.
 */

export type Job = () => void;

/** How the queue asks for idle time; the browser's requestIdleCallback, or a fake in tests. */
export interface IdleScheduler {
  /** Asks for idle time, `waitMs` from now. */
  request: (run: (deadline: { timeRemaining: () => number }) => void, waitMs: number) => void;
  /** A clock in milliseconds. */
  now: () => number;
}

/** Milliseconds of jobs per turn: their layout, and a frame, still fit in a short task. */
export const SLICE_MS = 4;

/**
 * While a streaming answer draws frames, how long jobs wait for its next one before asking for
 * idle time: longer than the time between two updates (the worker's UPDATE_MS, 66 ms), short
 * enough not to be noticed.
 */
export const FRAME_WAIT_MS = 150;

/** A job waits at most this long for idle time (a busy page still gets its code highlighted). */
const TIMEOUT_MS = 1000;

function browserScheduler(): IdleScheduler {
  const now = () => performance.now();
  if (typeof requestIdleCallback === 'function') {
    const idle = (run: IdleRequestCallback) => requestIdleCallback(run, { timeout: TIMEOUT_MS });
    return { request: (run, waitMs) => (waitMs > 0 ? setTimeout(() => idle(run), waitMs) : idle(run)), now };
  }
  // Without idle callbacks: a task per job, so each stays short.
  return { request: (run, waitMs) => setTimeout(() => run({ timeRemaining: () => 0 }), waitMs), now };
}

export class IdleQueue {
  private readonly jobs: Job[] = [];
  private scheduled = false;
  /** When a frame last ran jobs (`runInFrame`). */
  private lastFrame = Number.NEGATIVE_INFINITY;
  /** The request for idle time that counts; an earlier one still pending does nothing. */
  private ticket = 0;

  constructor(private readonly scheduler: IdleScheduler = browserScheduler()) {}

  push(job: Job): void {
    this.jobs.push(job);
    if (!this.scheduled) this.schedule();
  }

  /**
   * Runs jobs for up to SLICE_MS with an update of the answer, whose frame is drawn anyway (called
   * as its patches go in): their style and layout join that frame's. What is left waits for the
   * next update or idle time.
   */
  runInFrame(): void {
    this.lastFrame = this.scheduler.now();
    const end = this.lastFrame + SLICE_MS;
    while (this.jobs.length > 0 && this.scheduler.now() < end) this.runOne();
  }

  /** Asks for idle time: at once, or, while frames take jobs, in case none comes in FRAME_WAIT_MS. */
  private schedule(): void {
    this.scheduled = true;
    const ticket = ++this.ticket;
    const framesCome = this.scheduler.now() - this.lastFrame < FRAME_WAIT_MS;
    this.scheduler.request((deadline) => ticket === this.ticket && this.run(deadline), framesCome ? FRAME_WAIT_MS : 0);
  }

  /** No frames come for now (the streaming answer ended): what waits asks for idle time at once. */
  framesEnded(): void {
    this.lastFrame = Number.NEGATIVE_INFINITY;
    if (this.scheduled) this.schedule();
  }

  /** At least one job, then more while idle time remains; the rest wait for the next idle period. */
  private run(deadline: { timeRemaining: () => number }): void {
    this.scheduled = false;
    const end = this.scheduler.now() + SLICE_MS;
    do {
      if (!this.runOne()) return;
    } while (deadline.timeRemaining() > 0 && this.scheduler.now() < end);
    if (this.jobs.length > 0) this.schedule();
  }

  /** Runs the next job; false when there was none. */
  private runOne(): boolean {
    const job = this.jobs.shift();
    if (!job) return false;
    try {
      job();
    } catch (e) {
      console.warn('Gloss: could not enhance a block', e);
    }
    return true;
  }
}
