/**
 * `npm run bench:web`: what web mode costs from Enter to the answer's first token, in headed
 * Chromium (a virtual display: "Any site" is granted through the browser's real prompt, which
 * headless Chromium never answers) with the built extension. The model (e2e/fixtures/
 * tool-provider) refuses tools as llama.cpp without `--jinja` does, so each question goes the
 * way a model without tools makes it go: a request refused, a search (SearXNG format, local),
 * three pages read and parsed (Chrome's offscreen document), the prompt, the first token. Every
 * server is on this machine and answers at once, so the wall time is Gloss's own work and the
 * browser's; the trace says how much of it was the worker's, the offscreen document's and the
 * panel's. Set against the same question with the web off. Prints tables; asserts nothing.
 *
 * Arguments: `--runs N` (default 5) questions each way.
 */
import type { Page } from 'playwright-core';
import { launchWithExtension } from '../e2e/browser';
import { startToolProvider } from '../e2e/fixtures/tool-provider';
import { answerPrompt } from '../e2e/permission-prompt';
import { ask, request } from '../e2e/panel';
import { useProvider } from '../e2e/tool-loop-support';
import { startXvfb } from '../e2e/xvfb';
import { freshPanel } from './fresh-panel';
import { median } from './tools-report';
import { busyMs, stamp, stampProcess, Trace, type TraceEvent } from './trace';
import { startWebFixtures } from './web-fixtures';

const args = process.argv.slice(2);
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 5;
const QUESTION = 'What does the borrow checker do?';

interface Run {
  web: boolean;
  firstMs: number;
  worker: number;
  offscreen: number;
  panel: number;
}

/** "Any site" in Settings → Web, answered in the browser's real prompt. */
async function grantAnySite(panel: Page, display: string): Promise<void> {
  await panel.getByRole('button', { name: 'Settings', exact: true }).click();
  const web = panel.getByRole('region', { name: 'Web', exact: true });
  await answerPrompt(display, () => web.getByRole('radio', { name: 'Any site' }).click());
  await panel.locator('.bar button').last().click(); // back to the chat
}

/** Stamps `bench-first` in the trace when the answer's first text shows (watched, not polled). */
function firstText(panel: Page): Promise<number> {
  return panel.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          const answer = document.querySelector('article.turn:last-of-type .answer-slot');
          if (!answer?.textContent.trim()) return;
          observer.disconnect();
          console.timeStamp('bench-first');
          resolve(performance.now());
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
  );
}

/** The busy time of the offscreen document's main thread (0 when it did not run). */
function offscreenBusy(events: TraceEvent[], from: number, to: number, panelPid: number): number {
  const pids = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => e.pid),
  );
  pids.delete(panelPid);
  // The extension's pages share one renderer process in Chromium: the offscreen document's tasks
  // run on the panel's thread then, and are in the panel's figure; a separate one is counted here.
  return [...pids].reduce((sum, pid) => sum + busyMs(events, 'CrRendererMain', from, to, pid).wall, 0);
}

async function measure(panel: Page, browser: Parameters<typeof freshPanel>[0], trace: Trace, web: boolean) {
  await freshPanel(browser, panel);
  if (web) {
    await panel.locator('.web-switch').click();
    await panel.locator('.web-switch[aria-pressed="true"]').waitFor();
  }
  await trace.start();
  await panel.evaluate(() => console.timeStamp('bench-start'));
  const shown = firstText(panel);
  const start = await panel.evaluate(() => performance.now());
  await ask(panel, QUESTION);
  const first = await shown;
  await panel.locator('article.turn:last-of-type[data-status="done"]').waitFor({ timeout: 60_000 });
  await panel.waitForTimeout(500);
  const events = await trace.stop();
  const [from, to] = [stamp(events, 'bench-start'), stamp(events, 'bench-first')];
  const panelPid = stampProcess(events, 'bench-start');
  return {
    web,
    firstMs: first - start,
    worker: busyMs(events, 'ServiceWorker thread', from, to).wall,
    offscreen: offscreenBusy(events, from, to, panelPid),
    panel: busyMs(events, 'CrRendererMain', from, to, panelPid).wall,
  };
}

function print(runs: Run[]): void {
  const row = (web: boolean) => {
    const of = (pick: (r: Run) => number) => {
      const values = runs.filter((r) => r.web === web).map(pick);
      return `${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;
    };
    return {
      'Enter → first token ms': of((r) => r.firstMs),
      'worker busy ms': of((r) => r.worker),
      'offscreen busy ms': of((r) => r.offscreen),
      'panel busy ms': of((r) => r.panel),
    };
  };
  console.log(`\n${RUNS} questions each way; median (range), all servers on 127.0.0.1:`);
  console.table({ 'web mode (search + 3 pages)': row(true), 'web off': row(false) });
}

async function main(): Promise<void> {
  const [display, fixtures, model] = await Promise.all([startXvfb(), startWebFixtures(), startToolProvider()]);
  const browser = await launchWithExtension({ display: display.name, args: fixtures.args });
  try {
    const panel = await browser.openPanel();
    await panel.setViewportSize({ width: 360, height: 720 });
    model.script({ tool: 'none', args: {}, refuseTools: true });
    await useProvider(panel, model.url, 'openai');
    await request(panel, 'web.save', {
      web: { engine: 'searxng', searxngUrl: fixtures.searxngUrl, resultCount: 5, searchFirst: false },
    });
    await grantAnySite(panel, display.name);
    const cdp = await browser.context.browser()?.newBrowserCDPSession();
    if (!cdp) throw new Error('no browser-level DevTools session');
    const trace = new Trace(cdp);
    await measure(panel, browser, trace, true); // warms the code on the path; not counted
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++)
      runs.push(await measure(panel, browser, trace, true), await measure(panel, browser, trace, false));
    if (fixtures.pageReads() < 3 * (RUNS + 1)) throw new Error(`only ${fixtures.pageReads()} pages were read`);
    print(runs);
  } finally {
    await browser.close();
    await model.close();
    fixtures.close();
    display.close();
  }
}

await main();
