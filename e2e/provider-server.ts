/**
 * A scripted provider on 127.0.0.1 for end-to-end tests that speaks the routes of all four
 * protocols (OpenAI-compatible, Anthropic, Gemini, Ollama). Each chat request takes the next
 * scripted response; the bodies are the core's golden fixtures in the real wire formats, so the
 * browser sees exactly what a provider sends. Model-list routes answer with a fixed list.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(new URL('../crates/gloss-core/tests/fixtures/', import.meta.url));

export type Route = 'openai' | 'anthropic' | 'gemini' | 'ollama';

/** Which protocol a chat request speaks, from its method and path. */
export function chatRoute(method: string, path: string): Route | null {
  if (method !== 'POST') return null;
  if (path.endsWith('/chat/completions')) return 'openai';
  if (path.endsWith('/messages')) return 'anthropic';
  if (path.includes(':streamGenerateContent')) return 'gemini';
  if (path.endsWith('/api/chat')) return 'ollama';
  return null;
}

/** Each protocol's model list, as its server shapes it. */
function modelList(path: string): unknown {
  if (path.endsWith('/api/tags')) return { models: [{ name: 'llama3.2:latest', model: 'llama3.2:latest' }] };
  if (path.includes('/v1beta/models')) {
    return {
      models: [
        {
          name: 'models/gemini-2.5-flash',
          displayName: 'Gemini 2.5 Flash',
          supportedGenerationMethods: ['generateContent'],
        },
        { name: 'models/text-embedding-004', supportedGenerationMethods: ['embedContent'] },
      ],
    };
  }
  return {
    object: 'list',
    data: [{ id: 'test-model', object: 'model', display_name: 'Test model' }, { id: 'other-model' }],
  };
}

export type Scripted =
  /**
   * 200 with these body chunks, written `delayMs` apart; `hold` keeps the stream open after,
   * `drop` cuts the connection after them (a crash or network failure mid-answer).
   */
  | { kind: 'stream'; chunks: Buffer[]; delayMs: number; hold?: boolean; drop?: boolean }
  | { kind: 'status'; status: number; body: string; headers?: Record<string, string> };

export interface RecordedRequest {
  route: Route;
  path: string;
  headers: IncomingMessage['headers'];
  body: { model?: string; stream?: boolean; max_tokens?: number; messages?: { role: string; content: string }[] };
  /** Resolves when the client goes away before the response ended (e.g. Stop). */
  aborted: Promise<void>;
  /** Resolves when the whole response has been written (a benchmark's stream has ended). */
  finished: Promise<void>;
}

/** A fixture's raw bytes: `case` for OpenAI's, or `provider/case`. */
export function fixture(name: string): Buffer {
  const [provider, ...rest] = name.includes('/') ? name.split('/') : ['openai', name];
  const dir = `${FIXTURES}${provider ?? 'openai'}/${rest.join('/')}`;
  const ext = provider === 'ollama' ? 'ndjson' : 'sse';
  return readFileSync(`${dir}/response.${ext}`);
}

/** Splits an NDJSON body one line per chunk, as Ollama flushes it. */
export function perLine(body: Buffer): Buffer[] {
  return body
    .toString('latin1')
    .split(/(?<=\n)/)
    .map((part) => Buffer.from(part, 'latin1'));
}

/** Splits a body the way a provider flushes it: one chunk per SSE event. */
export function perEvent(body: Buffer): Buffer[] {
  const text = body.toString('latin1'); // byte-preserving
  return text.split(/(?<=\n\n|\r\n\r\n)/).map((part) => Buffer.from(part, 'latin1'));
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

/**
 * `rejectExtensionOrigins`: answer like a default Ollama, 403 with an empty body to any request
 * whose Origin is a browser extension. `cors: false`: send no CORS header, as a server that
 * allows no other origin, so only the host access granted lets Gloss read its answers.
 * `modelsDelayMs`: answer model lists that much later, as a server busy loading or a machine busy
 * starting the browser.
 */
export async function startProviderServer(
  options: { port?: number; rejectExtensionOrigins?: boolean; cors?: boolean; modelsDelayMs?: number } = {},
) {
  const queue: Scripted[] = [];
  const requests: RecordedRequest[] = [];
  /** Model-list requests seen, with the origin that sent them. */
  const modelListRequests: { path: string; origin: string }[] = [];

  const server = createServer((req, res) => {
    if (options.cors !== false) cors(req, res);
    const path = req.url?.split('?')[0] ?? '';
    const origin = req.headers.origin ?? '';
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (options.rejectExtensionOrigins && /^(chrome|moz)-extension:/.test(origin)) return void res.writeHead(403).end();
    if (req.method === 'GET' && (path.endsWith('/models') || path.endsWith('/api/tags'))) {
      modelListRequests.push({ path, origin });
      const list = () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(modelList(path)));
      return void setTimeout(list, options.modelsDelayMs ?? 0);
    }
    if (req.method === 'GET' && path === '/props') {
      // llama.cpp's own /props, trimmed, as its server answers serving a model with no projector
      // (seen from `npm run model`): the model cannot see images.
      const props = { total_slots: 1, modalities: { vision: false, video: false, audio: false } };
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(props));
    }
    const route = chatRoute(req.method ?? '', path);
    if (!route) {
      return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"no route"}}');
    }
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (raw += d));
    req.on('end', () => {
      const aborted = new Promise<void>((resolve) => res.on('close', () => !res.writableFinished && resolve()));
      const finished = new Promise<void>((resolve) => res.on('finish', resolve));
      const body = JSON.parse(raw) as RecordedRequest['body'];
      requests.push({ route, path, headers: req.headers, body, aborted, finished });
      const next = queue.shift() ?? {
        kind: 'status',
        status: 500,
        body: '{"error":{"message":"no scripted response"}}',
      };
      void respond(res, next);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e) =>
      reject(
        new Error(`port ${options.port ?? 0} must be free for this test (is a real server running?): ${e.message}`),
      ),
    );
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    modelListRequests,
    enqueue: (...responses: Scripted[]) => queue.push(...responses),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A browser keeps idle connections open; do not wait for them to time out.
        server.closeAllConnections();
      }),
  };
}

/** A running scripted provider server, as `startProviderServer` returns it. */
export type ProviderServer = Awaited<ReturnType<typeof startProviderServer>>;

/** CORS as the real APIs answer it: any origin, and the headers the request asks for. */
function cors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type');
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
  if (script.drop) res.socket?.destroy();
  else if (!script.hold) res.end();
}
