/**
 * The browser's floor under bench:panel's worker figures: what an extension's service worker
 * costs that does the least Gloss's worker must do with a streamed answer. It reads the
 * response's body as it comes and, at the answer's update rate, stores what came (one IndexedDB
 * write with relaxed durability, as Gloss's) and sends it to a page of the extension over a
 * port. Nothing is decoded or rendered. A second run only reads the body: the browser's own cost
 * of each network chunk. The extension is a few lines written to a temporary folder and runs in
 * a browser of its own, with the same trace, so Gloss's worker figures can be read against it
 * (issue 13: a goal below this floor needs fewer chunks or updates, not cheaper ones).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchWithExtension } from '../e2e/browser';
import type { ProviderServer as Server } from '../e2e/provider-server';
import { UPDATE_MS } from '../extension/background/answers/update-rate';
import { busyMs, stamp, stampProcess, Trace } from './trace';

const FILES: Record<string, string> = {
  'manifest.json': JSON.stringify({
    manifest_version: 3,
    name: 'Worker floor',
    version: '1',
    background: { service_worker: 'worker.js' },
    host_permissions: ['http://127.0.0.1/*'],
  }),
  // The ports of the pages that follow, for the streaming loop (run by the bench) to send to.
  'worker.js': `self.ports = new Set();
chrome.runtime.onConnect.addListener((port) => {
  self.ports.add(port);
  port.onDisconnect.addListener(() => self.ports.delete(port));
});`,
  'page.html': '<!doctype html><p id="text"></p><script src="page.js"></script>',
  'page.js': `const text = document.getElementById('text');
chrome.runtime.connect().onMessage.addListener((message) => text.append(message.text));`,
};

/**
 * The loop, run in the worker: tsx would wrap a named function in a helper the worker lacks. With
 * `store`, what came is written and sent once UPDATE_MS after the last update began, as Gloss's
 * answer does; without, the body is only read.
 */
function streaming(url: string, store: boolean): string {
  return `(async () => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('floor', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('chunks', { autoIncrement: true });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const decoder = new TextDecoder();
    let pending = '';
    let last = -Infinity;
    let timer;
    let updates = 0;
    const update = () => {
      timer = undefined;
      updates++;
      last = performance.now();
      const text = pending;
      pending = '';
      const write = db.transaction('chunks', 'readwrite', { durability: 'relaxed' });
      write.objectStore('chunks').put({ text });
      write.oncomplete = () => { for (const port of self.ports) port.postMessage({ text }); };
    };
    console.timeStamp('worker-floor-start');
    const request = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
    const reader = (await fetch(${JSON.stringify(url)}, request)).body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!${store}) continue;
      pending += decoder.decode(value, { stream: true });
      timer ??= setTimeout(update, Math.max(0, last + ${UPDATE_MS} - performance.now()));
    }
    if (timer !== undefined) { clearTimeout(timer); update(); }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    console.timeStamp('worker-floor-end');
    return updates;
  })()`;
}

/** One run: busy milliseconds over `seconds` (the stream and 1 s after it), and its updates. */
export interface FloorRun {
  ms: { wall: number; cpu: number };
  seconds: number;
  updates: number;
}

/** Both runs, each streaming `chunks` (SSE bodies) `delayMs` apart from `server`. */
export async function measureWorkerFloor(
  server: Server,
  chunks: Buffer[],
  delayMs: number,
): Promise<{ read: FloorRun; update: FloorRun }> {
  const dir = mkdtempSync(join(tmpdir(), 'gloss-worker-floor-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
  const browser = await launchWithExtension({ extension: dir });
  try {
    const page = await browser.context.newPage();
    await page.goto(`chrome-extension://${browser.extensionId}/page.html`);
    await browser.worker.evaluate(
      'new Promise((resolve) => { const wait = () => self.ports.size ? resolve() : setTimeout(wait, 10); wait(); })',
    );
    const cdp = await browser.context.browser()?.newBrowserCDPSession();
    if (!cdp) throw new Error('no browser-level DevTools session');
    const trace = new Trace(cdp);
    const run = async (store: boolean): Promise<FloorRun> => {
      server.enqueue({ kind: 'stream', chunks, delayMs });
      await trace.start();
      const updates = await browser.worker.evaluate<number>(streaming(`${server.url}/v1/chat/completions`, store));
      const events = await trace.stop();
      const from = stamp(events, 'worker-floor-start');
      const to = stamp(events, 'worker-floor-end');
      const ms = busyMs(events, 'ServiceWorker thread', from, to, stampProcess(events, 'worker-floor-start'));
      return { ms, seconds: (to - from) / 1e6, updates };
    };
    return { read: await run(false), update: await run(true) };
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
