/**
 * server-everything (the MCP project's reference server) over Streamable HTTP on 127.0.0.1,
 * behind a small timing proxy for `bench/tools.ts`: for each `tools/call` it notes when the
 * request arrived and when the last byte of its response left for the browser, on the same
 * clock as the scripted model (`nowUs`). The e2e fixture (e2e/fixtures/everything.ts) notes
 * which messages passed but not when, and its helpers are its own; this one times instead. The
 * proxy streams both ways unchanged, so the extra hop costs a local socket each way.
 */
import { spawn } from 'node:child_process';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { nowUs } from './tool-model';

const EVERYTHING = fileURLToPath(
  new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);

/** One `tools/call`: when it reached the proxy, and when its response's last byte left it. */
export interface TimedCall {
  tool: string;
  arrivedUs: number;
  leftUs: number;
}

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** server-everything on `port`, once it says it is listening; resolves to how to stop it. */
async function spawnEverything(port: number): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes(`listening on port ${String(port)}`)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited (${String(code)}): ${said}`)));
  });
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => resolve());
      child.kill();
    });
}

/** The tool a request body calls, when it is one `tools/call` message. */
function calledTool(body: Buffer): string | undefined {
  try {
    const message = JSON.parse(body.toString('utf8')) as { method?: string; params?: { name?: string } };
    return message.method === 'tools/call' ? message.params?.name : undefined;
  } catch {
    return undefined; // a GET or DELETE has no body
  }
}

/** Forwards one request upstream and streams its response back; `onEnd` when its last byte left. */
function forward(req: IncomingMessage, res: ServerResponse, body: Buffer, upstream: number, onEnd: () => void) {
  const out = request(
    { host: '127.0.0.1', port: upstream, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  out.on('error', () => res.destroy());
  res.on('close', () => out.destroy());
  // 'finish': the response's last byte was handed to the OS, for the browser to read.
  res.on('finish', onEnd);
  out.end(body);
}

export async function startTimedEverything() {
  const upstream = await freePort();
  const stopEverything = await spawnEverything(upstream);
  const calls: TimedCall[] = [];
  const proxy = createServer((req, res) => {
    const arrivedUs = nowUs();
    const pieces: Buffer[] = [];
    req.on('data', (piece: Buffer) => pieces.push(piece));
    req.on('end', () => {
      const body = Buffer.concat(pieces);
      const tool = req.method === 'POST' ? calledTool(body) : undefined;
      const call = tool === undefined ? undefined : { tool, arrivedUs, leftUs: 0 };
      if (call) calls.push(call);
      forward(req, res, body, upstream, () => call && (call.leftUs = nowUs()));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/mcp`,
    calls,
    stop: async () => {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await stopEverything();
    },
  };
}

export type TimedEverything = Awaited<ReturnType<typeof startTimedEverything>>;
