/**
 * The time a page read may take: it ends when the user stops it (the caller's signal), when the
 * server sends nothing for a while, or when the whole read has taken too long. One signal aborts
 * the fetch and the body's reading; `why` says which of the three it was, for the message.
 */

export type ClockStop = 'stopped' | 'idle' | 'total';

export class ReadClock {
  private readonly controller = new AbortController();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly totalTimer: ReturnType<typeof setTimeout>;
  /** Why the read was ended, once it was. */
  why: ClockStop | undefined;

  constructor(
    outer: AbortSignal,
    private readonly idleMs: number,
    totalMs: number,
  ) {
    if (outer.aborted) this.stop('stopped');
    else outer.addEventListener('abort', () => this.stop('stopped'), { once: true });
    this.totalTimer = setTimeout(() => this.stop('total'), totalMs);
    this.tick();
  }

  /** Aborts the fetch, the body and any wait (`abortable`). */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Something arrived: the server has another `idleMs` for the next piece. */
  tick(): void {
    clearTimeout(this.idleTimer);
    if (!this.why) this.idleTimer = setTimeout(() => this.stop('idle'), this.idleMs);
  }

  /** The network part is over (parsing is not the server's silence); the total still counts. */
  stopIdle(): void {
    clearTimeout(this.idleTimer);
  }

  /** The read is over: no timer may fire later. */
  end(): void {
    clearTimeout(this.idleTimer);
    clearTimeout(this.totalTimer);
  }

  private stop(why: ClockStop): void {
    if (this.why) return;
    this.why = why;
    this.end();
    this.controller.abort(new DOMException(`page read ended: ${why}`, 'AbortError'));
  }
}

/** `work`, or a rejection as soon as `signal` aborts (work that cannot itself be aborted, such as parsing). */
export function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
