/**
 * A scripted OpenAI-compatible model on 127.0.0.1 for `bench/tools.ts`: it calls one tool for
 * `rounds` rounds, then answers in text, and notes when each request arrived and when the last
 * byte of its response was written. The e2e tests' model (e2e/fixtures/tool-provider.ts) makes
 * one call per script, so only its wire format (tool-wire.ts, the core's golden shapes) is
 * reused here. Times are `nowUs()`: the monotonic clock Chromium's trace also uses on Linux.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WIRES, type Body } from '../e2e/fixtures/tool-wire';

/** Microseconds on the monotonic clock (CLOCK_MONOTONIC, as Chromium's trace timestamps on Linux). */
export const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

/** One chat request: when it arrived, when its response's last byte was written, whether it called. */
export interface ModelRequest {
  arrivedUs: number;
  lastByteUs: number;
  called: boolean;
}

export interface ModelScript {
  tool: string;
  rounds: number;
  /** How long each call's `message` is (echo answers with it): 0 for a short one. */
  resultChars?: number;
}

/** A provider flushes an event at a time; a few milliseconds apart, as the e2e model sends them. */
const CHUNK_GAP_MS = 5;

/** The reply to a request that carries `done` tool results: the next call, or the text answer. */
function reply(script: ModelScript, body: Body): { chunks: string[]; called: boolean } {
  const messages = Array.isArray(body.messages) ? (body.messages as { role?: string }[]) : [];
  const done = messages.filter((m) => m.role === 'tool').length;
  if (done >= script.rounds) return { chunks: WIRES.openai.textBody(`Done after ${done} calls.`), called: false };
  const message = `round ${done + 1} `.padEnd(script.resultChars ?? 0, 'lorem ipsum ');
  const call = { id: `call_GlossBench${done + 1}`, name: script.tool, args: { message } };
  return { chunks: WIRES.openai.callBody(call, 'Asking the tool.'), called: true };
}

export async function startToolModel() {
  const requests: ModelRequest[] = [];
  let script: ModelScript = { tool: 'echo', rounds: 0 };
  const server = createServer((req, res) => {
    const arrivedUs = nowUs();
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (!req.url?.endsWith('/chat/completions')) return void res.writeHead(404).end();
    void readJson(req).then(async (body) => {
      const { chunks, called } = reply(script, body);
      const entry: ModelRequest = { arrivedUs, lastByteUs: 0, called };
      requests.push(entry);
      entry.lastByteUs = await stream(res, chunks);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/v1`,
    requests,
    /** Calls `tool` for `rounds` rounds from the next question on; forgets the requests before. */
    script(next: ModelScript): void {
      script = next;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type ToolModel = Awaited<ReturnType<typeof startToolModel>>;

async function readJson(req: IncomingMessage): Promise<Body> {
  let raw = '';
  req.setEncoding('utf8');
  for await (const piece of req) raw += piece as string;
  return JSON.parse(raw) as Body;
}

/** Streams the events `CHUNK_GAP_MS` apart; resolves when the last byte was handed to the OS. */
async function stream(res: ServerResponse, chunks: string[]): Promise<number> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [i, chunk] of chunks.entries()) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, CHUNK_GAP_MS));
    res.write(chunk);
  }
  return new Promise((resolve) => res.end(() => resolve(nowUs())));
}
