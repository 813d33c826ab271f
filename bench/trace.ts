/**
 * A browser-wide Chromium trace for `bench/panel.ts`: how long each thread was busy, summed over
 * the top-level `RunTask` events that DevTools' Performance panel draws as "Task". Browser-wide,
 * because the panel page and the extension's service worker are separate threads (and the
 * worker's cost is half of what streaming costs). Recorded through the browser's own DevTools
 * protocol session, so nothing is injected in the pages measured.
 */
import type { CDPSession } from 'playwright-core';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time within the event (µs): `dur` less the time it was descheduled. */
  tdur?: number;
  args?: { name?: string; data?: { message?: string; frames?: { url?: string; processId?: number }[] } };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  ...(process.env.GLOSS_TRACE_EXTRA?.split(',') ?? []),
];

export class Trace {
  private events: TraceEvent[] = [];

  constructor(private readonly cdp: CDPSession) {
    cdp.on('Tracing.dataCollected', ({ value }) => this.events.push(...(value as unknown as TraceEvent[])));
  }

  async start(): Promise<void> {
    this.events = [];
    await this.cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
    });
  }

  async stop(): Promise<TraceEvent[]> {
    const complete = new Promise<void>((resolve) => this.cdp.once('Tracing.tracingComplete', () => resolve()));
    await this.cdp.send('Tracing.end');
    await complete;
    return this.events;
  }
}

/** The (pid, tid) of every thread named `name`, from the trace's metadata. */
export function threadsNamed(events: TraceEvent[], name: string): TraceEvent[] {
  return events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === name);
}

/** The process that shows the page whose URL contains `urlPart`. */
export function pageProcess(events: TraceEvent[], urlPart: string): number | undefined {
  for (const e of events) {
    const frame = e.args?.data?.frames?.find((f) => f.url?.includes(urlPart));
    if (frame?.processId !== undefined) return frame.processId;
  }
  return undefined;
}

/** The time (µs, trace clock) of the `console.timeStamp(label)` call. */
export function stamp(events: TraceEvent[], label: string): number {
  return stamped(events, label).ts;
}

/** The process of the page that called `console.timeStamp(label)`. */
export function stampProcess(events: TraceEvent[], label: string): number {
  return stamped(events, label).pid;
}

function stamped(events: TraceEvent[], label: string): TraceEvent {
  const found = events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === label);
  if (!found) throw new Error(`no timestamp ${label} in the trace`);
  return found;
}

/**
 * How long the named thread (in process `pid`, when given) ran tasks within [from, to] (µs), in
 * milliseconds: `wall`, from each task's start to its end, as DevTools draws a "Task"; `cpu`, the
 * thread's CPU time in them. On a busy machine a task is descheduled part of the time, so `cpu`
 * is the truer "share of a core"; `wall` is what the page waits for. Tasks nested in another (a
 * nested run loop) are counted once, within their parent; `tasks` counts them (the top-level ones),
 * a figure the machine's load does not move.
 */
export function busyMs(
  events: TraceEvent[],
  thread: string,
  from: number,
  to: number,
  pid?: number,
): { wall: number; cpu: number; tasks: number } {
  const threads = threadsNamed(events, thread).filter((t) => pid === undefined || t.pid === pid);
  let wall = 0;
  let cpu = 0;
  let count = 0;
  for (const { pid: p, tid } of threads) {
    const tasks = events
      .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === p && e.tid === tid && e.ts >= from && e.ts <= to)
      .sort((a, b) => a.ts - b.ts);
    let end = -Infinity;
    for (const task of tasks) {
      const taskEnd = task.ts + (task.dur ?? 0);
      if (task.ts >= end) {
        count++;
        wall += task.dur ?? 0;
        cpu += task.tdur ?? task.dur ?? 0;
      } else if (taskEnd > end) wall += taskEnd - end;
      end = Math.max(end, taskEnd);
    }
  }
  return { wall: wall / 1000, cpu: cpu / 1000, tasks: count };
}

/**
 * What the named thread spent its time on within [from, to] (µs): total milliseconds per event
 * name, largest first (events nest, so the totals overlap: a guide to where time goes, not a sum).
 */
export function breakdown(events: TraceEvent[], thread: string, from: number, to: number, pid?: number) {
  const threads = threadsNamed(events, thread).filter((t) => pid === undefined || t.pid === pid);
  const totals = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || e.ts < from || e.ts > to || e.name === 'RunTask') continue;
    if (!threads.some((t) => t.pid === e.pid && t.tid === e.tid)) continue;
    totals.set(e.name, (totals.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, 10);
}
