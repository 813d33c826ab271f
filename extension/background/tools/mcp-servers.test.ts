import { describe, expect, test, vi } from 'vitest';
import { DEFAULT_SETTINGS, type StoredSettings } from '../../shared/settings';
import type { McpConnection } from './mcp/mcp-connection';
import { McpServers } from './mcp-servers';

const server = (id: string, name: string, enabled = true) => ({
  id,
  name,
  url: `https://${id}.example/mcp`,
  headerNames: [],
  enabled,
  policies: {},
});

test('the enabled servers that could not connect for the last offer are named, with why', async () => {
  const settings: StoredSettings = {
    ...DEFAULT_SETTINGS,
    mcpServers: [server('up', 'Up'), server('down', 'Down'), server('off', 'Off', false)],
  };
  const up: McpConnection = {
    tools: [{ name: 'echo', description: '', parameters: { type: 'object' } }],
    lost: false,
    call: () => Promise.resolve({ isError: false, text: '' }),
    close: () => Promise.resolve(),
  };
  const servers = new McpServers({
    settings: () => Promise.resolve(settings),
    headers: () => Promise.resolve({ headers: {} }),
    connect: ({ url }) =>
      url.includes('down') ? Promise.reject(new Error('Gloss could not reach down.example.')) : Promise.resolve(up),
  });
  expect(servers.missing()).toEqual([]);
  expect((await servers.offered()).map((t) => t.tool)).toEqual(['echo']);
  expect(servers.missing()).toEqual([{ source: 'Down', problem: 'Gloss could not reach down.example.' }]);
});

describe('a server that failed for want of access', () => {
  const echo: McpConnection = {
    tools: [{ name: 'echo', description: '', parameters: { type: 'object' } }],
    lost: false,
    call: () => Promise.resolve({ isError: false, text: '' }),
    close: () => Promise.resolve(),
  };
  const unreachable = () => Promise.reject(new Error('Gloss could not reach the MCP server.'));
  const settings: StoredSettings = { ...DEFAULT_SETTINGS, mcpServers: [server('local', 'Local')] };

  function registry(connect: () => Promise<McpConnection>) {
    let now = 1_000;
    const tick = (ms: number) => (now += ms);
    const connects = vi.fn(connect);
    const servers = new McpServers({
      settings: () => Promise.resolve(settings),
      headers: () => Promise.resolve({ headers: {} }),
      connect: connects,
      now: () => now,
    });
    const state = async () => (await servers.status())[0]?.state;
    return { servers, connects, tick, state };
  }

  test('is tried again at once when the browser grants access, not only after the pause', async () => {
    const { servers, connects, tick, state } = registry(unreachable);
    expect(await state()).toBe('failed');
    tick(1000);
    expect(await state()).toBe('failed');
    expect(connects).toHaveBeenCalledTimes(1);

    connects.mockImplementation(() => Promise.resolve(echo));
    tick(1000);
    servers.accessGranted();
    expect(await state()).toBe('connected');
    expect(connects).toHaveBeenCalledTimes(2);
  });

  test('an attempt under way when access is granted, failing after it, is tried again too', async () => {
    let fail: (e: Error) => void = () => undefined;
    const { servers, connects, tick, state } = registry(
      () =>
        new Promise<McpConnection>((_, reject) => {
          fail = reject;
        }),
    );
    const first = servers.status();
    await vi.waitFor(() => expect(connects).toHaveBeenCalledTimes(1));
    tick(500);
    servers.accessGranted();
    fail(new Error('Gloss could not reach the MCP server.'));
    expect((await first)[0]?.state).toBe('failed');

    connects.mockImplementation(() => Promise.resolve(echo));
    tick(500);
    expect(await state()).toBe('connected');
  });

  test('one that fails after the grant waits out the pause as before', async () => {
    const { servers, connects, tick, state } = registry(unreachable);
    servers.accessGranted();
    tick(1);
    expect(await state()).toBe('failed');
    tick(1000);
    expect(await state()).toBe('failed');
    expect(connects).toHaveBeenCalledTimes(1);
  });
});
