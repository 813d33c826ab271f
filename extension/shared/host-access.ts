/**
 * Which host access Gloss still needs: the origins of the saved providers. Everything else
 * granted once (a provider since removed or moved, a URL only tested, the loopback pair that
 * "Find local models" asked for once no saved provider is on it) is given back, so access stays
 * as narrow as the settings.
 */
import { originPattern } from './settings';

/**
 * Asked for by "Find local models", to look for servers on this computer. Kept while the search
 * shows what it found (until the settings next change, which saving a found server does), then
 * only for the saved providers on them.
 */
export const LOCAL_ORIGINS = ['http://localhost/*', 'http://127.0.0.1/*'];

/** A pattern for one host as Gloss asks for it (`https://host/*`), not a wildcard granted otherwise. */
const ONE_HOST = /^https?:\/\/[^/*]+\/\*$/;

/** The granted origin patterns no saved provider needs (never wildcards, which Gloss never asks for). */
export function unneededOrigins(granted: readonly string[], providers: readonly { baseUrl: string }[]): string[] {
  const needed = new Set(providers.flatMap((p) => originPattern(p.baseUrl) ?? []));
  return granted.filter((origin) => ONE_HOST.test(origin) && !needed.has(origin));
}
