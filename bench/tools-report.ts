/**
 * What `bench/tools.ts` makes of one tool loop's timestamps and trace, and the tables it prints.
 * The worker's spans are matched round by round: the model's last byte of round k to the MCP
 * `tools/call` of round k arriving, and that call's result leaving to the model's request k + 1
 * arriving. The trace's clock is the monotonic one the scripted servers stamp with (`nowUs`), so
 * the worker's task time inside each span is read from the trace too.
 */
import type { ModelRequest } from './tool-model';
import type { TimedCall } from './timed-everything';
import { busyMs, type TraceEvent } from './trace';
import type { WorkerSpans } from './tools-worker-spans';

const WORKER = 'ServiceWorker thread';

/** One loop, measured. Times in milliseconds. */
export interface LoopRun {
  rounds: number;
  /** From Enter to the answer shown done. */
  loopMs: number;
  /** Per round: the model's last byte → the `tools/call` at the server, and the worker's tasks within. */
  toCall: number[];
  toCallWorker: number[];
  /** The CPU time the worker's thread got in those tasks (less than their span when it was descheduled). */
  toCallCpu: number[];
  /** Per round: the call's result leaving the server → the next model request arriving. */
  toModel: number[];
  toModelWorker: number[];
  toModelCpu: number[];
  /** Per round: the tool's own time at the server (request in → response out). */
  tool: number[];
  /** Per round: the two spans inside the worker, from its own network events (tools-worker-spans.ts). */
  inWorker: WorkerSpans;
  worker: { wall: number; cpu: number; tasks: number };
  panel: { wall: number; cpu: number; tasks: number };
  longTasks: number[];
}

export type Spans = Pick<
  LoopRun,
  'toCall' | 'toCallWorker' | 'toCallCpu' | 'toModel' | 'toModelWorker' | 'toModelCpu' | 'tool'
>;

/** Each round's spans, from the model's and the server's notes and the trace. */
export function spans(requests: ModelRequest[], calls: TimedCall[], events: TraceEvent[]): Spans {
  const out: Spans = {
    toCall: [],
    toCallWorker: [],
    toCallCpu: [],
    toModel: [],
    toModelWorker: [],
    toModelCpu: [],
    tool: [],
  };
  const worker = (from: number, to: number) => busyMs(events, WORKER, from, to);
  calls.forEach((call, k) => {
    const made = requests[k];
    const next = requests[k + 1];
    if (!made?.called || !next) throw new Error(`round ${k + 1}: no model request around its call`);
    out.toCall.push((call.arrivedUs - made.lastByteUs) / 1000);
    const first = worker(made.lastByteUs, call.arrivedUs);
    out.toCallWorker.push(first.wall);
    out.toCallCpu.push(first.cpu);
    out.toModel.push((next.arrivedUs - call.leftUs) / 1000);
    const second = worker(call.leftUs, next.arrivedUs);
    out.toModelWorker.push(second.wall);
    out.toModelCpu.push(second.cpu);
    out.tool.push((call.leftUs - call.arrivedUs) / 1000);
  });
  return out;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const f1 = (n: number) => n.toFixed(1);
/** The median and the range of `values`, as "median (min–max)". */
const spread = (values: number[], digits = 1) =>
  values.length === 0
    ? '–'
    : `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

/** Each run on a line of its own. */
export function printRuns(runs: LoopRun[]): void {
  console.table(
    runs.map((r) => ({
      rounds: r.rounds,
      'loop s': (r.loopMs / 1000).toFixed(2),
      'last byte → tools/call ms': r.rounds ? f1(median(r.toCall)) : '–',
      'result → next request ms': r.rounds ? f1(median(r.toModel)) : '–',
      'tool ms': r.rounds ? f1(median(r.tool)) : '–',
      'worker busy ms': f1(r.worker.wall),
      'worker CPU ms': f1(r.worker.cpu),
      'worker tasks': r.worker.tasks,
      'panel busy ms': f1(r.panel.wall),
      'panel CPU ms': f1(r.panel.cpu),
      'long tasks (ms)': r.longTasks.length === 0 ? '0' : `${r.longTasks.length}: ${r.longTasks.join(', ')}`,
    })),
  );
}

type Row = [string, number[], number];

/** A round's two spans added up, over every round of every loop. */
function bothSpans(loops: LoopRun[], pick: (r: LoopRun) => [number[], number[]]): number[] {
  return loops.flatMap((r) => {
    const [a, b] = pick(r);
    return a.map((x, i) => x + (b[i] ?? 0));
  });
}

/** The measure: the two spans inside the worker (tools-worker-spans.ts). */
function workerRows(loops: LoopRun[]): Row[] {
  const all = (pick: (r: LoopRun) => number[]) => loops.flatMap(pick);
  return [
    ['In the worker: the model’s last data → the call’s request sent', all((r) => r.inWorker.toCall), 2],
    ['In the worker: the result’s last data → the next model request sent', all((r) => r.inWorker.toModel), 2],
    ['In the worker, both spans (wall)', bothSpans(loops, (r) => [r.inWorker.toCall, r.inWorker.toModel]), 2],
    [
      'In the worker, both spans: the CPU time its thread got',
      bothSpans(loops, (r) => [r.inWorker.toCallCpu, r.inWorker.toModelCpu]),
      2,
    ],
  ];
}

/** The summary's rows: what, the values the figure is made of, and its decimals. */
function summaryRows(loops: LoopRun[], plain: LoopRun[]): Row[] {
  const all = (pick: (r: LoopRun) => number[]) => loops.flatMap(pick);
  const rounds = loops[0]?.rounds ?? 1;
  const both = (pick: (r: LoopRun) => [number[], number[]]) => bothSpans(loops, pick);
  const per = (pick: (r: LoopRun) => number) => loops.map((r) => pick(r) / rounds);
  // Beyond what an answer that calls nothing costs (the same question; the median of those runs).
  const beyond = (pick: (r: LoopRun) => number) => {
    const base = median(plain.map(pick));
    return loops.map((r) => (pick(r) - base) / rounds);
  };
  return [
    ...workerRows(loops),
    ['Model’s last byte → tools/call at the server (wall)', all((r) => r.toCall), 1],
    ['… the worker’s tasks in that span', all((r) => r.toCallWorker), 2],
    ['Result leaves the server → next model request (wall)', all((r) => r.toModel), 1],
    ['… the worker’s tasks in this span', all((r) => r.toModelWorker), 2],
    ['Both spans: the worker’s tasks', both((r) => [r.toCallWorker, r.toModelWorker]), 2],
    ['Both spans: the CPU time those tasks got', both((r) => [r.toCallCpu, r.toModelCpu]), 2],
    ['The tool’s own time at the server', all((r) => r.tool), 2],
    ['Worker busy per round: whole loop / rounds', per((r) => r.worker.wall), 2],
    ['Worker CPU per round: whole loop / rounds', per((r) => r.worker.cpu), 2],
    ['Worker busy per round beyond an answer with no call', beyond((r) => r.worker.wall), 2],
    ['Worker CPU per round beyond an answer with no call', beyond((r) => r.worker.cpu), 2],
    ['Worker tasks per round beyond an answer with no call', beyond((r) => r.worker.tasks), 1],
    ['Panel busy per round: whole loop / rounds', per((r) => r.panel.wall), 2],
    ['Panel busy per round beyond an answer with no call', beyond((r) => r.panel.wall), 2],
    ['Panel busy, whole loop', loops.map((r) => r.panel.wall), 1],
    ['Worker busy, answer with no call', plain.map((r) => r.worker.wall), 1],
    ['Worker CPU, answer with no call', plain.map((r) => r.worker.cpu), 1],
    ['Panel busy, answer with no call', plain.map((r) => r.panel.wall), 1],
  ];
}

/**
 * The summary, in milliseconds: spans as the median over every round of every loop, the
 * worker's and the panel's time per round as the median of the loops; each with its range.
 */
export function printSummary(loops: LoopRun[], plain: LoopRun[]): void {
  const rows = summaryRows(loops, plain).map(([what, values, digits]) => [what, { ms: spread(values, digits) }]);
  const rounds = loops[0]?.rounds ?? 0;
  console.log(`\n${loops.length} loops of ${rounds} rounds, ${plain.length} answers with no call; median (range):`);
  console.table(Object.fromEntries(rows));
  const long = loops.flatMap((r) => r.longTasks);
  console.log(`Panel long tasks (> 50 ms) during the loops: ${long.length ? long.join(', ') + ' ms' : 'none'}.`);
  console.log('“In the worker”: between its own network events in the trace (the issue’s measure, target < 5 ms).');
  console.log(
    'The other spans are wall-clock on 127.0.0.1, through the proxy’s hop; tasks are RunTask sums from the trace.',
  );
}
