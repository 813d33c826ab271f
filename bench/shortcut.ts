/**
 * What the ask-selection shortcut costs until the user can type (headed Chromium, real keys):
 * with the panel closed it opens fresh; with it open it reloads so that Chromium gives it the
 * keyboard (extension/shared/chrome-side-panel.ts), also while an answer is streaming, which the
 * reloaded panel joins again. Measured from the key press to the quote in the composer with the
 * keyboard in it, and to the live answer's text back on screen. Prints a table; asserts nothing.
 *
 * Run: npm run bench:shortcut
 */
import { startHeaded, type Headed } from '../e2e/headed';
import { sseChunks } from '../e2e/sse';

const RUNS = 8;

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const ready = (h: Headed, quote: string) => () =>
  h.inPanel(
    (doc, q) =>
      !!doc?.querySelector('.chip-text')?.textContent.includes(q) &&
      doc.activeElement?.tagName === 'TEXTAREA' &&
      doc.hasFocus(),
    quote,
  );

async function select(h: Headed, quote: string): Promise<void> {
  const page = await h.page();
  await page.setContent(`<title>Bench</title><p id="q">${quote}</p>`);
  await page.click('#q');
  await page.evaluate(() => getSelection()?.selectAllChildren(document.getElementById('q') as Node));
}

async function clearComposer(h: Headed): Promise<void> {
  await h.inPanel((doc) => doc?.querySelector<HTMLButtonElement>('.chip-head button:last-child')?.click());
  await until(() => h.inPanel((doc) => doc?.querySelector('.chip') === null));
}

const ROWS = {
  closed: 'Panel closed: it opens',
  open: 'Panel open: it reloads',
  streaming: 'Panel open with an answer streaming: it reloads',
  answerBack: "… and the live answer's text is on screen again",
};
type Rows = Record<keyof typeof ROWS, number[]>;

/** Presses Alt+Shift+Q on a selection of `quote` and times it until the user can type. */
async function askSelection(h: Headed, quote: string): Promise<number> {
  await select(h, quote);
  const start = Date.now();
  await h.shortcut('alt+shift+q');
  await until(ready(h, quote));
  return Date.now() - start;
}

const answerHas = (h: Headed, text: string) => () =>
  h.inPanel((doc, t) => (doc?.querySelector('.turn:last-child .answer')?.textContent ?? '').includes(t), text);

async function round(h: Headed, run: number, rows: Rows): Promise<void> {
  if ((await h.sidePanels()).length > 0) await h.shortcut('alt+shift+g');
  await until(async () => (await h.sidePanels()).length === 0);
  rows.closed.push(await askSelection(h, `Closed ${run}.`));
  await clearComposer(h);
  rows.open.push(await askSelection(h, `Open ${run}.`));
  await clearComposer(h);
  // An answer streaming slowly, asked where the keyboard is (the composer, as measured above).
  const words = Array.from({ length: 300 }, (_, i) => `word${i} `).join('');
  h.server.enqueue({ kind: 'stream', chunks: sseChunks(words, 8), delayMs: 10 });
  await h.xdotool('type', '--delay', '5', `Question ${run}`);
  await h.xdotool('key', 'Return');
  await until(answerHas(h, 'word20'));
  const start = Date.now();
  rows.streaming.push(await askSelection(h, `Streaming ${run}.`));
  await until(answerHas(h, 'word'));
  rows.answerBack.push(Date.now() - start);
  const done = () => h.inPanel((doc) => doc?.querySelector('.turn:last-child')?.getAttribute('data-status') === 'done');
  await until(done, 30_000);
  await clearComposer(h);
}

async function main(): Promise<void> {
  const h = await startHeaded();
  await h.ensureProvider();
  const page = await h.page();
  await page.goto(`${h.server.url}/article`);
  // The window that reads the panels opens now: opened later, it would take the keyboard.
  await h.inPanel(() => null);
  const rows: Rows = { closed: [], open: [], streaming: [], answerBack: [] };
  for (let run = 0; run < RUNS; run++) await round(h, run, rows);
  await h.close();
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
  console.log('\n| Key press → ready to type | Median ms | Min–max ms | Runs |\n|---|---|---|---|');
  for (const [key, name] of Object.entries(ROWS)) {
    const v = rows[key as keyof Rows];
    console.log(`| ${name} | ${median(v)} | ${Math.min(...v)}–${Math.max(...v)} | ${v.length} |`);
  }
}

await main();
