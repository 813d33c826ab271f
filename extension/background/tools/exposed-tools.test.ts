import { describe, expect, test } from 'vitest';
import { exposeTools, toolKey } from './exposed-tools';
import type { OfferedTool } from './tool-source';

const tool = (name: string, over: Partial<OfferedTool> = {}): OfferedTool => ({
  serverId: 's1',
  source: 'My server',
  tool: name,
  description: `Does ${name}.`,
  parameters: { type: 'object' },
  policy: 'ask',
  ...over,
});

describe('the tools a request offers', () => {
  test('off tools and tools switched off for the chat are not offered at all', () => {
    const offered = [tool('a'), tool('b', { policy: 'off' }), tool('c')];
    const { specs, byName } = exposeTools(offered, new Set([toolKey(tool('c'))]));
    expect(specs.map((s) => s.name)).toEqual(['a']);
    expect([...byName.keys()]).toEqual(['a']);
  });

  test('names every protocol takes, unique, each mapped back to its own tool', () => {
    const dotted = tool('files.read/all');
    const twin = tool('files_read_all', { serverId: 's2', source: 'Other' });
    const long = tool('x'.repeat(80));
    const { specs, byName } = exposeTools([dotted, twin, long, tool('x'.repeat(70))]);
    const names = specs.map((s) => s.name);
    expect(names[0]).toBe('files_read_all');
    expect(names[1]).toBe('files_read_all_2');
    expect(names.every((n) => /^[A-Za-z0-9_-]{1,64}$/.test(n))).toBe(true);
    expect(new Set(names).size).toBe(4);
    expect(byName.get('files_read_all_2')).toBe(twin);
    expect(byName.get(names[3]!)?.tool).toBe('x'.repeat(70));
  });
});
