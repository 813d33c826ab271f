import { describe, expect, test, vi } from 'vitest';
import { DEFAULT_SETTINGS, type StoredSettings } from '../../shared/settings';
import type { McpConnection } from './mcp/mcp-connection';
import { McpServers } from './mcp-servers';
import type { OfferedTool } from './tool-source';

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

describe('a tool loop’s calls', () => {
  /** One server with `echo` allowed; the settings as stored, counted reads, and a save count. */
  function loop() {
    let settings: StoredSettings = {
      ...DEFAULT_SETTINGS,
      mcpServers: [{ ...server('s', 'S'), policies: { echo: 'allow' } }],
    };
    const counts = { reads: 0, saves: 0, calls: 0 };
    const connection: McpConnection = {
      tools: [{ name: 'echo', description: '', parameters: { type: 'object' } }],
      lost: false,
      call: () => Promise.resolve({ isError: false, text: `echo ${String(++counts.calls)}` }),
      close: () => Promise.resolve(),
    };
    const servers = new McpServers({
      settings: () => {
        counts.reads++;
        return Promise.resolve(settings);
      },
      saved: () => counts.saves,
      headers: () => Promise.resolve({ headers: {} }),
      connect: () => Promise.resolve(connection),
    });
    /** What Settings → Tools does: stores the change, then the count moves. */
    const save = (change: (s: StoredSettings) => StoredSettings) => {
      settings = change(settings);
      counts.saves++;
    };
    return { servers, counts, save };
  }
  const call = (servers: McpServers, tool: OfferedTool) =>
    servers.call(tool, {}, new AbortController().signal, 1000).then((o) => o.text);

  test('read the settings once with the tools offered, not again at every call', async () => {
    const { servers, counts } = loop();
    const [echo] = await servers.offered();
    expect(counts.reads).toBe(1);
    for (let round = 1; round <= 5; round++) expect(await call(servers, echo!)).toBe(`echo ${String(round)}`);
    expect(counts.reads).toBe(1);
  });

  test('a tool switched off, or its server, during the answer is not called from the next call on', async () => {
    const { servers, counts, save } = loop();
    const [echo] = await servers.offered();
    expect(await call(servers, echo!)).toBe('echo 1');
    const policy = (p: 'off' | 'allow') => (s: StoredSettings) => ({
      ...s,
      mcpServers: s.mcpServers.map((m) => ({ ...m, policies: { echo: p } })),
    });
    save(policy('off'));
    expect(await call(servers, echo!)).toBe('The tool echo is switched off in Settings → Tools.');
    save(policy('allow'));
    expect(await call(servers, echo!)).toBe('echo 2');
    save((s) => ({ ...s, mcpServers: s.mcpServers.map((m) => ({ ...m, enabled: false })) }));
    expect(await call(servers, echo!)).toBe('The MCP server “S” is switched off in Settings → Tools.');
    expect(counts.calls).toBe(2);
  });
});
