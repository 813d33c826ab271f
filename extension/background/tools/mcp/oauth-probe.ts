/**
 * Whether a server that answered 401 without naming its metadata in `WWW-Authenticate` still
 * asks for an OAuth sign-in: the spec lets it publish its Protected Resource Metadata (RFC 9728)
 * only at the well-known addresses, path-aware first
 * (https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#protected-resource-metadata-discovery-requirements),
 * and servers of protocol 2025-03-26 publish only their authorization server's metadata
 * (RFC 8414) at the root. Without this the user is told to check a token they never had.
 * The conformance suite's `auth/metadata-var1`, `-var2` and `2025-03-26-oauth-metadata-backcompat`
 * are such servers (docs/mcp-conformance.md).
 */
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** Each look waits this long at most: this runs after connecting already failed. */
const PROBE_TIMEOUT_MS = 3000;

/** The well-known addresses on `server`'s origin where OAuth metadata would be, in the order looked at. */
export function metadataAddresses(server: URL): URL[] {
  const path = server.pathname.replace(/\/$/, '');
  const resource = '/.well-known/oauth-protected-resource';
  return [...(path ? [resource + path] : []), resource, '/.well-known/oauth-authorization-server'].map(
    (p) => new URL(p, server.origin),
  );
}

/**
 * True when one of the addresses answers with OAuth metadata. `fetch` is the connection's guard
 * (its own log): the looks stay on the server's origin, follow no redirect and carry no header.
 */
export async function offersOAuth(server: URL, fetch: FetchLike): Promise<boolean> {
  for (const address of metadataAddresses(server)) {
    if (await isMetadata(address, fetch)) return true;
  }
  return false;
}

async function isMetadata(address: URL, fetch: FetchLike): Promise<boolean> {
  try {
    const response = await fetch(address, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    if (!response.ok) return false;
    const body = (await response.json()) as Record<string, unknown> | null;
    return Array.isArray(body?.authorization_servers) || typeof body?.authorization_endpoint === 'string';
  } catch {
    return false;
  }
}
