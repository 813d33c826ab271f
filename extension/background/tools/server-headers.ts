/**
 * MCP servers' header values, kept as API keys are (`settings-store.ts`): in the worker's
 * IndexedDB, which no content script can read, each bound to the origin its server had when they
 * were saved. What the stored settings say cannot move them: a server whose URL was changed there
 * to another origin gets none, and connecting to it is refused with the reason.
 */
import { originOf } from '../../shared/key-origin';
import type { Db } from '../db';

/** The headers a server may send now, or the origin they are held for (its URL moved). */
export type ServerHeaders = { headers: Record<string, string> } | { heldFor: string };

/** The headers to send to `server.url`: its saved ones while it is on their origin. */
export async function headersFor(db: Db, server: { id: string; url: string }): Promise<ServerHeaders> {
  const record = await db.get('serverHeaders', server.id);
  if (!record) return { headers: {} };
  return record.origin === originOf(server.url) ? { headers: record.headers } : { heldFor: record.origin };
}

/** The origin a server's saved headers are bound to (none saved: undefined). */
export async function savedHeadersOrigin(db: Db, serverId: string): Promise<string | undefined> {
  return (await db.get('serverHeaders', serverId))?.origin;
}

/** Saves a server's headers for `url`'s origin; none removes them. */
export async function saveHeaders(db: Db, serverId: string, url: string, headers: Record<string, string>) {
  const origin = originOf(url);
  if (Object.keys(headers).length === 0 || origin === null) return db.delete('serverHeaders', serverId);
  await db.put('serverHeaders', { serverId, headers, origin });
}

export function removeHeaders(db: Db, serverId: string): Promise<void> {
  return db.delete('serverHeaders', serverId);
}
