import { describe, expect, test } from 'vitest';
import type { ServerState } from '../../../shared/tools/tool-settings';
import { clampDescription, DESCRIPTION_LIMIT, stateLine, toolRows } from './server-view';

const on = { enabled: true, policies: { echo: 'allow' as const, add: 'off' as const } };
const connected: ServerState = {
  id: 's1',
  state: 'connected',
  tools: [
    { name: 'echo', description: 'Echoes back the input string' },
    { name: 'add', description: 'Adds\n\n two   numbers' },
    { name: 'printEnv', description: '' },
  ],
};

describe('a server’s state in words', () => {
  test.each([
    ['switched off, whatever the worker says', { enabled: false }, connected, 'Off', 'idle'],
    ['before the worker answers', on, undefined, 'Checking…', 'pending'],
    ['connecting', on, { id: 's1', state: 'connecting', tools: [] }, 'Connecting…', 'pending'],
    ['connected, with its tools counted', on, connected, 'Connected · 3 tools', 'ok'],
    [
      'connected, one tool',
      on,
      { ...connected, tools: [{ name: 'echo', description: '' }] },
      'Connected · 1 tool',
      'ok',
    ],
    [
      'stopped by an error',
      on,
      { id: 's1', state: 'failed', tools: [], error: 'HTTP 401' },
      'Not connected: HTTP 401',
      'error',
    ],
    [
      'failed without a reason',
      on,
      { id: 's1', state: 'failed', tools: [] },
      'Not connected: no reason given',
      'error',
    ],
    ['on, but not connected', on, { id: 's1', state: 'off', tools: [] }, 'Not connected', 'idle'],
  ] as const)('%s', (_, server, state, text, tone) => {
    expect(stateLine(server, state as ServerState | undefined)).toEqual({ text, tone });
  });
});

describe('a server’s tools', () => {
  test('listed when connected, each with its policy; a tool with none asks', () => {
    expect(toolRows(on, connected)).toEqual([
      { name: 'echo', description: 'Echoes back the input string', policy: 'allow' },
      { name: 'add', description: 'Adds two numbers', policy: 'off' },
      { name: 'printEnv', description: '', policy: 'ask' },
    ]);
  });

  test('none while not connected, or switched off', () => {
    expect(toolRows(on, undefined)).toEqual([]);
    expect(toolRows(on, { id: 's1', state: 'failed', tools: [], error: 'x' })).toEqual([]);
    expect(toolRows({ ...on, enabled: false }, connected)).toEqual([]);
  });
});

describe('a description', () => {
  test('is kept whole when short', () => {
    expect(clampDescription('Gets the weather.')).toBe('Gets the weather.');
  });

  test('is cut at the limit with an ellipsis, never through a surrogate pair', () => {
    const long = 'word '.repeat(200);
    expect(clampDescription(long)).toBe(`${'word '.repeat(DESCRIPTION_LIMIT / 5).trimEnd()}…`);
    const emoji = `${'a'.repeat(9)}😀😀`;
    expect(clampDescription(emoji, 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
