/**
 * Which host access Gloss asks for and still needs: the origins of the saved providers, MCP
 * servers and SearXNG instance. Everything else granted once (a provider since removed or moved,
 * a URL only tested, the local servers' ports that "Find local models" asked for once no saved
 * provider is on them) is given back, so access stays as narrow as the settings.
 *
 * In Chrome a server on this computer gets access to its own port only (`http://127.0.0.1:1234/*`):
 * the loopback host serves everything else running there too. Measured in Chromium 156 with a
 * probe extension (e2e/host-ports.e2e.ts checks what Gloss relies on):
 * - a pattern without a port matches every port (as `:*`, developer.chrome.com "Match
 *   patterns"); `http://127.0.0.1:80/*` matches `http://127.0.0.1/` (the default port), and
 *   `permissions.contains` of the port-less pattern is false while only a port is granted;
 * - a fetch from the worker to another port of the same host is refused (CORS) as without access;
 * - asking for a port inside a granted port-less pattern shows no prompt and adds the port
 *   pattern to `getAll`; removing the port-less pattern removes every port pattern inside it too,
 *   and a pattern removed stays granted in the browser's record: asked for again, no prompt.
 * Firefox's patterns cannot name a port (MDN "Match patterns": Firefox bugs 1362809, 1468162),
 * so there the pattern names the host, every port, as before.
 */
import { LOCAL_PRESETS, PRESETS } from './presets';

/** Whether this browser's match patterns can name a port: every build but Firefox's. */
export const PATTERNS_NAME_PORTS = import.meta.env.MODE !== 'firefox';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * The pattern Gloss asks for to reach `address` (a provider's, an MCP server's, a SearXNG
 * instance's): `http://127.0.0.1:1234/*` for a server on this computer or on an explicit port
 * (with `ports`), else the host's (`https://api.openai.com/*`, which older versions were
 * granted too). Null when `address` is not an http(s) URL.
 */
export function accessPattern(address: string, ports = PATTERNS_NAME_PORTS): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!ports || (url.port === '' && !LOOPBACK.has(url.hostname))) return `${url.protocol}//${url.hostname}/*`;
  // The URL parser drops a default port; the pattern names it (a port-less one is every port).
  return `${url.protocol}//${url.hostname}:${url.port || DEFAULT_PORT[url.protocol]}/*`;
}

/** The addresses "Find local models" tries: each local server's, on localhost and on 127.0.0.1. */
export function localServerUrls(): { id: (typeof LOCAL_PRESETS)[number]; baseUrl: string }[] {
  // Some servers listen on one of the two only.
  return LOCAL_PRESETS.flatMap((id) =>
    [PRESETS[id].baseUrl, PRESETS[id].baseUrl.replace('localhost', '127.0.0.1')].map((baseUrl) => ({ id, baseUrl })),
  );
}

/**
 * Asked for by "Find local models": the ports it tries (the pair of hosts where no pattern can
 * name a port). Kept while the search shows what it found (until the settings next change,
 * which saving a found server does), then only for the saved providers on them.
 */
export function localOrigins(ports = PATTERNS_NAME_PORTS): string[] {
  return [...new Set(localServerUrls().flatMap((s) => accessPattern(s.baseUrl, ports) ?? []))];
}

export const LOCAL_ORIGINS = localOrigins();

/** A pattern for one host as Gloss asks for it (`https://host/*`, `http://host:1234/*`), not a wildcard. */
const ONE_HOST = /^https?:\/\/[^/*]+\/\*$/;

/** `http://127.0.0.1/*` for `http://127.0.0.1:1234/*`; a pattern without a port as it is. */
const withoutPort = (pattern: string) => pattern.replace(/:\d+\/\*$/, '/*');

/** Whether `wide`, a pattern with no port, holds the port pattern `narrow` (Chrome counts it so). */
export const holds = (wide: string, narrow: string) => wide !== narrow && withoutPort(narrow) === wide;

/**
 * The granted patterns nothing `needed` asks for (never wildcards, which Gloss never asks for).
 * A port-less pattern that holds a needed port stays: older versions asked for the host, and
 * giving it back would take the port along (Chrome's `remove`) with no gesture to ask again;
 * the panel swaps it for the ports on its next ask ({@link widerToSwap}).
 */
export function unneededOrigins(granted: readonly string[], needed: readonly string[]): string[] {
  return granted.filter((o) => ONE_HOST.test(o) && !needed.includes(o) && !needed.some((n) => holds(o, n)));
}

/**
 * The port-less patterns to give back once the ports `asked` are granted: those holding one of
 * them, when every one of `asked` is held by one (so the ask showed no prompt and the click's
 * gesture is still fresh for asking again, without a prompt, what the removal takes along).
 */
export function widerToSwap(granted: readonly string[], asked: readonly string[]): string[] {
  const wider = granted.filter((o) => ONE_HOST.test(o) && asked.some((a) => holds(o, a)));
  return asked.length > 0 && asked.every((a) => wider.some((o) => holds(o, a))) ? wider : [];
}

/** The patterns the saved `addresses` need (providers', MCP servers'), as {@link accessPattern} makes them. */
export function neededOrigins(addresses: readonly string[], ports = PATTERNS_NAME_PORTS): string[] {
  return addresses.flatMap((a) => accessPattern(a, ports) ?? []);
}
