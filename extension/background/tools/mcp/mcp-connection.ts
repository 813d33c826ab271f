/**
 * One connection to one MCP server with the official SDK: Streamable HTTP first, and the older
 * HTTP+SSE transport when the server answers that with a 4xx (the SDK's backwards-compatible
 * pattern; a 401/403 is about access, not the transport, and is reported instead). Every request
 * goes through `guardedFetch`, with the server's headers. A 401 that names no OAuth metadata is
 * looked into (`oauth-probe.ts`), to say whether the server wants a sign-in or a better token.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import manifest from '../../../../manifest.json';
import type { ToolOutcome } from '../tool-source';
import { guardedFetch, type FetchLog } from './guarded-fetch';
import { callProblem, connectionLost, connectProblem, ConnectTimeout, httpStatus } from './mcp-problems';
import { toOutcome } from './mcp-outcome';
import { offersOAuth } from './oauth-probe';

/** How long connecting (and listing the tools) may take before the server counts as failed. */
export const CONNECT_TIMEOUT_MS = 15_000;
/** Listing stops after this many pages: a server that keeps handing out cursors is not followed forever. */
const MAX_TOOL_PAGES = 20;

export interface McpTool {
  name: string;
  description: string;
  /** Its input as a JSON Schema object. */
  parameters: Record<string, unknown>;
}

export interface McpConnection {
  readonly tools: readonly McpTool[];
  /** Broken underneath (closed, or a call found it gone): connect again before the next use. */
  readonly lost: boolean;
  /** Runs a tool; never throws (see `ToolSource.call`). */
  call(tool: string, args: Record<string, unknown>, signal: AbortSignal, timeoutMs: number): Promise<ToolOutcome>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  url: string;
  headers: Record<string, string>;
  timeoutMs?: number;
  /** The network under the guard (the browser's `fetch` unless a test says otherwise). */
  fetch?: FetchLike;
}

/** Thrown by {@link connectMcp}; `message` says why, for the user. */
export class McpConnectError extends Error {
  override name = 'McpConnectError';
}

/**
 * MV3's `script-src 'self'` forbids compiling code, which Ajv (the SDK's default) does for each
 * tool's output schema as the tools are listed. Gloss never relies on a result's shape: it shows
 * structured content as JSON text to the model, as untrusted data. So output schemas are not
 * checked here rather than failing every server that declares one.
 */
const unchecked: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

/** Connects, lists the server's tools, and gives the connection; throws {@link McpConnectError}. */
export async function connectMcp(options: ConnectOptions): Promise<McpConnection> {
  const url = new URL(options.url);
  const log: FetchLog = {};
  const timeoutMs = options.timeoutMs ?? CONNECT_TIMEOUT_MS;
  const fetch = guardedFetch(url, log, options.fetch);
  const transport = { requestInit: { headers: options.headers }, fetch };
  let client: Client | undefined;
  try {
    client = await withDeadline(open(url, transport, log), timeoutMs, (c) => void c.close());
    const tools = await listTools(client, timeoutMs);
    return connection(client, tools, log, url.origin);
  } catch (e) {
    await client?.close().catch(() => undefined);
    const denied = log.denied;
    if (denied?.status === 401 && !denied.oauth)
      log.denied = { ...denied, oauth: await offersOAuth(url, guardedFetch(url, {}, options.fetch)) };
    throw new McpConnectError(connectProblem(e, log, url.origin), { cause: e });
  }
}

type TransportOptions = { requestInit: RequestInit; fetch: FetchLike };

async function open(url: URL, options: TransportOptions, log: FetchLog): Promise<Client> {
  try {
    return await start(new StreamableHTTPClientTransport(url, options));
  } catch (e) {
    const status = httpStatus(e);
    const fallBack = status !== undefined && status >= 400 && status < 500 && !log.denied && !log.refused;
    if (!fallBack) throw e;
  }
  // Deprecated for servers, not for clients: some servers still speak only HTTP+SSE.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  return start(new SSEClientTransport(url, { ...options, eventSourceInit: { fetch: options.fetch } }));
}

/** A client on `transport`, initialized; closed again (with its transport) when that fails. */
async function start(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'Gloss', version: manifest.version }, { jsonSchemaValidator: unchecked });
  try {
    await client.connect(transport);
    return client;
  } catch (e) {
    // The SSE transport's EventSource would otherwise keep reconnecting in the background.
    await client.close().catch(() => undefined);
    throw e;
  }
}

async function listTools(client: Client, timeoutMs: number): Promise<McpTool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_PAGES; page++) {
    const listed = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: timeoutMs });
    tools.push(...listed.tools);
    cursor = listed.nextCursor;
    if (cursor === undefined) break;
  }
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description ?? tool.title ?? '',
    parameters: tool.inputSchema,
  }));
}

function connection(client: Client, tools: McpTool[], log: FetchLog, origin: string): McpConnection {
  let lost = false;
  client.onclose = () => (lost = true);
  return {
    tools,
    get lost() {
      return lost;
    },
    async call(tool, args, signal, timeoutMs) {
      delete log.refused;
      delete log.denied;
      try {
        const result = await client.callTool({ name: tool, arguments: args }, undefined, {
          signal,
          timeout: timeoutMs,
        });
        return toOutcome(tool, asResult(result));
      } catch (e) {
        if (!signal.aborted && connectionLost(e)) lost = true;
        const end = { tool, origin, aborted: signal.aborted, timeoutSeconds: Math.round(timeoutMs / 1000) };
        return { text: callProblem(e, log, end), isError: true };
      }
    },
    close: () => client.close(),
  };
}

/** Servers on protocol 2024-10-07 answer `{ toolResult }` instead of content. */
function asResult(raw: Awaited<ReturnType<Client['callTool']>>): CallToolResult {
  const legacy = (r: typeof raw): r is { toolResult: unknown } => !Array.isArray(r.content);
  return legacy(raw) ? { content: [{ type: 'text', text: JSON.stringify(raw.toolResult) }] } : raw;
}

/** `work`'s value, or a {@link ConnectTimeout} after `ms`; what `work` gives too late is `dispose`d. */
async function withDeadline<T>(work: Promise<T>, ms: number, dispose: (late: T) => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new ConnectTimeout(Math.round(ms / 1000)));
    }, ms);
  });
  work.then((value) => timedOut && dispose(value)).catch(() => undefined);
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
