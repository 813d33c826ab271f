/**
 * `npm run bench:panel`: what streaming an answer costs the whole browser, in real Chromium with
 * the built extension (dist/) and a paced OpenAI-compatible server on 127.0.0.1. A browser-wide
 * trace sums the busy time of the panel page's main thread and of the extension's service
 * worker; a `longtask` observer in the panel counts tasks over 50 ms. Prints a table; asserts
 * nothing (speed is measured here, never in tests). Hold the browser lock while it runs:
 * `flock /tmp/gloss-browser.lock npm run bench:panel`.
 *
 * Arguments: words filter the cases (`prose`, `mixed`, `code`, `20`, `50`, `100`, `unpaced`,
 * `cold`, `floor`; `cold` or `floor` alone runs only that; the floor is floor.ts's plain page);
 * `--seconds N` (default 8) caps each paced run: chunks grow beyond 4 characters so
 * that the answer streams in about N seconds at its pace (the table says how big they were);
 * `--full` streams 4 characters per chunk whatever it takes (a 30 KB answer at 20/s: 6 min);
 * `--breakdown` also prints what the panel's and the worker's threads spent their time on in each
 * run. `prose 50 --full floor` runs issue 13's own case and the floors, and prints how far above
 * them the case is. For a closer look, GLOSS_TRACE_DUMP=file writes each run's trace events (the
 * last run's remain; cold starts too) and GLOSS_TRACE_EXTRA adds trace categories (say,
 * `disabled-by-default-devtools.timeline.invalidationTracking` to see what restyles).
 */
import { gzipSync } from 'node:zlib';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DIST, launchWithExtension, type Browser } from '../e2e/browser';
import { ask, configureProvider } from '../e2e/panel';
import { startProviderServer, type ProviderServer as Server } from '../e2e/provider-server';
import { sseChunks } from '../e2e/sse';
import { UPDATE_MS } from '../extension/background/answers/update-rate';
import { codeBlock, proseAnswer, richAnswer, SETTLE_MS } from './documents';
import { measureFloor } from './floor';
import { endMeasure, freshPanel } from './fresh-panel';
import { measureWorkerFloor } from './worker-floor';
import { breakdown, busyMs, pageProcess, Trace } from './trace';

const ANSWERS: [string, string][] = [
  ['prose 8 KB', proseAnswer(8_000)],
  ['mixed 30 KB', richAnswer(30_000)],
  ['code 30 KB', codeBlock(30_000)],
];
const RATES: (number | 'unpaced')[] = [20, 50, 100, 'unpaced'];
const COLD_RUNS = 5;

const args = process.argv.slice(2);
const flag = (name: string) => args.indexOf(name);
const seconds = flag('--seconds') >= 0 ? Number(args[flag('--seconds') + 1]) : 8;
const full = flag('--full') >= 0;
const breakdowns = flag('--breakdown') >= 0;
const words = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--seconds');
/** Whether `name` is asked for among `all` (every one of them when the words name none). */
function wanted(name: string, all: string[]): boolean {
  const hits = (n: string) => words.some((w) => n.toLowerCase().startsWith(w.toLowerCase()));
  return !all.some(hits) || hits(name);
}
const ANSWER_NAMES = ANSWERS.map(([name]) => name);
const RATE_NAMES = RATES.map(String);

interface Row {
  answer: string;
  rate: string;
  chunkChars: number;
  chunks: number;
  seconds: number;
  /** Busy milliseconds: wall (task start to end) and the thread's CPU time. */
  panelMs: { wall: number; cpu: number };
  workerMs: { wall: number; cpu: number };
  longTasks: number[];
}

/**
 * Resolves in the panel once the last turn's status is `done` (watched without polling). No
 * named functions inside: tsx would wrap them in a helper that the page does not have.
 */
function answerDone(panel: Page): Promise<void> {
  return panel.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const last = 'article.turn:last-of-type[data-status="done"]';
        if (document.querySelector(last)) {
          resolve();
          return;
        }
        const observer = new MutationObserver(() => {
          if (!document.querySelector(last)) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
      }),
  );
}

function chunkChars(answer: string, rate: number | 'unpaced'): number {
  if (full || rate === 'unpaced') return 4;
  return Math.max(4, Math.ceil(answer.length / (rate * seconds)));
}

async function measure(ctx: Context, name: string, answer: string, rate: number | 'unpaced'): Promise<Row> {
  const { browser, panel, server, trace } = ctx;
  await freshPanel(browser, panel);
  const size = chunkChars(answer, rate);
  const body = sseChunks(answer, size);
  const chunks = body.length - 1;
  if (rate === 'unpaced') server.enqueue({ kind: 'stream', chunks: [Buffer.concat(body)], delayMs: 0 });
  else server.enqueue({ kind: 'stream', chunks: body, delayMs: 1000 / rate });
  await trace.start();
  await panel.evaluate(() => console.timeStamp('bench-start'));
  const started = Date.now();
  const done = answerDone(panel);
  await ask(panel, 'Stream the benchmark answer.');
  await done;
  const streamed = (Date.now() - started) / 1000;
  const { longTasks, events, from, to } = await endMeasure(panel, trace, SETTLE_MS);
  const pid = pageProcess(events, 'sidepanel/index.html');
  if (breakdowns) {
    console.log(name, rate, 'panel:', breakdown(events, 'CrRendererMain', from, to, pid));
    console.log(name, rate, 'worker:', breakdown(events, 'ServiceWorker thread', from, to));
  }
  if (process.env.GLOSS_TRACE_DUMP)
    (await import('node:fs')).writeFileSync(process.env.GLOSS_TRACE_DUMP, JSON.stringify(events));
  return {
    answer: name,
    rate: String(rate),
    chunkChars: size,
    chunks,
    seconds: streamed,
    panelMs: busyMs(events, 'CrRendererMain', from, to, pid),
    workerMs: busyMs(events, 'ServiceWorker thread', from, to),
    longTasks,
  };
}

/** From Enter to the first answer text shown, with the worker stopped first (as after 30 s idle). */
async function coldStart(ctx: Context): Promise<number> {
  const { browser, panel, server, trace } = ctx;
  const dump = process.env.GLOSS_TRACE_DUMP;
  await freshPanel(browser, panel);
  const cdp = await panel.context().newCDPSession(panel);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
  await panel.waitForTimeout(300);
  if (dump) await trace.start();
  server.enqueue({ kind: 'stream', chunks: sseChunks('Hello there, first token.', 64), delayMs: 0 });
  const first = panel.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sent = 0;
        document.addEventListener('keydown', (e) => e.key === 'Enter' && (sent ||= performance.now()), true);
        const observer = new MutationObserver(() => {
          if (!document.querySelector('.answer')?.textContent) return;
          observer.disconnect();
          resolve(performance.now() - sent);
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
  );
  await ask(panel, 'Say hello.');
  const ms = await first;
  await answerDone(panel);
  if (dump) (await import('node:fs')).writeFileSync(dump, JSON.stringify(await trace.stop()));
  return ms;
}

interface Context {
  browser: Browser;
  panel: Page;
  server: Server;
  trace: Trace;
}

function wasmGzipKb(): number {
  const dir = join(DIST, 'assets');
  const file = readdirSync(dir).find((f) => f.endsWith('.wasm'));
  if (!file) throw new Error('no .wasm in dist/assets: run `npx vite build` first');
  return gzipSync(readFileSync(join(dir, file)), { level: 9 }).length / 1024;
}

/** `ms` of `seconds`, in per cent with one decimal. */
function percent(ms: number, seconds: number): string {
  return ((100 * ms) / 1000 / seconds).toFixed(1);
}

function print(rows: Row[]): void {
  const table = rows.map((r) => {
    const window = r.seconds + SETTLE_MS / 1000;
    return {
      answer: r.answer,
      'chunks/s': r.rate,
      'chunk chars': r.chunkChars,
      chunks: r.chunks,
      'streamed s': r.seconds.toFixed(1),
      'panel busy %': percent(r.panelMs.wall, window),
      'panel CPU %': percent(r.panelMs.cpu, window),
      'panel ms/chunk': (r.panelMs.wall / r.chunks).toFixed(2),
      'worker busy %': percent(r.workerMs.wall, window),
      'worker CPU %': percent(r.workerMs.cpu, window),
      'worker ms/chunk': (r.workerMs.wall / r.chunks).toFixed(2),
      'long tasks (ms)': r.longTasks.length === 0 ? '0' : `${r.longTasks.length}: ${r.longTasks.join(', ')}`,
    };
  });
  console.table(table);
  console.log(`Busy % is over the stream and the ${SETTLE_MS} ms after its end (work it schedules then).`);
  console.log("Busy: from each task's start to its end. CPU: the thread's CPU time in those tasks.");
}

/**
 * The floors for issue 13's own case, 4 characters a chunk and 50 chunks a second: the panel's
 * (floor.ts) and the worker's (worker-floor.ts, in a browser of its own). When that case ran too
 * (`prose 50 --full floor`), also how far above them it is: the floors move with the machine's
 * load too, so the difference within one run says more than either alone.
 */
async function printFloor({ browser, panel, server, trace }: Context, rows: Row[]): Promise<void> {
  const size = await panel.evaluate(() => ({ width: innerWidth, height: innerHeight }));
  const chars = Math.round((4 * 50 * UPDATE_MS) / 1000);
  const f = await measureFloor(browser.context, trace, size, Math.round((seconds * 1000) / UPDATE_MS), chars);
  console.log(
    `Floor: a plain page adding ${chars} characters to a paragraph and following its end, ${f.updates} times ` +
      `${UPDATE_MS} ms apart: ${percent(f.ms.wall, f.seconds)} % busy, ${percent(f.ms.cpu, f.seconds)} % CPU, ` +
      `${(f.ms.wall / f.updates).toFixed(2)} ms an update.`,
  );
  if (breakdowns) console.log('floor:', f.spent);
  const body = sseChunks(proseAnswer(4 * 50 * seconds), 4);
  const { read, update } = await measureWorkerFloor(server, body, 1000 / 50);
  const share = (run: typeof read) =>
    `${percent(run.ms.wall, run.seconds)} % busy, ${percent(run.ms.cpu, run.seconds)} % CPU`;
  console.log(
    `Worker floor: an extension's worker reading a body of 4-character chunks, 50 a second: ${share(read)}; ` +
      `reading it and storing and sending each update (${update.updates}, ${UPDATE_MS} ms apart): ${share(update)}, ` +
      `${((update.ms.wall - read.ms.wall) / update.updates).toFixed(2)} ms an update beyond the reading.`,
  );
  const own = rows.find((r) => r.answer === ANSWER_NAMES[0] && r.rate === '50' && r.chunkChars === 4);
  if (!own) return;
  const window = own.seconds + SETTLE_MS / 1000;
  const above = (ms: number, floor: { ms: { wall: number }; seconds: number }) =>
    ((100 * ms) / 1000 / window - (100 * floor.ms.wall) / 1000 / floor.seconds).toFixed(1);
  console.log(
    `Issue 13's own case above these floors, in busy % of a core: panel +${above(own.panelMs.wall, f)}, ` +
      `worker +${above(own.workerMs.wall, update)}.`,
  );
}

async function main(): Promise<void> {
  const server = await startProviderServer();
  const browser = await launchWithExtension();
  try {
    const panel = await browser.openPanel();
    await configureProvider(panel, { baseUrl: `${server.url}/v1`, model: 'test-model', key: 'k' });
    const cdp = await browser.context.browser()?.newBrowserCDPSession();
    if (!cdp) throw new Error('no browser-level DevTools session');
    const ctx: Context = { browser, panel, server, trace: new Trace(cdp) };
    // A first answer compiles and caches the panel's code; it is not measured.
    await measure(ctx, 'warm-up', proseAnswer(2_000), 'unpaced');
    const rows: Row[] = [];
    // `cold` or `floor` alone asks for that only.
    const streams = !(words.length === 1 && (words[0] === 'cold' || words[0] === 'floor'));
    for (const [name, answer] of streams ? ANSWERS : []) {
      for (const rate of RATES) {
        if (wanted(name, ANSWER_NAMES) && wanted(String(rate), RATE_NAMES))
          rows.push(await measure(ctx, name, answer, rate));
      }
    }
    if (rows.length > 0) print(rows);
    if (words.length === 0 || words.includes('floor')) await printFloor(ctx, rows);
    if (words.length === 0 || words.includes('cold')) {
      const runs: number[] = [];
      for (let i = 0; i < COLD_RUNS; i++) runs.push(await coldStart(ctx));
      const sorted = [...runs].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
      console.log(
        `Cold worker, Enter to first rendered token: median ${median.toFixed(0)} ms (${runs.map((r) => r.toFixed(0)).join(', ')})`,
      );
    }
    console.log(`WASM: ${wasmGzipKb().toFixed(0)} KB gzipped`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
