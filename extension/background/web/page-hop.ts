/**
 * One request of a page read (`page-fetch.ts` follows the redirects): the address asked for, or
 * a redirect's target, already checked by its spelling. It is requested with `redirect: 'manual'`
 * where the browser reports where a redirect leads (`address-watch.ts`), and judged before its
 * body is read or its redirect followed:
 * - where the browser checks the server's address (`address-space.ts`), it is asked to refuse a
 *   private one before the request is sent; the caller's allowed origins are not checked so;
 * - otherwise the name must not resolve to a private address where the browser looks names up
 *   for Gloss (Firefox), and the server address the browser reports for the answer must not be
 *   private either, unless the caller allowed the origin, or the address is a known proxy's;
 * - without host access the browser reports nothing, so only an address the caller allowed is
 *   read unseen, and no redirect of it is followed.
 */
import { t } from '../../shared/i18n';
import { originOf } from '../../shared/key-origin';
import { privateIp } from '../../shared/web/private-address';
import { publicOnly, REFUSED_BY_ADDRESS_CHECK } from './address-space';
import { privateHop } from './address-verdict';
import type { RequestWatch } from './address-watch';
import { abortable, type ReadClock } from './read-clock';

/** A problem, in the user's language, with what the caller may act on. */
export interface PageProblem {
  problem: string;
  /** Set when refused for being a private address: the host. */
  privateAddress?: string;
  /** Set when Gloss lacks host access to the page's site: its origin, to ask the user for. */
  needsAccess?: string;
}

export interface FetchDeps {
  fetch: typeof fetch;
  /** Whether Gloss has host access to `url`'s site. */
  hasAccess: (url: string) => Promise<boolean>;
  /** Starts watching where the read of `url` goes (`address-watch.ts`); none: names are judged only. */
  watch?: (url: string, allowed: (origin: string) => boolean) => RequestWatch | undefined;
  /** Private addresses known to be a proxy's, which say nothing about a page. */
  proxyIps?: ReadonlySet<string>;
  /** Whether the browser can refuse a private server itself (`address-space.ts`). */
  checksAddressSpace?: boolean;
  /**
   * The addresses the browser's own resolver gives `host` (Firefox's `dns.resolve`), none when
   * it cannot say: a name that resolves to a private address is then refused before the request.
   */
  lookup?: LookUp;
}

type LookUp = (host: string) => Promise<string[]>;

/** An answer to read, the next address to ask for, or why neither. */
export type HopResult = { response: Response; finalUrl: string } | { next: string } | PageProblem;

/**
 * How long after the answer's headers the browser's report of its server may come. Chrome sends
 * it before the fetch resolves (measured: within a millisecond); the margin is for a busy machine.
 */
export const WHERE_MS = 3000;

/** Types the reader reads, best first; a site that serves several picks from these. */
const ACCEPT = 'text/html,application/xhtml+xml,application/pdf;q=0.9,text/plain;q=0.8,*/*;q=0.1';

/** Requests `url` once and judges where its answer came from. */
export async function fetchHop(
  url: string,
  clock: ReadClock,
  allowed: (origin: string) => boolean,
  deps: FetchDeps,
): Promise<HopResult> {
  const open = allowed(originOf(url) ?? url);
  // Behind a proxy (its address known) every server is private to the browser's check.
  const checked = !!deps.watch && !!deps.checksAddressSpace && !open && !deps.proxyIps?.size;
  if (!open && !checked && deps.lookup) {
    const looked = await abortable(lookedUpPrivate(url, deps.lookup), clock.signal);
    if (looked) return looked;
  }
  const watch = deps.watch?.(url, allowed);
  try {
    let response: Response;
    try {
      const init: RequestInit = {
        credentials: 'omit',
        redirect: watch ? 'manual' : 'follow',
        referrerPolicy: 'no-referrer',
        cache: 'no-store',
        headers: { accept: ACCEPT },
        signal: clock.signal,
      };
      response = await deps.fetch(url, checked ? publicOnly(init) : init);
    } catch (e) {
      if (clock.why) throw e; // stopped or timed out: the caller says which
      return await failed(url, watch, checked, clock, deps);
    }
    clock.tick();
    if (!watch) return { response, finalUrl: response.url || url };
    const hop = await judgeWhere(url, response, watch, { allowed, checked, clock, deps });
    if ('problem' in hop) void response.body?.cancel().catch(() => undefined);
    return hop;
  } finally {
    watch?.end();
  }
}

/**
 * Where the browser resolves names for Gloss (Firefox), a name whose addresses include a private
 * one is refused before it is asked anything. The request that follows is served from the same
 * resolver's cache; the address it reaches is judged again (`judgeWhere`), for a name that
 * answers the request otherwise.
 */
async function lookedUpPrivate(url: string, lookup: LookUp): Promise<PageProblem | undefined> {
  const { host, hostname } = new URL(url);
  const addresses = await lookup(hostname).catch(() => []);
  const ip = addresses.find(privateIp);
  return ip === undefined ? undefined : { problem: t('readResolvedPrivate', url, host, ip), privateAddress: host };
}

/** Why a request failed: the browser's address check, no access, or no answer. */
async function failed(
  url: string,
  watch: RequestWatch | undefined,
  checked: boolean,
  clock: ReadClock,
  deps: FetchDeps,
): Promise<PageProblem> {
  // Chrome and Firefox fail a cross-origin fetch without host access as they fail an
  // unreachable server (a TypeError, as CORS does): the permission tells them apart.
  const origin = originOf(url) ?? url;
  if (!(await deps.hasAccess(url))) return { problem: t('readNoAccess', origin), needsAccess: origin };
  if (checked && watch) {
    await abortable(watch.hops(WHERE_MS), clock.signal);
    if (watch.failure === REFUSED_BY_ADDRESS_CHECK) {
      const host = new URL(url).host;
      return { problem: t('readLedPrivate', url, host), privateAddress: host };
    }
  }
  return { problem: t('readUnreachable', url) };
}

interface Judging {
  allowed: (origin: string) => boolean;
  checked: boolean;
  clock: ReadClock;
  deps: FetchDeps;
}

/** The answer, or its redirect's target, unless it came from where it may not. */
async function judgeWhere(url: string, response: Response, watch: RequestWatch, j: Judging): Promise<HopResult> {
  const redirect = response.type === 'opaqueredirect';
  const origin = originOf(url) ?? url;
  if (!(await j.deps.hasAccess(url))) {
    if (j.allowed(origin) && !redirect) return { response, finalUrl: url };
    return { problem: t('readNoAccess', origin), needsAccess: origin };
  }
  // The browser connected to a public server: nothing is left to judge of an answer.
  if (j.checked && !redirect) return { response, finalUrl: url };
  const hops = await abortable(watch.hops(WHERE_MS), j.clock.signal);
  if (!hops) return { problem: t('readUnchecked', url) };
  const found = j.checked ? undefined : privateHop(hops, j.allowed, j.deps.proxyIps ?? new Set());
  if (found) return { problem: t('readResolvedPrivate', url, found.host, found.ip), privateAddress: found.host };
  if (!redirect) return { response, finalUrl: url };
  // A redirect with no target: its `Location` is not an address (or the browser did not say it).
  const to = hops.find((hop) => hop.to !== undefined)?.to;
  return to === undefined ? { problem: t('readBadRedirect', url) } : { next: to };
}
