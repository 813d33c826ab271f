/** The MCP client against the SDK's reference server and small local servers that misbehave. */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { connectMcp, type McpConnection } from './mcp-connection';
import { everything, freePort, jsonServer, local, type Running } from './mcp-test-servers';

const never = new AbortController().signal;
const textOf = (c: McpConnection, tool: string, args: Record<string, unknown>) => c.call(tool, args, never, 5000);

describe('over Streamable HTTP (server-everything)', () => {
  let server: Running;
  let client: McpConnection;
  beforeAll(async () => {
    server = await everything('streamableHttp');
    client = await connectMcp({ url: server.url, headers: {} });
  });
  afterAll(async () => {
    await client.close();
    await server.stop();
  });

  test('lists its tools with their input schemas', () => {
    const names = client.tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'trigger-long-running-operation']));
    const sum = client.tools.find((t) => t.name === 'get-sum');
    expect(sum?.description).not.toBe('');
    expect(sum?.parameters).toMatchObject({ type: 'object', properties: { a: {}, b: {} } });
  });

  test('calls echo and get-sum', async () => {
    expect(await textOf(client, 'echo', { message: 'hello' })).toEqual({ text: 'Echo: hello', isError: false });
    const sum = await textOf(client, 'get-sum', { a: 2, b: 3 });
    expect(sum.isError).toBe(false);
    expect(sum.text).toMatch(/\b5\b/);
  });

  test('an image is a note with its type and size, never its bytes', async () => {
    const image = await textOf(client, 'get-tiny-image', {});
    expect(image.text).toMatch(/image\/png, \d+(\.\d)? (B|KB)/);
    expect(image.text).not.toMatch(/[A-Za-z0-9+/]{200}/);
  });

  test('a call that runs too long is stopped and reported as timed out', async () => {
    const started = Date.now();
    const outcome = await client.call('trigger-long-running-operation', { duration: 10, steps: 10 }, never, 1000);
    expect(outcome).toEqual({ isError: true, text: expect.stringMatching(/did not finish within 1 s/) });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test('Stop aborts a call', async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 200);
    const outcome = await client.call(
      'trigger-long-running-operation',
      { duration: 10, steps: 10 },
      stop.signal,
      60_000,
    );
    expect(outcome).toEqual({ isError: true, text: expect.stringMatching(/was stopped/) });
    // The connection is still good for the next call.
    expect(client.lost).toBe(false);
    expect((await textOf(client, 'echo', { message: 'after' })).text).toBe('Echo: after');
  });

  test('a tool with an output schema works where code may not be compiled (MV3 CSP)', async () => {
    // MV3's `script-src 'self'` makes `new Function` throw, as here.
    vi.stubGlobal(
      'Function',
      new Proxy(Function, {
        construct: () => {
          throw new EvalError('code generation refused');
        },
      }),
    );
    try {
      const strict = await connectMcp({ url: server.url, headers: {} });
      const weather = await textOf(strict, 'get-structured-content', { location: 'New York' });
      expect(weather.isError).toBe(false);
      expect(weather.text).toMatch(/temperature/);
      await strict.close();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('over the older HTTP+SSE transport', () => {
  test('a server that only speaks SSE is reached through the fallback', async () => {
    const server = await everything('sse');
    try {
      const client = await connectMcp({ url: server.url, headers: {} });
      expect(client.tools.map((t) => t.name)).toContain('echo');
      expect((await textOf(client, 'echo', { message: 'old' })).text).toBe('Echo: old');
      await client.close();
    } finally {
      await server.stop();
    }
  });
});

describe('failures, in plain words', () => {
  const failure = async (url: string, headers: Record<string, string> = {}) =>
    connectMcp({ url, headers }).then(
      () => 'connected',
      (e: unknown) => (e as Error).message,
    );

  test('a server that is down', async () => {
    expect(await failure(`http://127.0.0.1:${await freePort()}/mcp`)).toMatch(/could not reach .*Is it running/);
  });

  test('401: check your token (which was sent)', async () => {
    const seen: (string | undefined)[] = [];
    const server = await local((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(401).end();
    });
    expect(await failure(server.url, { Authorization: 'Bearer test-key-1' })).toMatch(/HTTP 401.*check your token/i);
    expect(seen[0]).toBe('Bearer test-key-1');
    // The looks for OAuth metadata after it (oauth-probe.ts) carry no token.
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.slice(1)).toEqual(seen.slice(1).map(() => undefined));
    await server.stop();
  });

  test.each([
    [
      'its protected resource metadata (RFC 9728) at the path-aware address',
      '/.well-known/oauth-protected-resource/mcp',
    ],
    ['its protected resource metadata at the root address', '/.well-known/oauth-protected-resource'],
    ['only its authorization server metadata (protocol 2025-03-26)', '/.well-known/oauth-authorization-server'],
  ])('a 401 that names no metadata, from a server with %s, is an OAuth sign-in', async (_, at) => {
    const metadata = at.includes('protected')
      ? { resource: 'http://127.0.0.1/mcp', authorization_servers: ['http://127.0.0.1'] }
      : { issuer: 'http://127.0.0.1', authorization_endpoint: 'http://127.0.0.1/authorize' };
    const server = await local((req, res) => {
      if (req.method === 'GET' && req.url === at)
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(metadata));
      if (req.method === 'GET') return void res.writeHead(404).end();
      res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' }).end();
    });
    expect(await failure(server.url)).toMatch(/asks for an OAuth sign-in\. .*not supported yet/);
    await server.stop();
  });

  test('a server that needs an OAuth sign-in', async () => {
    const server = await local((_req, res) => {
      const challenge = 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"';
      res.writeHead(401, { 'www-authenticate': challenge }).end();
    });
    expect(await failure(server.url)).toMatch(/OAuth sign-in are not supported yet/);
    await server.stop();
  });

  test('a redirect is not followed, and names where it led', async () => {
    let reached = 0;
    const elsewhere = await local((_req, res) => {
      reached++;
      res.writeHead(200).end();
    });
    const server = await local((_req, res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${elsewhere.port}/mcp?token=x` }).end();
    });
    const said = await failure(server.url, { Authorization: 'Bearer test-key-1' });
    expect(said).toMatch(
      new RegExp(`sent Gloss on to http://127.0.0.1:${elsewhere.port}/mcp\\. Gloss does not follow`),
    );
    expect(said).not.toContain('token=x');
    expect(reached).toBe(0);
    await Promise.all([server.stop(), elsewhere.stop()]);
  });

  test('another protocol version', async () => {
    const server = await local(jsonServer({}, '1999-01-01'));
    expect(await failure(server.url)).toMatch(/version of the protocol .*\(1999-01-01\)/);
    await server.stop();
  });

  test('a result over the limit is cut, and says so', async () => {
    const long = 'x'.repeat(40_000);
    const tool = { name: 'big', inputSchema: { type: 'object' } };
    const server = await local(
      jsonServer({ 'tools/list': { tools: [tool] }, 'tools/call': { content: [{ type: 'text', text: long }] } }),
    );
    const client = await connectMcp({ url: server.url, headers: {} });
    const outcome = await textOf(client, 'big', {});
    expect(outcome.cut).toEqual({ kept: 32_000, total: 40_000 });
    expect(outcome.text).toMatch(/^x{32000}\n\n\[Gloss cut this result: it was 40,000 characters long/);
    await client.close();
    await server.stop();
  });

  test("the tool's own error", async () => {
    const tool = { name: 'fails', inputSchema: { type: 'object' } };
    const error = { content: [{ type: 'text', text: 'no such city' }], isError: true };
    const server = await local(jsonServer({ 'tools/list': { tools: [tool] }, 'tools/call': error }));
    const client = await connectMcp({ url: server.url, headers: {} });
    expect(await textOf(client, 'fails', {})).toEqual({
      isError: true,
      text: 'The tool fails reported an error: no such city',
    });
    await client.close();
    await server.stop();
  });
});
