/**
 * The browser's floor under bench:panel's figures: what a plain page costs that does the least
 * any streaming update must do, at the answer's update rate. Each update, as the panel's does,
 * comes in a task of its own (the panel's: the worker's message), adds its text to a paragraph
 * there (answer/apply-pace.ts) and keeps the end in view. The page is otherwise empty, so what it
 * costs is the browser's own work for one changed frame: style, layout, paint and commit, and the
 * scroll. Measured in the same browser, at the panel's size, with the same trace, so the panel's
 * figures can be read against it (issue 13: a goal below this floor needs fewer updates, not
 * cheaper ones).
 */
import type { BrowserContext } from 'playwright-core';
import { UPDATE_MS } from '../extension/background/answers/update-rate';
import { breakdown, busyMs, stamp, stampProcess, type Trace } from './trace';

/** The panel's type and padding (html, body: base.css), and nothing else. */
const PAGE =
  '<style>html,body{margin:0;height:100%;font:14px/1.55 system-ui,sans-serif}' +
  '#list{height:100%;overflow-y:auto;padding:12px;box-sizing:border-box}</style>' +
  '<div id="list"><p id="text"></p></div>';

/** The updates, as a script: tsx would wrap a named function in a helper the page lacks. */
function updating(updates: number, chars: number): string {
  return `new Promise((done) => {
    const text = document.getElementById('text');
    const list = document.getElementById('list');
    const words = 'streaming answers arrive a few words at a time '.repeat(4).slice(0, ${chars});
    let left = ${updates};
    function update() {
      text.append(words);
      list.scrollTop = list.scrollHeight;
      if (--left > 0) setTimeout(update, ${UPDATE_MS});
      else setTimeout(done, 1000);
    }
    setTimeout(update, ${UPDATE_MS});
  })`;
}

export interface Floor {
  updates: number;
  seconds: number;
  ms: { wall: number; cpu: number };
  /** What its main thread spent the time on (trace.ts's `breakdown`). */
  spent: ReturnType<typeof breakdown>;
}

/** `updates` updates of `chars` characters each, UPDATE_MS apart, in a page `width`×`height`. */
export async function measureFloor(
  context: BrowserContext,
  trace: Trace,
  size: { width: number; height: number },
  updates: number,
  chars: number,
): Promise<Floor> {
  const page = await context.newPage();
  try {
    await page.setViewportSize(size);
    await page.goto(`data:text/html,${encodeURIComponent(PAGE)}`);
    await trace.start();
    await page.evaluate(() => console.timeStamp('floor-start'));
    await page.evaluate(updating(updates, chars));
    await page.evaluate(() => console.timeStamp('floor-end'));
    const events = await trace.stop();
    const from = stamp(events, 'floor-start');
    const to = stamp(events, 'floor-end');
    const pid = stampProcess(events, 'floor-start');
    const ms = busyMs(events, 'CrRendererMain', from, to, pid);
    const spent = breakdown(events, 'CrRendererMain', from, to, pid);
    return { updates, seconds: (to - from) / 1e6, ms, spent };
  } finally {
    await page.close();
  }
}
