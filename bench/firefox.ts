/**
 * `npm run bench:firefox`: what streaming an answer costs Firefox ESR (the Firefox build, headed on
 * a virtual display, driven with the real mouse and keyboard as the Firefox e2e files do). In
 * Firefox the sidebar and the background page share one process, the WebExtensions process, and
 * its main thread; Firefox gives no trace here, so this reads the CPU time each Firefox process
 * and that main thread spent from /proc (Linux; 10 ms ticks, over windows of 10 s and more).
 * Cases: Firefox idle with the sidebar open (the same window, nothing streaming: the floor under
 * the rest), issue 13's own case (an 8 KB answer in 4-character chunks at 50 a second) and the
 * 30 KB mixed answer at 50 chunks a second in about 8 s. Prints a table; asserts nothing.
 * Hold the browser lock while it runs: `flock /tmp/gloss-browser.lock npm run bench:firefox`.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { startFirefox, until, type Firefox } from '../e2e/firefox-run';
import { sseChunks } from '../e2e/sse';
import { xdotool } from '../e2e/xvfb';
import { proseAnswer, richAnswer, SETTLE_MS } from './documents';

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/**
 * CPU milliseconds so far of Firefox's processes, by the name Firefox gives each (its `comm`:
 * "WebExtensions", "Isolated Web Co", "Socket Process"…; the parent as "parent"), and of the
 * WebExtensions process's main thread. (A child's command line cannot tell: the fork server
 * rewrites it.)
 */
function cpuNow(): Map<string, number> {
  const out = new Map<string, number>();
  const add = (key: string, ms: number) => out.set(key, (out.get(key) ?? 0) + ms);
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      // Firefox's own executable (not web-ext's node, nor the crash helper).
      const exe = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/)[0] ?? '';
      if (!/\/firefox(-esr)?$/.test(exe)) continue;
      const name = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      const kind = name.startsWith('firefox') ? 'parent' : name;
      add(kind, ticks(readFileSync(`/proc/${pid}/stat`, 'utf8')) * TICK_MS);
      if (kind === 'WebExtensions')
        add('WebExtensions main thread', ticks(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')) * TICK_MS);
    } catch {
      continue; // ended meanwhile
    }
  }
  return out;
}

/** utime + stime of a /proc stat line (fields 14 and 15; the command name may hold spaces). */
function ticks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Asks a question answered by `chunks`, `delayMs` apart; resolves SETTLE_MS after the stream's end. */
async function ask(ff: Firefox, chunks: Buffer[], delayMs: number): Promise<void> {
  const before = ff.provider.requests.length;
  ff.provider.enqueue({ kind: 'stream', chunks, delayMs });
  await ff.clickQuestionBox();
  await xdotool(ff.display.name, 'type', '--delay', '20', 'Stream the benchmark answer.');
  await xdotool(ff.display.name, 'key', 'Return');
  await until(() => ff.provider.requests.length > before, 'the request', 15_000);
  const request = ff.provider.requests.at(-1);
  // An answer the extension stopped reading (an error, the sidebar gone) would never finish.
  const stopped = request?.aborted.then(() => {
    throw new Error('the extension stopped reading the answer before its end');
  });
  await Promise.race([request?.finished, stopped]);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
}

interface Row {
  case: string;
  seconds: number;
  ms: Map<string, number>;
}

async function measure(name: string, run: () => Promise<void>): Promise<Row> {
  const start = cpuNow();
  const t0 = performance.now();
  await run();
  const seconds = (performance.now() - t0) / 1000;
  const end = cpuNow();
  const ms = new Map([...end].map(([kind, total]) => [kind, total - (start.get(kind) ?? 0)]));
  return { case: name, seconds, ms };
}

function print(rows: Row[]): void {
  const kinds = ['WebExtensions main thread', 'WebExtensions', 'parent', 'Isolated Web Co', 'Socket Process'];
  console.table(
    rows.map((r) => ({
      case: r.case,
      s: r.seconds.toFixed(1),
      ...Object.fromEntries(
        kinds.map((k) => [`${k} CPU %`, ((100 * (r.ms.get(k) ?? 0)) / 1000 / r.seconds).toFixed(1)]),
      ),
    })),
  );
  console.log('CPU time from /proc: the WebExtensions process (sidebar and background page) and its main thread,');
  console.log(
    `Firefox's parent process, the web page's process and the socket process; over the stream and ${SETTLE_MS} ms after it.`,
  );
}

async function main(): Promise<void> {
  const ff = await startFirefox((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Tides.</p>'),
  );
  try {
    await ff.useLocalServer();
    // A first answer loads and compiles the sidebar's code and the core; it is not measured.
    await ask(ff, sseChunks(proseAnswer(2_000), 64), 5);
    const prose = sseChunks(proseAnswer(8_000), 4);
    const mixed = sseChunks(richAnswer(30_000), 76);
    const rows = [
      await measure('idle, sidebar open', () => new Promise((resolve) => setTimeout(resolve, 20_000))),
      await measure('prose 8 KB, 4 chars, 50/s', () => ask(ff, prose, 20)),
      await measure('mixed 30 KB, 76 chars, 50/s', () => ask(ff, mixed, 20)),
    ];
    print(rows);
  } finally {
    await ff.close();
  }
}

await main();
