/**
 * Which host access Gloss still needs: the origins of the saved providers, and the loopback
 * pair that "Find local models" asks for. Everything else granted once (a provider since
 * removed or moved, a URL only tested) is given back, so access stays as narrow as the settings.
 */
import { originPattern } from './settings';

/**
 * Granted by "Find local models" and kept: the user asked to look for servers on this computer,
 * first-run detection looks again, and they reach nothing beyond this computer.
 */
export const LOCAL_ORIGINS = ['http://localhost/*', 'http://127.0.0.1/*'];

/** A pattern for one host as Gloss asks for it (`https://host/*`), not a wildcard granted otherwise. */
const ONE_HOST = /^https?:\/\/[^/*]+\/\*$/;

/** The granted origin patterns no saved provider needs (never the local pair, never wildcards). */
export function unneededOrigins(granted: readonly string[], providers: readonly { baseUrl: string }[]): string[] {
  const needed = new Set([...LOCAL_ORIGINS, ...providers.flatMap((p) => originPattern(p.baseUrl) ?? [])]);
  return granted.filter((origin) => ONE_HOST.test(origin) && !needed.has(origin));
}
