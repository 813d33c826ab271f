/**
 * A failure to connect to an MCP server, or of one call, in words for the user (and the model).
 * The SDK's errors say little on their own (a 401 is "Error POSTing to endpoint"), so the
 * guard's log (`guarded-fetch.ts`) is read first: it saw the refusal, the redirect or the
 * OAuth challenge itself.
 */
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { messageOf } from '../../../shared/errors';
import { t } from '../../../shared/i18n';
import type { FetchLog } from './guarded-fetch';

/** Connecting took longer than Gloss waits (`seconds`). */
export class ConnectTimeout extends Error {
  override name = 'ConnectTimeout';
  constructor(readonly seconds: number) {
    super(`no answer within ${seconds} s`);
  }
}

/** The HTTP status a transport error carries, if any. */
export function httpStatus(e: unknown): number | undefined {
  const code = e instanceof StreamableHTTPError || e instanceof SseError ? e.code : undefined;
  return code !== undefined && code >= 100 ? code : undefined;
}

/** Why connecting to the server at `origin` failed. */
export function connectProblem(e: unknown, log: FetchLog, origin: string): string {
  if (log.refused) return log.refused;
  if (e instanceof UnauthorizedError || log.denied?.oauth) return t('mcpOAuth', origin);
  if (log.denied) return t('mcpAuthRefused', origin, log.denied.status);
  if (e instanceof ConnectTimeout) return t('mcpConnectTimedOut', origin, e.seconds);
  const version = /protocol version is not supported: (.*)$/.exec(messageOf(e))?.[1];
  if (version !== undefined) return t('mcpProtocolVersion', origin, version);
  const status = httpStatus(e);
  if (status !== undefined) return t('mcpHttpStatus', origin, status);
  if (unreachable(e)) return t('mcpUnreachable', origin);
  return t('mcpFailed', origin, messageOf(e));
}

/**
 * `fetch` rejects with a TypeError when nothing answers (refused, DNS, TLS, offline); the SSE
 * transport reports the same as an error event without a status.
 */
function unreachable(e: unknown): boolean {
  return e instanceof TypeError || (e instanceof SseError && e.code === undefined);
}

export interface CallEnd {
  tool: string;
  origin: string;
  /** The user stopped it. */
  aborted: boolean;
  timeoutSeconds: number;
}

/** Why a call failed (the tool's own errors are results, see `mcp-outcome.ts`). */
export function callProblem(e: unknown, log: FetchLog, end: CallEnd): string {
  if (end.aborted) return t('mcpStopped', end.tool);
  if (e instanceof McpError && e.code === (ErrorCode.RequestTimeout as number))
    return t('mcpTimedOut', end.tool, end.timeoutSeconds);
  if (e instanceof McpError) return t('mcpCallFailed', end.tool, e.message);
  return t('mcpCallFailed', end.tool, connectProblem(e, log, end.origin));
}

/**
 * The connection itself is broken (the server went away, forgot the session, or now refuses):
 * the next use connects again. A JSON-RPC error from the server, a timeout or a stop is not.
 */
export function connectionLost(e: unknown): boolean {
  return !(e instanceof McpError) || e.code === (ErrorCode.ConnectionClosed as number);
}
