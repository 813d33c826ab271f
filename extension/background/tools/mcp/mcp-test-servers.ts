/**
 * For the MCP tests: the SDK's reference server (`@modelcontextprotocol/server-everything`) run
 * as a child process on a free loopback port, and tiny `node:http` servers that misbehave on
 * purpose. Each is closed by the test that started it.
 */
import { spawn } from 'node:child_process';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const EVERYTHING = fileURLToPath(
  new URL('../../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);

/** A port nothing listens on right now (taken and given back). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Running {
  url: string;
  stop(): Promise<void>;
}

/** The reference server on `transport`; resolves once it listens (it says so on stderr). */
export async function everything(transport: 'streamableHttp' | 'sse'): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, transport], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (/listening on port|running on port/i.test(said)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server-everything exited (${code}): ${said}`)));
  });
  const path = transport === 'sse' ? '/sse' : '/mcp';
  return {
    url: `http://127.0.0.1:${port}${path}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}

/** A local server answering every request with `handler`. */
export async function local(handler: RequestListener): Promise<Running & { port: number }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JSON-RPC result for the request in `body`, as a Streamable HTTP server sends it. */
export function rpcResult(body: string, result: unknown): string {
  const { id } = JSON.parse(body) as { id: number };
  return JSON.stringify({ jsonrpc: '2.0', id, result });
}

/** The whole request body. */
export async function bodyOf(req: AsyncIterable<Buffer>): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk.toString();
  return text;
}

/**
 * A minimal Streamable HTTP server answering with JSON: `initialize` with `protocolVersion`,
 * the methods in `answers` with what they return, notifications with 202, GET with 405.
 */
export function jsonServer(answers: Record<string, unknown>, protocolVersion = '2025-06-18'): RequestListener {
  return (req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    void bodyOf(req).then((body) => {
      const { method } = JSON.parse(body) as { method: string };
      if (method.startsWith('notifications/')) return void res.writeHead(202).end();
      const init = { protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'fake', version: '1' } };
      const result = method === 'initialize' ? init : answers[method];
      res.writeHead(200, { 'content-type': 'application/json' }).end(rpcResult(body, result));
    });
  };
}
