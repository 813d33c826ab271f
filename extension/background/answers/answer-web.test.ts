/** A chat's "Search the web": Gloss's own tools offered with the question, the user's addresses known to them. */
import { beforeAll, expect, test } from 'vitest';
import type { ToolSpec } from '../core';
import { eventually, freshStore, loadCore, SETTINGS } from '../test-support';
import type { ToolSource } from '../tools/tool-source';
import { AnswerRegistry } from './answer-registry';

beforeAll(loadCore);

async function setUp() {
  const store = await freshStore();
  const offers: ToolSpec[][] = [];
  const givens: string[][] = [];
  const web = (_settings: unknown, given: ReadonlySet<string>): ToolSource => {
    givens.push([...given]);
    return {
      offered: () =>
        Promise.resolve([
          { source: 'Gloss', tool: 'web_search', description: 'Search.', parameters: {}, policy: 'allow' },
        ]),
      call: () => Promise.resolve({ isError: false, text: 'none' }),
    };
  };
  const mcp: ToolSource = { offered: () => Promise.resolve([]), call: () => Promise.reject(new Error('no')) };
  const answers = new AnswerRegistry({
    store: async () => store,
    settings: async () => SETTINGS,
    withMaterial: async (m) => m.map(({ role, content }) => ({ role, content })),
    heartbeat: () => undefined,
    tools: { source: mcp, allowAlways: () => Promise.resolve(), web },
    stream: async (_p, _m, post, _s, _t, options) => {
      offers.push(options?.tools ?? []);
      post({ type: 'text', text: 'ok' });
      post({ type: 'done', reason: 'stop' });
    },
  });
  return { store, answers, offers, givens };
}

const ask = (web?: boolean) => ({
  type: 'ask' as const,
  conversationId: crypto.randomUUID(),
  turnId: crypto.randomUUID(),
  parentId: null,
  question: 'What does https://docs.example/guide say?',
  ...(web !== undefined && { web }),
});

test('with web search on, Gloss’s tools are offered, and the conversation keeps the switch', async () => {
  const { store, answers, offers, givens } = await setUp();
  const command = ask(true);
  await (await answers.open(command))!.ended;
  expect(offers[0]!.map((t) => t.name)).toEqual(['web_search']);
  expect(givens).toEqual([['https://docs.example/guide']]);
  expect((await store.conversation(command.conversationId))?.web).toBe(true);
  // The next question of that conversation searches too, without saying so again.
  const next = { ...ask(), conversationId: command.conversationId, parentId: command.turnId };
  await (await answers.open(next))!.ended;
  await eventually(() => offers.length === 2, 'the second request');
  expect(offers[1]!.map((t) => t.name)).toEqual(['web_search']);
});

test('with web search off (or never set), no tools are offered and none are built', async () => {
  const { answers, offers, givens } = await setUp();
  await (await answers.open(ask(false)))!.ended;
  await (await answers.open(ask()))!.ended;
  expect(offers).toEqual([[], []]);
  expect(givens).toEqual([]);
});
