import { expect, test } from 'vitest';
import { joinSources } from './joined-sources';
import type { OfferedTool, ToolSource } from './tool-source';

const offered = (source: string, tool: string): OfferedTool => ({
  source,
  tool,
  description: '',
  parameters: { type: 'object' },
  policy: 'allow',
});

function fake(name: string, tools: string[], fails = false) {
  const ran: string[] = [];
  const source: ToolSource = {
    offered: () => (fails ? Promise.reject(new Error('down')) : Promise.resolve(tools.map((t) => offered(name, t)))),
    call: (tool) => (ran.push(tool.tool), Promise.resolve({ isError: false, text: `${name}:${tool.tool}` })),
    asksFirst: (tool) => Promise.resolve(name === 'gloss' ? { because: `${tool.tool} asks` } : undefined),
  };
  return { source, ran };
}

test('tools of every source together, each call run (and asked about) by the source that offered it', async () => {
  const mcp = fake('mcp', ['search']);
  const gloss = fake('gloss', ['search', 'fetch_url']);
  const joined = joinSources([mcp.source, gloss.source]);
  const tools = await joined.offered();
  expect(tools.map((t) => `${t.source}/${t.tool}`)).toEqual(['mcp/search', 'gloss/search', 'gloss/fetch_url']);
  const signal = new AbortController().signal;
  expect(await joined.call(tools[1]!, {}, signal, 1000)).toEqual({ isError: false, text: 'gloss:search' });
  expect(await joined.call(tools[0]!, {}, signal, 1000)).toEqual({ isError: false, text: 'mcp:search' });
  expect(await joined.asksFirst?.(tools[0]!, {})).toBeUndefined();
  expect(await joined.asksFirst?.(tools[2]!, {})).toEqual({ because: 'fetch_url asks' });
  // A tool no source offered is not run anywhere.
  expect((await joined.call(offered('x', 'search'), {}, signal, 1000)).isError).toBe(true);
  expect([...mcp.ran, ...gloss.ran]).toEqual(['search', 'search']);
});

test('a source that cannot list its tools leaves the others on offer', async () => {
  const joined = joinSources([fake('mcp', [], true).source, fake('gloss', ['web_search']).source]);
  expect((await joined.offered()).map((t) => t.tool)).toEqual(['web_search']);
});
