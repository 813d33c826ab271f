/**
 * server-everything (the MCP project's reference server) over Streamable HTTP on 127.0.0.1,
 * behind a small timing proxy for `bench/tools.ts`: for each `tools/call` it notes when the
 * request arrived and when the last byte of its response left for the browser, on the same
 * clock as the scripted model (`nowUs`). The e2e fixture (e2e/fixtures/everything.ts) notes
 * which messages passed but not when; this one times instead. Both run the server as the MCP
 * unit tests do (`mcp-test-servers.ts`). The
 * proxy streams both ways unchanged, so the extra hop costs a local socket each way.
 */
import { createServer } from 'node:http';
import { forward } from '../e2e/fixtures/everything';
import type { AddressInfo } from 'node:net';
import { everything } from '../extension/background/tools/mcp/mcp-test-servers';
import { nowUs } from './tool-model';

/** One `tools/call`: when it reached the proxy, and when its response's last byte left it. */
export interface TimedCall {
  tool: string;
  arrivedUs: number;
  leftUs: number;
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

export async function startTimedEverything() {
  const server = await everything('streamableHttp');
  const upstream = Number(new URL(server.url).port);
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
      await server.stop();
    },
  };
}

export type TimedEverything = Awaited<ReturnType<typeof startTimedEverything>>;
