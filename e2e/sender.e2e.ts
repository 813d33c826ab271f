/**
 * Only Gloss's own pages may talk to its worker. A Gloss script injected into a web page (as the
 * page reader is) has Gloss's `sender.id`, and a compromised page could use it; every message and
 * port it opens is refused, while the same messages from the panel page are answered.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseRequest, type MessageName, type Req } from '../extension/shared/protocol';
import { launchWithExtension, type Browser } from './browser';
import { INJECT_ARGS, runAsInjected, servePage } from './inject';
import { request } from './panel';
import { storedSettings } from './stored-settings';

const ID = '0b1c2d3e-4f50-4172-8394-a5b6c7d8e9f0';
const DRAFT = { kind: 'openai', baseUrl: 'http://127.0.0.1:9/v1' } as const;

/** A valid request for every message (typed: a new message must be added here). */
const REQUESTS: { [K in MessageName]: Req<K> } = {
  'settings.get': {},
  'settings.timeouts': { firstByteSeconds: 120, idleSeconds: 60 },
  'settings.preferences': { theme: 'dark' },
  'provider.check': { ...DRAFT, model: 'm' },
  'provider.save': { provider: { preset: 'custom', ...DRAFT, name: 'x', model: 'm' } },
  'provider.remove': { id: ID },
  'provider.setDefault': { id: ID },
  'provider.models': { draft: DRAFT },
  'provider.sees': { providerId: 'p', model: 'm' },
  'provider.test': { draft: { ...DRAFT, model: 'm' } },
  'local.detect': {},
  'mcp.save': { server: { name: 'x', url: 'http://127.0.0.1:9/mcp' } },
  'mcp.remove': { id: ID },
  'mcp.enable': { id: ID, enabled: false },
  'mcp.policy': { id: ID, tool: 't', policy: 'ask' },
  'mcp.status': {},
  'tools.limits': { maxRounds: 10, callTimeoutSeconds: 60 },
  'tools.glossPolicy': { tool: 'web_search', policy: 'ask' },
  'web.get': {},
  'web.save': { web: { engine: 'duckduckgo', searxngUrl: '', resultCount: 5, searchFirst: false } },
  // Port 9 refuses at once: the panel's try is answered without waiting on the network.
  'web.try': { web: { engine: 'searxng', searxngUrl: 'http://127.0.0.1:9', resultCount: 5, searchFirst: false } },
  'context.take': { windowId: 1 },
  'context.taken': { lease: ID },
  'context.fit': { text: 'x' },
  'context.fitAll': { texts: ['x'] },
  'context.addTab': { tabId: -1 },
  'context.askTab': { tabId: -1, question: 'Summarize.' },
  'context.pdfText': { pages: [] },
  'context.pdfPages': { text: 'x', pages: [1] },
  'history.list': { query: '' },
  'history.open': { id: ID },
  'history.update': { id: ID, title: 'y' },
  'history.delete': { id: ID },
  'history.restore': { id: ID },
  'localModel.state': {},
  // An id the catalogue does not have: answered with a refusal, nothing is downloaded.
  'localModel.download': { id: 'no-such-model' },
  'localModel.cancel': { id: 'no-such-model' },
  'localModel.remove': { id: 'no-such-model' },
};
const MESSAGES = Object.entries(REQUESTS).map(([name, payload]) => ({ gloss: 1, name, payload }));

let site: Awaited<ReturnType<typeof servePage>>;
let browser: Browser;

beforeAll(async () => {
  site = await servePage('<title>A page</title>');
  browser = await launchWithExtension({ args: INJECT_ARGS });
});

afterAll(async () => {
  await browser.close();
  site.close();
});

test('every request here is valid, so a refusal below is for who sent it', () => {
  for (const message of MESSAGES)
    expect(parseRequest(message)).toEqual({ name: message.name, payload: message.payload });
});

/** In the page: sends each message and says whether the worker answered it. Self-contained. */
async function sendEach(messages: unknown[]): Promise<string[]> {
  const answered = async (m: unknown) => {
    try {
      const reply: unknown = await chrome.runtime.sendMessage(m);
      return typeof reply === 'object' && reply !== null && 'ok' in reply ? 'answered' : 'unanswered';
    } catch {
      return 'unanswered'; // "the message port closed before a response was received"
    }
  };
  return Promise.all(messages.map(answered));
}

test('a Gloss script injected into a web page gets no answer to any message', async () => {
  const page = await browser.context.newPage();
  await page.goto(site.url);
  const replies = await runAsInjected(browser, page, sendEach, MESSAGES);
  expect(Object.fromEntries(MESSAGES.map((m, i) => [m.name, replies[i]]))).toEqual(
    Object.fromEntries(MESSAGES.map((m) => [m.name, 'unanswered'])),
  );
  await page.close();
});

/** In the page: opens a port, posts `first`, and reports what happened within two seconds. */
async function openPort([name, first]: [string, unknown]): Promise<string> {
  return new Promise((resolve) => {
    const port = chrome.runtime.connect({ name });
    port.onMessage.addListener(() => resolve('answered'));
    port.onDisconnect.addListener(() => resolve('closed'));
    port.postMessage(first);
    setTimeout(() => resolve('open'), 2000);
  });
}

test.each([
  ['gloss.chat', { type: 'ask', conversationId: ID, turnId: ID, parentId: null, question: 'Hi' }],
  ['gloss.panel', { windowId: 1 }],
  ['gloss.export', { format: 'json' }],
  ['gloss.import', { type: 'end' }],
])('a Gloss script injected into a web page has its %s port closed', async (name, first) => {
  const page = await browser.context.newPage();
  await page.goto(site.url);
  expect(await runAsInjected(browser, page, openPort, [name, first])).toBe('closed');
  await page.close();
});

test('the panel page, opened in a tab, is answered', async () => {
  const panel = await browser.openPanel();
  for (const name of ['settings.get', 'history.list', 'history.open'] as const) {
    expect(await request(panel, name, REQUESTS[name] as never), name).toMatchObject({ ok: true });
  }
  // The export port answers the panel with the file.
  expect(await panel.evaluate(openPort, ['gloss.export', { format: 'json' }] as [string, unknown])).toBe('answered');
  // A chat port the panel opens stays open (a stop with nothing to stop gets no reply).
  const chat = await panel.evaluate(openPort, ['gloss.chat', { type: 'stop' }] as [string, unknown]);
  expect(chat).toBe('open');
  await panel.close();
});

/** In the page: tries to read each storage area. Self-contained. */
async function readStorage(): Promise<Record<string, string>> {
  const attempt = async (area: chrome.storage.StorageArea | undefined) => {
    try {
      return area ? `read ${JSON.stringify(await area.get(null))}` : 'absent';
    } catch (e) {
      return `refused: ${String(e)}`;
    }
  };
  return { local: await attempt(chrome.storage.local), session: await attempt(chrome.storage.session) };
}

test("a Gloss script injected into a web page cannot read Gloss's storage (the keys live there)", async () => {
  const page = await browser.context.newPage();
  await page.goto(site.url);
  const read = await runAsInjected(browser, page, readStorage, null);
  expect(read.local).not.toMatch(/^read/);
  expect(read.session).not.toMatch(/^read/);
  await page.close();
});

/** In the page: the IndexedDB databases it can see. Self-contained. */
async function listDatabases(): Promise<string[]> {
  return (await indexedDB.databases()).map((d) => d.name ?? '');
}

test('a Gloss script injected into a web page cannot reach the settings in the worker’s database', async () => {
  // The settings, a provider among them, are in the database of Gloss's own origin...
  const panel = await browser.openPanel();
  await request(panel, 'provider.save', REQUESTS['provider.save']);
  expect(JSON.stringify(await storedSettings(panel))).toContain('http://127.0.0.1:9/v1');
  await panel.close();
  // ...which a script in a web page does not share: there, indexedDB is the page's.
  const page = await browser.context.newPage();
  await page.goto(site.url);
  expect(await runAsInjected(browser, page, listDatabases, null)).not.toContain('gloss');
  await page.close();
});
