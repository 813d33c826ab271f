/**
 * Gloss's own web tools once in a headed Firefox ESR (firefox-run.ts): the scripted model (where
 * the first run finds LM Studio, e2e/provider-server) calls `web_search`, which a SearXNG
 * instance on 127.0.0.1 answers (the core's fixture, its first result pointed at a page served
 * here, whose address moved: Gloss follows the redirect itself), then `fetch_url` on that page. Firefox keeps extension pages out of WebDriver BiDi's
 * reach, so the sidebar is used with the real keyboard and mouse: SearXNG chosen in Settings →
 * Web, the globe switched on, Allow once pressed for the read (the page is on this computer, so
 * it asks). What Gloss does is seen where it lands: the instance searched and the page read from
 * the background page, both results fenced in the model's next requests, and the answer's [1]
 * a link that opens the page. A second result's name resolves to this computer: it is refused
 * by its looked-up address, with nothing asked of it.
 */
import { readFileSync } from 'node:fs';
import { LOCAL_MODELS } from '../extension/shared/local-model/catalogue';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFirefox, type Firefox } from './firefox-run';
import { WIRES } from './fixtures/tool-wire';
import { lastResult } from './web-tools-support';
import { clickAt, grabScreen, pressKeys, SCREEN, typeText, type Rect } from './xvfb';

/** The settings button, at the right of the sidebar's bar (measured from its top right, as firefox-tools.e2e.ts). */
const SETTINGS_BUTTON = { fromRight: 20, down: 64 };
const PAGE = `<!doctype html><html><head><title>How tides work</title></head><body><article><h1>How tides work</h1>
<p>Twice a day the sea rises and falls along the coast. The Moon's pull on the oceans, and the Earth turning beneath that bulge of water, make the tides.</p>
<p>When the Sun and the Moon line up, at full and new moon, their pulls add up and the tides run highest.</p></article></body></html>`;
const ANSWER = 'Tides follow the Moon [1].';
/** The core's fence around a tool result (`toolResultText`), as web-tools.e2e.ts checks it. */
const fence = (tool: string) => new RegExp(`^<<<tool result \\S+ tool="${tool}" source="Gloss">>>\\n`);

let ff: Firefox;
/** What the local server was asked, and how: the instance's searches, the page's reads and visits. */
const asked: { path: string; mode: string }[] = [];
/** What reached this server by HARBOUR's name: nothing may. */
const harbourAsked: string[] = [];

/**
 * A public-looking name that Firefox resolves to this computer (`network.dns.localDomains`), as
 * DNS rebinding or an intranet name does: Gloss looks it up before reading it, and never asks it.
 */
const HARBOUR = 'harbour.example';

/** The core's SearXNG fixture, its first result pointed at this server's page's old address, its second at HARBOUR. */
function searxng(origin: string): string {
  const path = new URL('../crates/gloss-core/tests/fixtures/web/searxng/200-results.json', import.meta.url);
  const found = JSON.parse(readFileSync(path, 'utf8')) as { results: Record<string, unknown>[] };
  const page = { url: `${origin}/old-tides`, title: 'How tides work', content: 'Why the sea rises twice a day.' };
  found.results[0] = { ...found.results[0], ...page };
  const harbour = {
    url: `${origin.replace('127.0.0.1', HARBOUR)}/times`,
    title: 'Harbour times',
    content: 'Tide tables.',
  };
  found.results[1] = { ...found.results[1], ...harbour };
  return JSON.stringify(found);
}

beforeAll(async () => {
  ff = await startFirefox(
    (req, res) => {
      const path = req.url ?? '/';
      if ((req.headers.host ?? '').startsWith(HARBOUR)) harbourAsked.push(path);
      else asked.push({ path, mode: String(req.headers['sec-fetch-mode']) });
      if (path.startsWith('/search?')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(searxng(`http://${req.headers.host ?? ''}`));
      } else if (path === '/old-tides') res.writeHead(301, { location: '/tides' }).end();
      else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    },
    undefined,
    { prefs: [`network.dns.localDomains=${HARBOUR}`] },
  );
}, 120_000);

afterAll(() => ff.close());

const keys = (...names: string[]) => pressKeys(ff.display.name, ...names);
const type = (text: string) => typeText(ff.display.name, text);
const settle = (ms = 500) => new Promise((resolve) => setTimeout(resolve, ms));
const call = (id: string, name: string, args: Record<string, unknown>) => ({
  kind: 'stream' as const,
  chunks: WIRES.openai.callBody({ id, name, args }, '').map((c) => Buffer.from(c)),
  delayMs: 5,
});

/**
 * Settings → Web by the keyboard: from the settings button, Tab passes the provider's Edit and
 * Remove, each model inside Gloss's Download, Add provider, the two time limits and their Save,
 * Add an MCP server, Gloss's two
 * tools' Allow / Ask / Off, the two tool limits and their Save, to the engine's radio group;
 * Down chooses SearXNG, whose address comes after the two "Get a key" links; Enter there saves
 * (the form's submit, which asks for the instance's site in the same key press).
 */
async function chooseSearxng(bar: Rect, instance: string): Promise<void> {
  await clickAt(ff.display.name, bar.x1 - SETTINGS_BUTTON.fromRight, bar.y0 + SETTINGS_BUTTON.down);
  await settle();
  await keys(...Array<string>(15 + LOCAL_MODELS.length).fill('Tab'), 'Down', 'Tab', 'Tab', 'Tab');
  await type(instance);
  await keys('Return');
  await settle(1000);
  await clickAt(ff.display.name, bar.x1 - SETTINGS_BUTTON.fromRight, bar.y0 + SETTINGS_BUTTON.down);
  await settle();
}

/** The centre of the answer's link (the pixels of the sidebar above `y1` far bluer than red or green), or null. */
async function linkIn(bar: Rect, y1: number): Promise<{ x: number; y: number } | null> {
  const pixels = await grabScreen(ff.display.name);
  const at = { x: 0, y: 0, n: 0 };
  for (let y = bar.y0 + 100; y < y1; y++) {
    for (let x = bar.x0; x < bar.x1 - 15; x++) {
      const i = (y * SCREEN.width + x) * 3;
      const [r = 0, g = 0, b = 0] = pixels.subarray(i, i + 3);
      if (b - r > 60 && b - g > 60) Object.assign(at, { x: at.x + x, y: at.y + y, n: at.n + 1 });
    }
  }
  return at.n > 20 ? { x: Math.round(at.x / at.n), y: Math.round(at.y / at.n) } : null;
}

test('in Firefox the globe offers Gloss’s tools: SearXNG searched, the page read after Allow once and fenced, [1] linked', async () => {
  const bar = await ff.sidebar();
  const origin = new URL(ff.pageUrl).origin;
  const { provider } = ff;
  await ff.useLocalServer();
  await chooseSearxng(bar, origin);
  await ff.clickQuestionBox();
  await keys('Tab', 'Tab', 'Tab', 'Return'); // past the PDF's paperclip and the tab picker, to the globe
  provider.enqueue(
    call('call_FirefoxWeb1', 'web_search', { query: 'tides' }),
    // The result's address moved: Gloss follows the redirect itself (background/web/page-fetch.ts).
    call('call_FirefoxWeb2', 'fetch_url', { url: `${origin}/old-tides` }),
    call('call_FirefoxWeb3', 'fetch_url', { url: `${origin.replace('127.0.0.1', HARBOUR)}/times` }),
    { kind: 'stream', chunks: WIRES.openai.textBody(ANSWER).map((c) => Buffer.from(c)), delayMs: 5 },
  );
  await ff.clickQuestionBox();
  await type('Why are there tides?');
  await keys('Return');

  // The worker's fetches (mode cors; a visit is a navigation): the search ran, the read waits for the user.
  await expect.poll(() => provider.requests.length, { timeout: 15_000 }).toBe(2);
  const offered = (provider.requests[0]?.body as { tools?: { function: { name: string } }[] }).tools ?? [];
  expect(offered.map((t) => t.function.name)).toEqual(expect.arrayContaining(['web_search', 'fetch_url']));
  const search = asked.filter((a) => a.path.startsWith('/search?'));
  expect(search).toEqual([{ path: '/search?q=tides&format=json', mode: 'cors' }]);
  const results = lastResult('openai', provider.requests[1]?.body);
  expect(results).toMatch(fence('web_search'));
  expect(results).toContain(`[1] How tides work\n${origin}/old-tides\nWhy the sea rises twice a day.`);
  await settle(1000);
  expect(asked.filter((a) => a.path.endsWith('tides'))).toEqual([]);

  // Allow once, from the question box (which keeps the focus) back past Web sources and Deny.
  await keys('shift+Tab', 'shift+Tab', 'shift+Tab', 'Return');
  await expect.poll(() => provider.requests.length, { timeout: 15_000 }).toBe(3);
  expect(asked.filter((a) => a.path.endsWith('tides'))).toEqual([
    { path: '/old-tides', mode: 'cors' },
    { path: '/tides', mode: 'cors' },
  ]);
  const page = lastResult('openai', provider.requests[2]?.body);
  expect(page).toMatch(fence('fetch_url'));
  expect(page).toContain(
    `[1] How tides work\nAddress: ${origin}/old-tides\nMoved to: ${origin}/tides\n\nTwice a day the sea rises and falls along the coast.`,
  );

  // The second result's name leads to this computer: Allow once gives its site, and Gloss, having
  // looked the name up, refuses it without asking it anything.
  await settle(1000);
  await ff.clickQuestionBox();
  await keys('shift+Tab', 'shift+Tab', 'shift+Tab', 'Return');
  await expect.poll(() => provider.requests.length, { timeout: 15_000 }).toBe(4);
  const harbour = origin.replace('127.0.0.1', HARBOUR);
  expect(lastResult('openai', provider.requests[3]?.body)).toContain(
    `${harbour}/times led to ${new URL(harbour).host} (127.0.0.1), which is on this computer or a private network.`,
  );
  expect(harbourAsked).toEqual([]);

  // The answer's [1] is a link: a click on it opens the page it cites in a tab. The keyboard,
  // left on the step's Details by Allow once, draws an indigo ring there: from the question box
  // it draws none in the answer, where the link is looked for by its colour.
  await ff.clickQuestionBox();
  const above = bar.y1 - 190; // the quick actions and the composer (its globe, on, is indigo)
  await expect.poll(() => linkIn(bar, above), { timeout: 10_000 }).not.toBeNull();
  const link = (await linkIn(bar, above))!;
  await clickAt(ff.display.name, link.x, link.y);
  await expect.poll(() => asked.filter((a) => a.path === '/tides' && a.mode === 'navigate').length).toBe(1);
}, 180_000);
