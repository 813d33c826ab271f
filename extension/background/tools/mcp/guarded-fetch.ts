/**
 * The only `fetch` the MCP transports get. The SDK keeps redirects within the origin and checks
 * an SSE `endpoint` event's origin itself; this is Gloss's own line under those, since the
 * server's headers (its token) ride on every request the transports make:
 *
 * - a request to any origin but the server's is refused before it leaves;
 * - redirects are never followed (`redirect: 'manual'`): one is an error naming where it led,
 *   when the runtime says (browsers hand back an opaque response without the address);
 * - a 401/403 is noted with whether it asks for an OAuth sign-in (RFC 9728's
 *   `resource_metadata` in `WWW-Authenticate`), which the transports' errors do not carry.
 */
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { t } from '../../../shared/i18n';

/** What the guard saw on one connection's requests, for naming a failure afterwards. */
export interface FetchLog {
  /** The last refusal of access: its status, and whether it asked for an OAuth sign-in. */
  denied?: { status: number; oauth: boolean };
  /** Why the guard refused a request or a response, in words for the user. */
  refused?: string;
}

/** Thrown by the guard; `message` is for the user. */
export class RefusedRequest extends Error {
  override name = 'RefusedRequest';
}

/** A fetch that reaches only `server`'s origin, follows no redirect and notes refusals in `log`. */
export function guardedFetch(server: URL, log: FetchLog, base: FetchLike = (u, i) => fetch(u, i)): FetchLike {
  return async (input, init) => {
    const url = new URL(input, server);
    if (url.origin !== server.origin) refuse(log, t('mcpOtherOrigin', url.origin, server.origin));
    const response = await base(url, { ...init, redirect: 'manual' });
    if (response.type === 'opaqueredirect') refuse(log, t('mcpRedirectUnknown', server.origin));
    const target = redirectTarget(response, url);
    if (target !== undefined) {
      await response.body?.cancel();
      refuse(log, target ? t('mcpRedirect', server.origin, target) : t('mcpRedirectUnknown', server.origin));
    }
    if (response.status === 401 || response.status === 403) {
      const challenge = response.headers.get('www-authenticate') ?? '';
      log.denied = { status: response.status, oauth: /\bresource_metadata\s*=/i.test(challenge) };
    }
    return response;
  };
}

function refuse(log: FetchLog, message: string): never {
  log.refused = message;
  throw new RefusedRequest(message);
}

/**
 * Where a redirect response points, without user info, query or fragment (they may hold
 * secrets); '' for a redirect without a readable `Location`, undefined for no redirect.
 */
function redirectTarget(response: Response, from: URL): string | undefined {
  if (response.status < 300 || response.status > 399 || response.status === 304) return undefined;
  try {
    const to = new URL(response.headers.get('location') ?? '', from);
    return response.headers.has('location') ? `${to.origin}${to.pathname}` : '';
  } catch {
    return '';
  }
}
