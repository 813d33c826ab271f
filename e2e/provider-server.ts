/**
 * A scripted OpenAI-compatible provider on 127.0.0.1 for end-to-end tests. Each chat request
 * takes the next scripted response; the bodies are the core's golden fixtures in the real wire
 * format, so the browser sees exactly what a provider sends.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(new URL('../crates/gloss-core/tests/fixtures/openai/', import.meta.url));

export type Scripted =
  /** 200 with these body chunks, written `delayMs` apart; `hold` keeps the stream open after. */
  | { kind: 'stream'; chunks: Buffer[]; delayMs: number; hold?: boolean }
  | { kind: 'status'; status: number; body: string; headers?: Record<string, string> };

export interface RecordedRequest {
  headers: IncomingMessage['headers'];
  body: { model?: string; stream?: boolean; messages?: { role: string; content: string }[] };
  /** Resolves when the client goes away before the response ended (e.g. Stop). */
  aborted: Promise<void>;
}

/** A fixture's raw bytes. */
export function fixture(name: string): Buffer {
  return readFileSync(`${FIXTURES}${name}/response.sse`);
}

/** Splits a body the way a provider flushes it: one chunk per SSE event. */
export function perEvent(body: Buffer): Buffer[] {
  const text = body.toString('latin1'); // byte-preserving
  return text.split(/(?<=\n\n)/).map((part) => Buffer.from(part, 'latin1'));
}

/** Cuts a body inside every multi-byte UTF-8 character, so no chunk ends on a boundary there. */
export function splitInsideCharacters(body: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  let start = 0;
  for (let i = 1; i < body.length; i++) {
    const isContinuation = ((body[i] ?? 0) & 0xc0) === 0x80;
    if (isContinuation && ((body[i - 1] ?? 0) & 0xc0) !== 0x80) {
      chunks.push(body.subarray(start, i));
      start = i;
    }
  }
  chunks.push(body.subarray(start));
  return chunks;
}

export async function startProviderServer() {
  const queue: Scripted[] = [];
  const requests: RecordedRequest[] = [];

  const server = createServer((req, res) => {
    cors(res);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"no route"}}');
    }
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (raw += d));
    req.on('end', () => {
      const aborted = new Promise<void>((resolve) => res.on('close', () => !res.writableFinished && resolve()));
      requests.push({ headers: req.headers, body: JSON.parse(raw) as RecordedRequest['body'], aborted });
      const next = queue.shift() ?? {
        kind: 'status',
        status: 500,
        body: '{"error":{"message":"no scripted response"}}',
      };
      void respond(res, next);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...responses: Scripted[]) => queue.push(...responses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function cors(res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-headers', 'authorization, content-type, accept');
  res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS');
  res.setHeader('access-control-expose-headers', 'retry-after');
}

async function respond(res: ServerResponse, script: Scripted): Promise<void> {
  if (script.kind === 'status') {
    res.writeHead(script.status, { 'content-type': 'application/json', ...script.headers }).end(script.body);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
  for (const chunk of script.chunks) {
    if (res.destroyed) return;
    res.write(chunk);
    await new Promise((r) => setTimeout(r, script.delayMs));
  }
  if (!script.hold) res.end();
}
