/**
 * Settings → Tools in the worker: servers saved with their headers kept like API keys, read back
 * through the registry, and the registry's connections, policies and calls against real servers.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { StoredSettings } from '../../shared/settings';
import { loadSettings } from '../settings/settings-store';
import { memoryPlaces } from '../test-support';
import { McpServers } from './mcp-servers';
import { everything, jsonServer, local, type Running } from './mcp/mcp-test-servers';
import { headersFor } from './server-headers';
import { toolHandlers } from './tool-handlers';

/** The settings' places in memory, the registry and the handlers over them. */
function worker() {
  const { places, db: opened, stored, rewrite } = memoryPlaces();
  const servers = new McpServers({
    settings: () => loadSettings(places),
    headers: async (server) => headersFor(await opened, server),
  });
  const release = vi.fn<(settings: StoredSettings) => Promise<undefined>>(async () => undefined);
  const handlers = toolHandlers({ servers, places, db: () => opened, release });
  return { handlers, servers, release, stored, rewrite, db: opened };
}
const sender = {};
const TOKEN = { Authorization: 'Bearer test-key-mcp-1' };

describe('saving a server', () => {
  test('its header values go to the key store only, bound to its origin; the panel sees their names', async () => {
    const w = worker();
    const saved = await w.handlers['mcp.save'](
      { server: { name: 'Docs', url: 'https://mcp.example.com/mcp', headers: TOKEN } },
      sender,
    );
    if (!saved.ok) throw new Error(saved.message);
    expect(JSON.stringify(await w.stored())).not.toContain('test-key-mcp');
    expect(JSON.stringify(saved.settings)).not.toContain('test-key-mcp');
    expect(saved.settings.mcpServers).toEqual([
      {
        id: saved.id,
        name: 'Docs',
        url: 'https://mcp.example.com/mcp',
        headerNames: ['Authorization'],
        enabled: true,
        policies: {},
      },
    ]);
    expect(await (await w.db).get('serverHeaders', saved.id)).toEqual({
      serverId: saved.id,
      headers: TOKEN,
      origin: 'https://mcp.example.com',
    });
    // Saved again without headers: they are kept.
    await w.handlers['mcp.save'](
      { server: { id: saved.id, name: 'Docs 2', url: 'https://mcp.example.com/v2/mcp' } },
      sender,
    );
    expect((await (await w.db).get('serverHeaders', saved.id))?.headers).toEqual(TOKEN);
  });

  test('moving it to another origin needs its headers typed again', async () => {
    const w = worker();
    const saved = await w.handlers['mcp.save'](
      { server: { name: 'A', url: 'https://a.example/mcp', headers: TOKEN } },
      sender,
    );
    if (!saved.ok) throw new Error(saved.message);
    const moved = await w.handlers['mcp.save'](
      { server: { id: saved.id, name: 'A', url: 'https://b.example/mcp' } },
      sender,
    );
    expect(moved).toEqual({
      ok: false,
      field: 'headers',
      message: expect.stringMatching(/only to https:\/\/a\.example\. To use https:\/\/b\.example/),
    });
    const typed = await w.handlers['mcp.save'](
      { server: { id: saved.id, name: 'A', url: 'https://b.example/mcp', headers: TOKEN } },
      sender,
    );
    expect(typed.ok).toBe(true);
    expect((await (await w.db).get('serverHeaders', saved.id))?.origin).toBe('https://b.example');
  });

  test.each([
    ['url', { url: 'http://mcp.example.com/mcp' }, /plain http/],
    ['url', { url: 'not a url' }, /full address/],
    [
      'headers',
      { url: 'https://x.example/mcp', headers: { 'Mcp-Session-Id': 'x' } },
      /sets the header Mcp-Session-Id itself/,
    ],
    ['headers', { url: 'https://x.example/mcp', headers: { 'Bad Name': 'x' } }, /not a header Gloss can send/],
    ['headers', { url: 'https://x.example/mcp', headers: { 'X-A': 'one\ntwo' } }, /not a header Gloss can send/],
  ])('refused at %s: %j', async (field, server, message) => {
    const w = worker();
    const saved = await w.handlers['mcp.save']({ server: { name: 'S', ...server } }, sender);
    expect(saved).toEqual({ ok: false, field, message: expect.stringMatching(message) });
    expect(await w.stored()).toBeUndefined();
  });

  test('removing it deletes its headers and gives back host access no one else needs', async () => {
    const w = worker();
    const saved = await w.handlers['mcp.save'](
      { server: { name: 'S', url: 'https://s.example/mcp', headers: TOKEN } },
      sender,
    );
    if (!saved.ok) throw new Error(saved.message);
    const after = await w.handlers['mcp.remove']({ id: saved.id }, sender);
    expect(after.mcpServers).toEqual([]);
    expect(await (await w.db).count('serverHeaders')).toBe(0);
    expect(w.release).toHaveBeenLastCalledWith(expect.objectContaining({ mcpServers: [] }));
  });

  test('switches, policies and limits are kept; an unknown server is an error', async () => {
    const w = worker();
    const saved = await w.handlers['mcp.save']({ server: { name: 'S', url: 'https://s.example/mcp' } }, sender);
    if (!saved.ok) throw new Error(saved.message);
    await w.handlers['mcp.policy']({ id: saved.id, tool: 'search', policy: 'allow' }, sender);
    const off = await w.handlers['mcp.enable']({ id: saved.id, enabled: false }, sender);
    expect(off.mcpServers[0]).toMatchObject({ enabled: false, policies: { search: 'allow' } });
    const limits = await w.handlers['tools.limits']({ maxRounds: 3, callTimeoutSeconds: 30 }, sender);
    expect(limits.toolLimits).toEqual({ maxRounds: 3, callTimeoutSeconds: 30 });
    await expect(w.handlers['mcp.enable']({ id: 'gone', enabled: true }, sender)).rejects.toThrow(
      /no longer in the settings/,
    );
    expect((await w.handlers['mcp.status']({}, sender)).servers).toEqual([{ id: saved.id, state: 'off', tools: [] }]);
  });
});

describe('a URL changed in the stored settings behind the worker’s back', () => {
  test('leaves the headers behind and refuses to connect, saying why', async () => {
    const requests: (string | undefined)[] = [];
    const elsewhere = await local((req, res) => {
      requests.push(req.headers.authorization);
      res.writeHead(500).end();
    });
    const w = worker();
    const saved = await w.handlers['mcp.save'](
      { server: { name: 'S', url: 'https://s.example/mcp', headers: TOKEN } },
      sender,
    );
    if (!saved.ok) throw new Error(saved.message);
    await w.rewrite((s) => ({ ...s, mcpServers: s.mcpServers.map((m) => ({ ...m, url: elsewhere.url })) }));
    const [state] = (await w.handlers['mcp.status']({ refresh: true }, sender)).servers;
    expect(state).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/sent only to https:\/\/s\.example, but its address is now http:\/\/127\.0\.0\.1/),
    });
    expect(requests).toEqual([]);
    await elsewhere.stop();
  });
});

describe('the registry against real servers', () => {
  let server: Running;
  beforeAll(async () => {
    server = await everything('streamableHttp');
  });
  afterAll(() => server.stop());

  test('connects, merges the policies into what it offers, and calls', async () => {
    const w = worker();
    const saved = await w.handlers['mcp.save']({ server: { name: 'Everything', url: server.url } }, sender);
    if (!saved.ok) throw new Error(saved.message);
    await w.handlers['mcp.policy']({ id: saved.id, tool: 'echo', policy: 'allow' }, sender);
    await w.handlers['mcp.policy']({ id: saved.id, tool: 'get-sum', policy: 'off' }, sender);
    const [state] = (await w.handlers['mcp.status']({}, sender)).servers;
    expect(state?.state).toBe('connected');
    expect(state?.tools.map((t) => t.name)).toContain('echo');
    const offered = await w.servers.offered();
    const policy = (name: string) => offered.find((o) => o.tool === name)?.policy;
    expect([policy('echo'), policy('get-sum'), policy('get-tiny-image')]).toEqual(['allow', 'off', 'ask']);
    expect(offered.find((o) => o.tool === 'echo')).toMatchObject({ serverId: saved.id, source: 'Everything' });
    const signal = new AbortController().signal;
    const echo = offered.find((o) => o.tool === 'echo')!;
    expect(await w.servers.call(echo, { message: 'hi' }, signal, 5000)).toEqual({ text: 'Echo: hi', isError: false });
    const sum = offered.find((o) => o.tool === 'get-sum')!;
    expect(await w.servers.call(sum, { a: 1, b: 2 }, signal, 5000)).toMatchObject({
      isError: true,
      text: expect.stringMatching(/switched off/),
    });
    await w.handlers['mcp.enable']({ id: saved.id, enabled: false }, sender);
    expect(await w.servers.offered()).toEqual([]);
    await w.servers.closeAll();
  });

  test('sends the saved headers, and a failure is its state until refreshed', async () => {
    const seen: [string | undefined, string | undefined][] = [];
    let refuse = true;
    const fake = await local((req, res) => {
      seen.push([req.method, req.headers.authorization]);
      if (refuse) return void res.writeHead(401).end();
      jsonServer({ 'tools/list': { tools: [{ name: 'ping', inputSchema: { type: 'object' } }] } })(req, res);
    });
    const w = worker();
    const saved = await w.handlers['mcp.save']({ server: { name: 'F', url: fake.url, headers: TOKEN } }, sender);
    if (!saved.ok) throw new Error(saved.message);
    expect((await w.handlers['mcp.status']({}, sender)).servers[0]).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/HTTP 401/),
    });
    // Then the three looks for OAuth metadata after a 401 (oauth-probe.ts), without the token.
    const look = ['GET', undefined];
    expect(seen).toEqual([['POST', 'Bearer test-key-mcp-1'], look, look, look]);
    refuse = false;
    // Not tried again on its own right away; Refresh does.
    expect((await w.handlers['mcp.status']({}, sender)).servers[0]?.state).toBe('failed');
    expect((await w.handlers['mcp.status']({ refresh: true }, sender)).servers[0]).toMatchObject({
      state: 'connected',
      tools: [{ name: 'ping', description: '' }],
    });
    await w.servers.closeAll();
    await fake.stop();
  });
});
