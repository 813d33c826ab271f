/** What the panel benches share: a panel opened afresh, watching for long tasks. */
import type { Page } from 'playwright-core';
import type { Browser } from '../e2e/browser';
import { stamp, type Trace } from './trace';

/** A panel with no conversation open, counting long tasks from now on (in `window.longTasks`). */
export async function freshPanel(browser: Browser, panel: Page): Promise<void> {
  await panel.evaluate(() => localStorage.removeItem('gloss.conversation'));
  await panel.goto(`chrome-extension://${browser.extensionId}/extension/sidepanel/index.html`);
  await panel.getByLabel('Your question').waitFor();
  await panel.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask' });
  });
}

/** Ends a measured stretch: settles, marks its end, and gives the trace with the stretch's bounds and long tasks. */
export async function endMeasure(panel: Page, trace: Trace, settleMs: number) {
  await panel.waitForTimeout(settleMs);
  await panel.evaluate(() => console.timeStamp('bench-end'));
  const longTasks = await panel.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  const events = await trace.stop();
  return { longTasks, events, from: stamp(events, 'bench-start'), to: stamp(events, 'bench-end') };
}
