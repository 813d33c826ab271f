/**
 * `npm run bench:tools`: what the tool loop costs beyond the model and the tools themselves, in
 * real Chromium with the built extension (dist/). A scripted OpenAI-compatible model
 * (tool-model.ts) calls server-everything's `echo` (behind a timing proxy, timed-everything.ts)
 * for a number of rounds, then answers; `echo` is set to Allow, so no click is in the loop. Per
 * round it measures the worker's two spans: inside the worker, between its own network events
 * in the trace (the model's last data → the call's request sent; the result's last data → the
 * next model request sent: tools-worker-spans.ts), and on the servers' clock (the model's last
 * byte → the `tools/call` at the server; the result leaving the server → the next request), and,
 * from a browser-wide trace, the worker's and the panel's task time over the whole loop, set
 * against an answer to the same question that calls nothing. Prints tables; asserts nothing.
 * Hold the browser lock while it runs: `flock /tmp/gloss-browser.lock npm run bench:tools`.
 *
 * Arguments: `--rounds N` (default 10) calls a loop makes; `--runs N` (default 5) loops, each
 * after an answer with no call; `--result-chars N` (default 0: a few words) makes each call's
 * message, and so echo's result, that long, as a tool that reads a page answers; `--breakdown`
 * prints what the worker spent its time on.
 * GLOSS_TRACE_DUMP=file writes each run's trace events (the last run's remain) for a closer look.
 */
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchWithExtension, type Browser } from '../e2e/browser';
import { ask, request, saveTestProvider } from '../e2e/panel';
import { SETTLE_MS } from './documents';
import { startTimedEverything, type TimedEverything } from './timed-everything';
import { nowUs, startToolModel, type ToolModel } from './tool-model';
import { printRuns, printSummary, spans, type LoopRun } from './tools-report';
import { workerSpans } from './tools-worker-spans';
import { breakdown, busyMs, stampProcess, Trace } from './trace';
import { endMeasure, freshPanel } from './fresh-panel';

// Playwright attaches to the extension's worker with the DevTools network domain on, which
// copies every request (the whole conversation, each round) into DevTools events on the worker's
// own thread: a cost no user's worker pays, a third of the worker's time a round with long results.
process.env.PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK = '1';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const ROUNDS = option('--rounds', 10);
const RUNS = option('--runs', 5);
const RESULT_CHARS = option('--result-chars', 0);
const breakdowns = args.includes('--breakdown');

interface Context {
  browser: Browser;
  panel: Page;
  model: ToolModel;
  everything: TimedEverything;
  trace: Trace;
}

/** The MCP server saved and connected, `echo` allowed without asking, and room for the rounds. */
async function setUpTools(panel: Page, url: string): Promise<void> {
  const saved = await request(panel, 'mcp.save', { server: { name: 'Everything', url } });
  const id = (saved.value as { id?: string } | undefined)?.id;
  if (!id) throw new Error(`the MCP server was not saved: ${JSON.stringify(saved)}`);
  for (const end = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 250))) {
    const said = JSON.stringify((await request(panel, 'mcp.status', {})).value);
    if (said.includes('"state":"connected"')) break;
    if (Date.now() > end) throw new Error(`the MCP server did not connect: ${said}`);
  }
  await request(panel, 'mcp.policy', { id, tool: 'echo', policy: 'allow' });
  // The loop stops at its round limit: one more than the calls, for the answer after them.
  await request(panel, 'tools.limits', { maxRounds: Math.min(50, ROUNDS + 1), callTimeoutSeconds: 60 });
}

/**
 * Resolves to the last turn's status once it has ended (watched without polling). No named
 * functions inside: tsx would wrap them in a helper that the page does not have.
 */
function answerEnded(panel: Page): Promise<string> {
  return panel.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const ended =
          'article.turn:last-of-type:is([data-status="done"], [data-status="error"], [data-status="stopped"])';
        const observer = new MutationObserver(() => {
          const turn = document.querySelector(ended);
          if (!turn) return;
          observer.disconnect();
          resolve(turn.getAttribute('data-status') ?? '');
        });
        observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
      }),
  );
}

/** One answer to the same question, calling `echo` `rounds` times first. */
async function measure(ctx: Context, rounds: number): Promise<LoopRun> {
  const { panel, model, everything, trace } = ctx;
  await freshPanel(ctx.browser, ctx.panel);
  model.script({ tool: 'echo', rounds, resultChars: RESULT_CHARS });
  everything.calls.length = 0;
  await trace.start();
  const before = nowUs();
  await panel.evaluate(() => console.timeStamp('bench-start'));
  const after = nowUs();
  const ended = answerEnded(panel);
  const started = Date.now();
  await ask(panel, 'Call echo, please.');
  const status = await ended;
  const loopMs = Date.now() - started;
  if (status !== 'done') throw new Error(`the answer ended ${status}`);
  const { longTasks, events, from, to } = await endMeasure(panel, trace, SETTLE_MS);
  // The spans read the trace on the servers' clock: it must be the same one.
  if (from < before - 1000 || from > after + 1000)
    throw new Error(`the trace's clock is not the monotonic one (${from} not in ${before}…${after} µs)`);
  if (everything.calls.length !== rounds) throw new Error(`${everything.calls.length} calls, not ${rounds}`);
  if (breakdowns) console.log(rounds, 'worker:', breakdown(events, 'ServiceWorker thread', from, to));
  if (process.env.GLOSS_TRACE_DUMP) writeFileSync(process.env.GLOSS_TRACE_DUMP, JSON.stringify(events));
  return {
    rounds,
    loopMs,
    ...spans(model.requests, everything.calls, events),
    inWorker: workerSpans(events, '/chat/completions', everything.url),
    worker: busyMs(events, 'ServiceWorker thread', from, to),
    // The page that stamped is the panel (pageProcess finds no frames in this Chromium's trace).
    panel: busyMs(events, 'CrRendererMain', from, to, stampProcess(events, 'bench-start')),
    longTasks,
  };
}

async function main(): Promise<void> {
  const [model, everything, browser] = await Promise.all([
    startToolModel(),
    startTimedEverything(),
    launchWithExtension(),
  ]);
  try {
    const panel = await browser.openPanel();
    await saveTestProvider(panel, model.url);
    await setUpTools(panel, everything.url);
    const cdp = await browser.context.browser()?.newBrowserCDPSession();
    if (!cdp) throw new Error('no browser-level DevTools session');
    const ctx: Context = { browser, panel, model, everything, trace: new Trace(cdp) };
    // A first loop compiles and caches the code on its path; it is not measured.
    await measure(ctx, 2);
    const loops: LoopRun[] = [];
    const plain: LoopRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      plain.push(await measure(ctx, 0));
      loops.push(await measure(ctx, ROUNDS));
    }
    printRuns([...plain, ...loops]);
    printSummary(loops, plain);
  } finally {
    await browser.close();
    await Promise.all([model.close(), everything.stop()]);
  }
}

await main();
