/**
 * Web mode (issue 29) in headed Chromium: a chat with "Search the web" on, asking a model that
 * cannot call tools. The scripted provider (e2e/provider-server) refuses the request that offers
 * tools as llama.cpp without `--jinja` does (and as Ollama does), then answers the next one with
 * text citing [1] and a number no source has, [9]. Between the two, Gloss searches DuckDuckGo
 * (served at its real address, web-tools-support) with the question, reads the results it may
 * read without asking, and sends them fenced and numbered before the question. First without
 * "Any site": none of the found sites was granted, so no page is requested and the answer comes
 * from the results alone; then with "Any site" granted through the browser's real prompt: the
 * two articles are read, and the router at http://192.168.1.1/ (a private address) never is.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { WIRES } from './fixtures/tool-wire';
import { startHeaded, type Headed } from './headed';
import { ask, lastTurn, newChat } from './panel';
import { answerPrompt } from './permission-prompt';
import { useProvider } from './tool-loop-support';
import { ROUTER, SECRET, startWebModeSites } from './web-tools-support';

/** How servers refuse tools for a model without them (the bodies the core's error tests name). */
const REFUSAL = {
  openai: { status: 500, error: { code: 500, message: 'tools param requires --jinja flag', type: 'server_error' } },
  ollama: { status: 400, error: 'registry.ollama.ai/library/test-model does not support tools' },
};
type Refusing = keyof typeof REFUSAL;
const ANSWER = 'The Moon pulls the sea up [1]; the wind does not [9].';
/** One source as web mode fences it (the core's `toolResultText('web', 'Gloss', text)`). */
const FENCE = /<<<tool result (\S+) tool="web" source="Gloss">>>\n([\s\S]*?)\n<<<end tool result \1>>>/g;
const RESULTS = (question: string) =>
  `Results for "${question}":\n\n[1] How tides work\nhttps://news.example/tides\nWhy the sea rises twice a day.\n\n` +
  `[2] Router login\n${ROUTER}\nSign in to your router.\n\n` +
  `[3] Spring tides\nhttps://coast.example/spring\nThe highest tides of the month.`;

let sites: Awaited<ReturnType<typeof startWebModeSites>>;
let h: Headed;
let panel: Page;

beforeAll(async () => {
  sites = await startWebModeSites();
  h = await startHeaded(sites.args);
  // The panel's page in a tab, 360 px wide as the side panel is: its clicks are real input, the
  // gesture the browser needs to ask for access (as web-tools.e2e.ts does).
  panel = await h.browser.openPanel();
  await panel.setViewportSize({ width: 360, height: 700 });
  await useProvider(panel, h.server.url, 'openai');
  await answerPrompt(h.display.name, () => globe().click());
  expect(await granted()).toContain('https://html.duckduckgo.com/*');
});

afterAll(async () => {
  await h.close();
  sites.close();
});

const globe = () => panel.locator('.web-switch');
const granted = () => h.browser.worker.evaluate(() => chrome.permissions.getAll().then((p) => p.origins ?? []));
const steps = (tool: string) => lastTurn(panel).getByRole('group', { name: `Called ${tool} on Gloss` });
const sources = () => lastTurn(panel).locator('details.web-sources');

interface Sent {
  tools: string[];
  system: string;
  /** The last user message: the sources' fences, then the question. */
  user: string;
}

/** A new chat searching the web, with a model of `protocol` that refuses tools: `question`'s two requests. */
async function askRefused(protocol: Refusing, question: string): Promise<[Sent, Sent]> {
  await useProvider(panel, h.server.url, protocol);
  await newChat(panel);
  // On in the first chat (beforeAll's), which New chat keeps while it is empty; the engine's site is kept: no prompt.
  if ((await globe().getAttribute('aria-pressed')) !== 'true') await globe().click();
  await expect.poll(() => globe().getAttribute('aria-pressed')).toBe('true');
  const { status, error } = REFUSAL[protocol];
  const chunks = WIRES[protocol].textBody(ANSWER).map((c) => Buffer.from(c));
  h.server.enqueue({ kind: 'status', status, body: JSON.stringify({ error }) }, { kind: 'stream', chunks, delayMs: 5 });
  const before = h.server.requests.length;
  await ask(panel, question);
  await expect.poll(() => lastTurn(panel).getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
  const sent = h.server.requests.slice(before).map((r) => {
    const body = r.body as { tools?: { function?: { name: string } }[]; messages: { role: string; content: string }[] };
    const system = body.messages.filter((m) => m.role === 'system').map((m) => m.content);
    const tools = (body.tools ?? []).map((t) => t.function?.name ?? '');
    return { tools, system: system.join('\n'), user: body.messages.at(-1)?.content ?? '' };
  });
  expect(sent).toHaveLength(2);
  return [sent[0]!, sent[1]!];
}

/** What a user notices: the answer, [1] linked to its page, [9] plain, and no "Answer without tools". */
async function answered(): Promise<void> {
  const turn = lastTurn(panel);
  await expect
    .poll(() =>
      turn
        .locator('.answer')
        .allTextContents()
        .then((t) => t.join('\n')),
    )
    .toContain(ANSWER);
  expect(
    await turn.locator('a.cite').evaluateAll((a) => a.map((l) => [l.textContent, l.getAttribute('href')])),
  ).toEqual([['[1]', 'https://news.example/tides']]);
  expect(await turn.getByRole('button', { name: 'Answer without tools' }).count()).toBe(0);
  expect(await turn.textContent()).not.toContain("can't use tools");
  expect(await steps('web_search').count()).toBe(1);
}

/** The second request: no tools, the sources fenced before the question, the instruction to cite. */
function checkSources(refused: Sent, sent: Sent, question: string, pages: number): string[] {
  expect(refused.tools).toEqual(expect.arrayContaining(['web_search', 'fetch_url']));
  expect(sent.tools).toEqual([]);
  expect(sent.system).toContain('cite a source by its number in brackets right after what it supports');
  const fenced = [...sent.user.matchAll(FENCE)].map((m) => m[2] ?? '');
  expect(fenced).toHaveLength(1 + pages);
  expect(fenced[0]).toBe(RESULTS(question));
  expect(sent.user.replace(FENCE, '').trim()).toBe(question);
  expect(sent.user.endsWith(question)).toBe(true);
  return fenced.slice(1);
}

/** The "Web sources" list, opened: each row's text by its number. */
async function listed(): Promise<string[]> {
  await sources().locator('summary').click();
  return sources().locator('li').allInnerTexts();
}

test('without "Any site": a refused request, then the results fenced before the question; no result is read', async () => {
  const question = 'Why does the sea rise twice a day?';
  const [refused, sent] = await askRefused('openai', question);
  expect(checkSources(refused, sent, question, 0)).toEqual([]);
  expect(sites.queries).toEqual([question]);
  expect(await steps('fetch_url').count()).toBe(0);
  expect(sites.pages.requests).toEqual([]);
  expect(sites.router.requests).toEqual([]);
  await answered();
  expect(await sources().locator('summary').textContent()).toBe('Web sources (3)');
  for (const row of await listed()) expect(row).toContain(`Found by searching “${question}”`);
});

test('with "Any site": the two articles are read, numbered as found, and cited; the private address never', async () => {
  await panel.getByRole('button', { name: 'Settings', exact: true }).click();
  const web = panel.getByRole('region', { name: 'Web', exact: true });
  await answerPrompt(h.display.name, () => web.getByRole('radio', { name: 'Any site' }).click());
  expect(await granted()).toContain('https://*/*');
  await panel.locator('.bar button').last().click(); // back to the chat
  // 192.168.1.1 reaches the recorder here (so "never requested" below means something).
  await h.browser.worker.evaluate((url) => fetch(url).then((r) => r.text()), `${ROUTER}control`);
  expect(sites.router.requests).toEqual(['/control']);

  const question = 'When do the highest tides come?';
  const [refused, sent] = await askRefused('openai', question);
  const [tides, spring] = checkSources(refused, sent, question, 2);
  expect(tides).toMatch(/^\[1\] How tides work\nAddress: https:\/\/news\.example\/tides\n\n/);
  expect(tides).toContain('Twice a day the sea rises and falls along the coast.');
  expect(spring).toMatch(/^\[3\] Spring tides\nAddress: https:\/\/coast\.example\/spring\n\n/);
  expect(spring).toContain('Spring tides have nothing to do with the season');
  expect(sites.pages.requests.toSorted()).toEqual(['/spring', '/tides']);
  expect(sites.router.requests).toEqual(['/control']);
  expect(await steps('fetch_url').count()).toBe(2);
  expect(JSON.stringify(h.server.requests)).not.toContain(SECRET);
  await answered();
  expect(await sources().locator('summary').textContent()).toBe('Web sources (3)');
  const [one, two, three] = await listed();
  expect(one).toMatch(/^How tides work\s+https:\/\/news\.example\/tides\s+Read: [\d,]+ characters sent\.$/);
  expect(two).toContain(`Found by searching “${question}”`);
  expect(three).toMatch(/^Spring tides\s+https:\/\/coast\.example\/spring\s+Read: [\d,]+ characters sent\.$/);
});

test('(Ollama) its refusal of tools goes the same way: the sources sent, the answer cited, no error', async () => {
  const question = 'Do tides follow the Moon?';
  const [refused, sent] = await askRefused('ollama', question);
  expect(checkSources(refused, sent, question, 2)).toHaveLength(2);
  expect(sites.router.requests).toEqual(['/control']);
  await answered();
});
