/**
 * `npm run bench:history`: how the history behaves with 1,000 stored conversations of 20
 * messages (10 questions, 10 answers of about 1 KB), in real Chromium with the built extension.
 * Prints a table; asserts nothing.
 *
 * - panel opened → list: from the panel page's navigation start to the first rows of the list
 *   in the DOM plus a frame, History being clicked the moment it exists (no human delay); every
 *   other run stops the worker first (what the browser does after 30 s idle), so the worker
 *   and database start cold. The very first panel load (no compiled code cached) is left out.
 * - open list: from clicking History in an open panel to the rows shown, then the next frame.
 * - search: from the query typed to the matching rows in the DOM, then the next frame.
 * - open 300 KB answer: from clicking a conversation with one very long answer to its HTML shown.
 */
import type { Page } from 'playwright-core';
import { launchWithExtension } from '../e2e/browser';
import { importHistory, request } from '../e2e/panel';
import type { MessageName, Req } from '../extension/shared/protocol';

const CONVERSATIONS = 1000;
const TURNS = 10;
const RUNS = 11;
const TOPICS = [
  'tides',
  'sourdough',
  'monads',
  'glaciers',
  'violins',
  'orbits',
  'ferns',
  'tariffs',
  'lichens',
  'bridges',
];

function paragraph(seed: number): string {
  const words = ['the', 'model', 'reads', 'a', 'page', 'and', 'answers', 'with', 'care', 'about', 'context'];
  return Array.from({ length: 160 }, (_, i) => words[(seed + i * 7) % words.length]).join(' ');
}

function exportFile(from: number, count: number) {
  const now = Date.now();
  return {
    format: 'gloss.conversations',
    version: 1,
    exportedAt: now,
    conversations: Array.from({ length: count }, (_, k) => {
      const n = from + k;
      const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      const topic = `${TOPICS[n % TOPICS.length]}${n % 97}`;
      const turns = Array.from({ length: TURNS }, (_, t) => ({
        id: `${id.slice(0, -4)}${String(t).padStart(2, '0')}${String(n % 100).padStart(2, '0')}`,
        conversationId: id,
        parentId:
          t === 0 ? null : `${id.slice(0, -4)}${String(t - 1).padStart(2, '0')}${String(n % 100).padStart(2, '0')}`,
        createdAt: now - n * 60_000 + t,
        question: `Question ${t} about ${topic}?`,
        answer: `## On ${topic}\n\n${paragraph(n + t)}\n\n- one point\n- another point`,
        status: 'done',
      }));
      return {
        conversation: {
          id,
          title: `Conversation ${n} about ${topic}`,
          titleEdited: false,
          createdAt: now - n * 60_000,
          updatedAt: now - n * 60_000,
          leafId: turns[turns.length - 1]?.id ?? null,
        },
        turns,
      };
    }),
  };
}

async function send<K extends MessageName>(page: Page, name: K, payload: Req<K>): Promise<unknown> {
  const reply = await request(page, name, payload);
  if (!reply.ok) throw new Error(reply.error);
  return reply.value;
}

/**
 * Runs `action` in the page and resolves with the ms until `selector` matches a number of nodes
 * that passes `test` (an expression in `n`), plus one frame. Written as a string: tsx would wrap
 * a function's inner functions in a helper that the page does not have.
 */
async function timeUntil(page: Page, action: string, selector: string, test: string): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve) => {
    const start = performance.now();
    const check = () => {
      const n = document.querySelectorAll(${JSON.stringify(selector)}).length;
      if (!(${test})) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - start));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    setTimeout(() => resolve(NaN), 10000); // reported as NaN rather than hanging the run
    ${action};
  })`);
}

/** In the panel from its first script: click History as soon as it exists, note when rows show. */
const OPEN_HISTORY_AT_ONCE = `new MutationObserver((_, observer) => {
  const button = document.querySelector('header button[aria-label="History"]');
  if (button && !window.historyClicked) { window.historyClicked = performance.now(); button.click(); }
  if (document.querySelectorAll('.history-item').length >= 50) {
    observer.disconnect();
    requestAnimationFrame(() => { window.listShownAt = performance.now(); });
  }
}).observe(document, { childList: true, subtree: true });`;

const CLICK_HISTORY = `document.querySelector('header button[aria-label="History"]').click()`;
const typeQuery = (q: string) =>
  `const box = document.querySelector('input[type=search]');
   Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(box, ${JSON.stringify(q)});
   box.dispatchEvent(new Event('input', { bubbles: true }));`;

/** Every row shown is about `topic` (the search has replaced the list). */
const allMatch = (topic: string) =>
  `n > 0 && [...document.querySelectorAll('.history-item .title')].every((t) => t.textContent.includes(${JSON.stringify(topic)}))`;

/** One conversation with a single answer of about 300 KB, about nothing the searches look for. */
function longAnswer() {
  const file = exportFile(CONVERSATIONS, 1);
  for (const { conversation, turns } of file.conversations) {
    const [first] = turns;
    if (!first) continue;
    first.question = 'A very long answer, please.';
    first.answer = Array.from({ length: 300 }, (_, i) => `### Part ${i}\n\n${paragraph(i)}\n`).join('\n');
    turns.splice(1);
    conversation.title = 'One very long answer';
    conversation.updatedAt = Date.now() + 1000;
    conversation.leafId = first.id;
  }
  return file;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

const browser = await launchWithExtension();
try {
  let panel = await browser.openPanel();
  await send(panel, 'provider.save', {
    provider: {
      preset: 'custom',
      kind: 'openai',
      name: 'Bench',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: '',
      model: 'm',
    },
  });
  const seeding = performance.now();
  for (let from = 0; from < CONVERSATIONS; from += 100) await importHistory(panel, exportFile(from, 100));
  await importHistory(panel, longAnswer());
  console.log(`seeded ${CONVERSATIONS + 1} conversations in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const rows = new Map<string, number[]>();
  const record = (name: string, ms: number) => rows.set(name, [...(rows.get(name) ?? []), ms]);
  for (let run = 0; run < RUNS; run++) {
    const stopped = run % 2 === 1;
    if (stopped) {
      // A cold worker and database: stop the worker, as the browser does when idle.
      const cdp = await panel.context().newCDPSession(panel);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
    }
    await panel.close();
    panel = await browser.context.newPage();
    await panel.addInitScript(OPEN_HISTORY_AT_ONCE);
    await panel.goto(`chrome-extension://${browser.extensionId}/extension/sidepanel/index.html`);
    await panel.waitForFunction(() => 'listShownAt' in window);
    const shownAt = await panel.evaluate<number>('window.listShownAt');
    if (run > 0) record(`panel opened → list (${stopped ? 'worker stopped first' : 'worker running'})`, shownAt);
    await panel.getByRole('button', { name: 'New chat' }).click();
    record('open list', await timeUntil(panel, CLICK_HISTORY, '.history-item', 'n >= 50'));
    record(
      'search "sourdough4"',
      await timeUntil(panel, typeQuery('sourdough4'), '.history-item', allMatch('sourdough4')),
    );
    await timeUntil(panel, typeQuery(''), '.history-item', 'n >= 50');
    record('search "tid"', await timeUntil(panel, typeQuery('tid'), '.history-item', allMatch('tides')));
    await timeUntil(panel, typeQuery(''), '.history-item', 'n >= 50');
    const openLong = `[...document.querySelectorAll('.history-item')].find((b) => b.textContent.includes('One very long answer')).click()`;
    record('open 300 KB answer', await timeUntil(panel, openLong, '.answer h3', 'n >= 300'));
    // The next panel would reopen this conversation; start it on an empty chat instead, so the
    // list is measured on its own (the row above is what the long answer costs).
    await panel.getByRole('button', { name: 'New chat' }).click();
  }
  console.log('\n| case | median ms | min ms | max ms | runs |\n|---|---|---|---|---|');
  for (const [name, values] of rows) {
    const fmt = (n: number) => n.toFixed(1);
    console.log(
      `| ${name} | ${fmt(median(values))} | ${fmt(Math.min(...values))} | ${fmt(Math.max(...values))} | ${values.length} |`,
    );
  }
  console.log('\nGoals: open list < 150 ms, search < 50 ms.');
} finally {
  await browser.close();
}
