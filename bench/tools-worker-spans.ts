/**
 * The worker's own time per round as the tools issue defines it, read from the browser's trace
 * alone: from a call decoded to its request sent, and from its result to the next model request.
 * The worker's network events mark both ends on its own thread: a response's last data arriving
 * (`ResourceReceivedData`, or its `ResourceFinish` when it had none) and the next request being
 * sent (`ResourceSendRequest`, inside `fetch()`). Unlike the spans the scripted servers stamp
 * (tools-report.ts), these leave out the hops between the servers and the worker: the loopback,
 * the proxy, and the browser handing the bytes to the worker's thread.
 */
import { threadsNamed, type TraceEvent } from './trace';

interface Exchange {
  url: string;
  method: string;
  sentUs: number;
  /** The response's last data, or its end. */
  lastDataUs?: number;
}

/** Per round, in milliseconds: each span's wall time and the CPU time the worker's thread got in it. */
export interface WorkerSpans {
  toCall: number[];
  toCallCpu: number[];
  toModel: number[];
  toModelCpu: number[];
}

type Data = { requestId?: string; url?: string; requestMethod?: string };

/** The worker's requests in the order they were sent, with when each response's data ended. */
function exchanges(events: TraceEvent[], pid: number, tid: number): Exchange[] {
  const byId = new Map<string, Exchange>();
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    if (e.pid !== pid || e.tid !== tid || !e.name.startsWith('Resource')) continue;
    const data = e.args?.data as Data | undefined;
    const id = data?.requestId;
    if (!id) continue;
    if (e.name === 'ResourceSendRequest')
      byId.set(id, { url: data.url ?? '', method: data.requestMethod ?? '', sentUs: e.ts });
    const exchange = byId.get(id);
    if (!exchange) continue;
    if (e.name === 'ResourceReceivedData') exchange.lastDataUs = e.ts;
    if (e.name === 'ResourceFinish') exchange.lastDataUs ??= e.ts;
  }
  return [...byId.values()].sort((a, b) => a.sentUs - b.sentUs);
}

/** The CPU time the thread's tasks got within [from, to] (µs), each task clipped to it. */
function cpuWithin(events: TraceEvent[], pid: number, tid: number, from: number, to: number): number {
  let cpu = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== pid || e.tid !== tid || !e.dur) continue;
    const overlap = Math.min(e.ts + e.dur, to) - Math.max(e.ts, from);
    if (overlap > 0) cpu += (overlap * (e.tdur ?? e.dur)) / e.dur;
  }
  return cpu / 1000;
}

/** Each round's two spans inside the worker: the model's requests go to `modelPath`, the calls to `mcpUrl`. */
export function workerSpans(events: TraceEvent[], modelPath: string, mcpUrl: string): WorkerSpans {
  const out: WorkerSpans = { toCall: [], toCallCpu: [], toModel: [], toModelCpu: [] };
  const [thread] = threadsNamed(events, 'ServiceWorker thread');
  if (!thread) return out;
  const { pid, tid } = thread;
  const all = exchanges(events, pid, tid);
  const isModel = (x: Exchange) => x.url.endsWith(modelPath);
  const isCall = (x: Exchange) => x.url === mcpUrl && x.method === 'POST';
  const span = (from: number, to: number, wall: number[], cpu: number[]) => {
    wall.push((to - from) / 1000);
    cpu.push(cpuWithin(events, pid, tid, from, to));
  };
  all.forEach((model, i) => {
    const call = all.slice(i + 1).find((x) => isModel(x) || isCall(x));
    if (!isModel(model) || !call || !isCall(call) || model.lastDataUs === undefined) return;
    const next = all.slice(all.indexOf(call) + 1).find(isModel);
    if (!next || call.lastDataUs === undefined) return;
    span(model.lastDataUs, call.sentUs, out.toCall, out.toCallCpu);
    span(call.lastDataUs, next.sentUs, out.toModel, out.toModelCpu);
  });
  return out;
}
