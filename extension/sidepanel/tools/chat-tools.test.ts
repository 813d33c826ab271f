import { expect, test } from 'vitest';
import type { McpServer, ServerState } from '../../shared/tools/tool-settings';
import { chatTools, switched } from './chat-tools';

const server = (id: string, over: Partial<McpServer> = {}): McpServer => ({
  id,
  name: `Server ${id}`,
  url: 'http://127.0.0.1:3001/mcp',
  headerNames: [],
  enabled: true,
  policies: {},
  ...over,
});
const state = (id: string, tools: string[]): ServerState => ({
  id,
  state: 'connected',
  tools: tools.map((name) => ({ name, description: `${name} does it` })),
});

test('a chat offers every tool not off in Settings and not switched off here', () => {
  const servers = [server('a', { policies: { delete: 'off' } }), server('b'), server('c', { enabled: false })];
  const states = new Map([
    ['a', state('a', ['echo', 'delete'])],
    ['b', state('b', ['search'])],
    ['c', state('c', ['never'])],
  ]);
  const { groups, on } = chatTools(servers, states, ['b/search']);
  expect(groups.map((g) => g.server)).toEqual(['Server a', 'Server b']);
  expect(groups[0]!.tools.map((t) => [t.name, t.on, t.offInSettings])).toEqual([
    ['echo', true, false],
    ['delete', false, true],
  ]);
  expect(groups[1]!.tools[0]!.on).toBe(false);
  expect(on).toBe(1);
});

test('a server not yet heard from shows no tools; switching keeps one entry per tool', () => {
  expect(chatTools([server('a')], null, []).groups[0]).toMatchObject({ state: 'unknown', tools: [] });
  expect(switched(['a/x'], 'a/y', false)).toEqual(['a/x', 'a/y']);
  expect(switched(['a/x', 'a/y'], 'a/x', true)).toEqual(['a/y']);
  expect(switched(['a/x'], 'a/x', false)).toEqual(['a/x']);
});
