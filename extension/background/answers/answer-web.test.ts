/**
 * A chat's "Search the web": Gloss's own tools offered with the question (the user's addresses
 * known to them), and web mode for a model that cannot call tools.
 */
import { beforeAll, expect, test } from 'vitest';
import type { StoredSettings } from '../../shared/settings';
import type { CoreMessage, ToolSpec } from '../core';
import { freshStore, loadCore, SETTINGS } from '../test-support';
import type { ToolSource } from '../tools/tool-source';
import { GlossTools } from '../web/gloss-tools';
import { AnswerRegistry } from './answer-registry';

beforeAll(loadCore);

const text = (content: unknown) => (typeof content === 'string' ? content : JSON.stringify(content));

/** The next answer (not a search query) stops after its first words, as a Stop would leave it. */
const cut = { next: false };

const RESULTS = [
  { title: 'Tides', url: 'https://tides.example/how', snippet: 'The moon pulls the sea.' },
  { title: 'Closed site', url: 'https://closed.example/', snippet: '' },
];

/** `refuse`: the model answers any request that offers tools as Ollama does for one that cannot use them. */
async function setUp(refuse = false, settings: StoredSettings = SETTINGS, down: string[] = []) {
  const store = await freshStore();
  const requests: { tools: ToolSpec[]; messages: CoreMessage[] }[] = [];
  const givens: string[][] = [];
  const windows: (number | undefined)[] = [];
  const queries: string[] = [];
  const web = (s: StoredSettings, given: ReadonlySet<string>, windowId?: number) => {
    givens.push([...given]);
    windows.push(windowId);
    return new GlossTools({
      policies: s.glossPolicies,
      given,
      search: (query) => (queries.push(query), Promise.resolve({ results: RESULTS })),
      read: (url) =>
        Promise.resolve({ page: { url, finalUrl: url, title: 'Tides', text: 'High tide twice a day.', kind: 'html' } }),
      hasAccess: (pattern) => Promise.resolve(pattern !== 'https://closed.example/*'),
    });
  };
  const mcp: ToolSource = {
    offered: () => Promise.resolve([]),
    call: () => Promise.reject(new Error('no')),
    missing: () => down.map((source) => ({ source, problem: `Gloss could not reach ${source}.` })),
  };
  const answers = new AnswerRegistry({
    store: async () => store,
    settings: async () => settings,
    withMaterial: async (m) => m.map(({ role, content }) => ({ role, content })),
    heartbeat: () => undefined,
    tools: { source: mcp, allowAlways: () => Promise.resolve(), web },
    stream: async (_p, messages, post, _s, _t, options) => {
      const tools = options?.tools ?? [];
      requests.push({ tools, messages });
      if (refuse && tools.length > 0) {
        post({ type: 'error', code: 'no_tools', message: 'test-model does not support tools' });
        return;
      }
      const asksQuery = text(messages.at(-1)?.content).startsWith('Write a short web search query');
      // A model on this computer loads into memory with the first request, a follow-up's search query.
      if (asksQuery && settings === LOADS) post({ type: 'modelLoading', loading: true });
      if (asksQuery && settings === LOADS) post({ type: 'modelLoading', loading: false });
      if (cut.next && !asksQuery) {
        cut.next = false;
        post({ type: 'text', text: 'High tide ' });
        post({ type: 'stopped' });
        return;
      }
      post({ type: 'text', text: asksQuery ? '"tides in winter"\n' : 'High tide comes twice a day [1].' });
      // Reported twice, as servers that report with every chunk do: the last report counts.
      post({ type: 'usage', inputTokens: asksQuery ? 5 : 50, outputTokens: 1 });
      post({ type: 'usage', inputTokens: asksQuery ? 10 : 100, outputTokens: asksQuery ? 3 : 20 });
      post({ type: 'done', reason: 'stop' });
    },
  });
  return { store, answers, requests, givens, windows, queries };
}

/** Settings under which the model loads into memory first (`setUp` checks for this object). */
const LOADS: StoredSettings = { ...SETTINGS };

const ask = (web?: boolean) => ({
  type: 'ask' as const,
  conversationId: crypto.randomUUID(),
  turnId: crypto.randomUUID(),
  parentId: null,
  question: 'What does https://docs.example/guide say about tides?',
  ...(web !== undefined && { web }),
});

test('with web search on, Gloss’s tools are offered, and the conversation keeps the switch', async () => {
  const { store, answers, requests, givens } = await setUp();
  const command = ask(true);
  await (await answers.open(command))!.ended;
  expect(requests[0]!.tools.map((t) => t.name)).toEqual(['web_search', 'fetch_url', 'read_tab']);
  expect(givens).toEqual([['https://docs.example/guide']]);
  expect((await store.conversation(command.conversationId))?.web).toBe(true);
  // The next question of that conversation searches too, without saying so again.
  const next = { ...ask(), conversationId: command.conversationId, parentId: command.turnId };
  await (await answers.open(next))!.ended;
  expect(requests[1]!.tools.map((t) => t.name)).toEqual(['web_search', 'fetch_url', 'read_tab']);
});

test('each command’s window reaches Gloss’s tools: read_tab reads the tab beside the panel that asked', async () => {
  const { answers, windows } = await setUp();
  const command = { ...ask(true), windowId: 12 };
  await (await answers.open(command))!.ended;
  await (await answers.open({ type: 'regenerate', of: command.turnId, turnId: crypto.randomUUID(), windowId: 31 }))!
    .ended;
  await (await answers.open({ type: 'continue', turnId: command.turnId }))!.ended;
  expect(windows).toEqual([12, 31, undefined]);
});

test('with web search off (or never set), no tools are offered and none are built', async () => {
  const { answers, requests, givens } = await setUp();
  await (await answers.open(ask(false)))!.ended;
  await (await answers.open(ask()))!.ended;
  expect(requests.map((r) => r.tools)).toEqual([[], []]);
  expect(givens).toEqual([]);
});

test('a model that cannot call tools gets web mode: searched, readable results read, sources fenced and numbered', async () => {
  const { store, answers, requests } = await setUp(true);
  const command = ask(true);
  await (await answers.open(command))!.ended;
  expect(requests).toHaveLength(2);
  const second = requests[1]!;
  expect(second.tools).toEqual([]);
  expect(second.messages[0]).toMatchObject({
    role: 'system',
    content: expect.stringContaining('cite a source by its number'),
  });
  const asked = text(second.messages.at(-1)!.content);
  expect(asked).toContain('<<<tool result');
  expect(asked).toContain('[1] Tides\nhttps://tides.example/how');
  expect(asked).toContain('High tide twice a day.');
  expect(asked.endsWith(command.question)).toBe(true);
  const turn = await store.turn(command.turnId);
  expect(turn?.status).toBe('done');
  expect(turn?.error).toBeUndefined();
  // The search and the one page it could read without asking (the closed site needs access).
  expect(turn?.steps?.map((s) => [s.tool, s.status, s.arguments])).toEqual([
    ['web_search', 'done', { query: command.question }],
    ['fetch_url', 'done', { url: 'https://tides.example/how' }],
  ]);
  expect(turn?.steps?.[1]?.sources).toEqual([{ n: 1, title: 'Tides', url: 'https://tides.example/how' }]);
});

test('web mode searches nothing when web_search is Off in Settings → Tools', async () => {
  const off = { ...SETTINGS, glossPolicies: { web_search: 'off' as const } };
  const { answers, requests } = await setUp(true, off);
  await (await answers.open(ask(true)))!.ended;
  expect(requests.at(-1)!.tools).toEqual([]);
  expect(text(requests.at(-1)!.messages.at(-1)!.content)).not.toContain('<<<tool result');
});

test('a follow-up in web mode searches for what the model writes from the conversation, not its bare words', async () => {
  const { store, answers, queries, requests } = await setUp(true);
  const first = ask(true);
  await (await answers.open(first))!.ended;
  const next = { ...ask(), conversationId: first.conversationId, parentId: first.turnId, question: 'And in winter?' };
  await (await answers.open(next))!.ended;
  expect(queries).toEqual([first.question, 'tides in winter']);
  // The query the model wrote was a request too: its tokens count in the answer's usage.
  expect((await store.turn(next.turnId))?.usage).toEqual({ inputTokens: 110, outputTokens: 23 });
  // The query was asked with the conversation, and the answer then with the sources and the question itself.
  const [, , , queryRequest, answerRequest] = requests;
  expect(text(queryRequest!.messages.at(-1)!.content)).toContain('Question: And in winter?');
  expect(text(answerRequest!.messages.at(-1)!.content).endsWith('And in winter?')).toBe(true);
});

test('a server that could not be reached is named in the chat, and the answer comes without its tools', async () => {
  const { store, answers, requests } = await setUp(false, SETTINGS, ['My server']);
  const command = ask(true);
  const answer = (await answers.open(command))!;
  await answer.ended;
  expect(requests[0]!.tools.map((t) => t.name)).toEqual(['web_search', 'fetch_url', 'read_tab']);
  const turn = await store.turn(command.turnId);
  expect(turn?.toolsMissing).toEqual([{ source: 'My server', problem: 'Gloss could not reach My server.' }]);
  expect(turn?.status).toBe('done');
});

test('with "Search first, every time", a model that could call tools is sent what Gloss read instead', async () => {
  const first = { ...SETTINGS, web: { ...SETTINGS.web, searchFirst: true } };
  const { store, answers, requests, queries } = await setUp(false, first);
  const command = ask(true);
  await (await answers.open(command))!.ended;
  expect(queries).toEqual([command.question]);
  expect(requests).toHaveLength(1);
  expect(requests[0]!.tools).toEqual([]);
  expect(text(requests[0]!.messages.at(-1)!.content)).toContain('[1] Tides\nhttps://tides.example/how');
  expect((await store.turn(command.turnId))?.steps?.map((s) => s.tool)).toEqual(['web_search', 'fetch_url']);
});

test('"Search first" changes nothing in a chat that does not search the web', async () => {
  const first = { ...SETTINGS, web: { ...SETTINGS.web, searchFirst: true } };
  const { answers, requests, queries } = await setUp(false, first);
  await (await answers.open(ask(false)))!.ended;
  expect(queries).toEqual([]);
  expect(text(requests[0]!.messages.at(-1)!.content)).not.toContain('<<<tool result');
});

test('Continue of a web-mode answer is sent the same sources, without searching or reading again', async () => {
  const { store, answers, requests, queries } = await setUp(true);
  const command = ask(true);
  cut.next = true;
  await (await answers.open(command))!.ended;
  expect((await store.turn(command.turnId))?.status).toBe('stopped');
  const sent = text(requests.at(-1)!.messages.find((m) => m.role === 'user')!.content);
  await (await answers.open({ type: 'continue', turnId: command.turnId }))!.ended;
  expect(queries).toEqual([command.question]);
  const turn = await store.turn(command.turnId);
  expect(turn?.steps?.map((s) => s.tool)).toEqual(['web_search', 'fetch_url']);
  expect([turn?.status, turn?.error]).toEqual(['done', undefined]);
  // The same fenced sources, before the request to carry on.
  const sources = sent.slice(0, sent.lastIndexOf(command.question)).trim();
  expect(sources).toContain('[1] Tides\nhttps://tides.example/how');
  const carryOn = text(requests.at(-1)!.messages.at(-1)!.content);
  expect(carryOn.startsWith(sources)).toBe(true);
  expect(carryOn).toContain('Continue it exactly where it stopped');
});

test('in web mode, the model loading while it writes the search query is said in the chat', async () => {
  const { answers } = await setUp(true, LOADS);
  const first = ask(true);
  await (await answers.open(first))!.ended;
  const next = { ...ask(), conversationId: first.conversationId, parentId: first.turnId, question: 'And in winter?' };
  const answer = (await answers.open(next))!;
  const seen: string[] = [];
  answer.follow((e) => seen.push(e.type === 'modelLoading' ? `loading ${String(e.loading)}` : e.type));
  await answer.ended;
  expect(seen.filter((e) => e.startsWith('loading'))).toEqual(['loading true', 'loading false']);
});
