/**
 * Watches Gloss's own page reads with `webRequest` (observing only) for what the browser does not
 * tell an extension's fetch: the server address each answer came from, so `page-hop.ts` can
 * refuse a page whose name led to a private address (`address-verdict.ts`) before its body is
 * read, and where a redirect leads. Reads follow no redirect themselves (`redirect: 'manual'`,
 * whose answer hides the `Location` from extensions as from pages); the browser still reports
 * the redirect's target here (`onBeforeRedirect`), and Gloss judges it before asking for it. A
 * read's request is the worker's own (tab -1); the browser reports it only where Gloss has host
 * access, which every page read has been granted.
 *
 * A name is also judged before its request: by the browser itself in Chrome (`address-space.ts`),
 * by a lookup in Firefox (`page-hop.ts`). A rebinding name can answer that lookup with one
 * address and the request with another, so the address the request went to is judged too.
 *
 * The search engine's request is watched too (`noteEngine`): a public name answered from a private
 * address shows a proxy in between (Chrome does not say so itself), whose address then proves
 * nothing about pages.
 */
import browser, { type WebRequest } from 'webextension-polyfill';
import { answeredByProxy, privateHop, type Hop } from './address-verdict';
import { addressKey } from './given-urls';

/** One read's request, as the browser reported it. */
export interface RequestWatch {
  /**
   * Every answer (redirects, then the final one) once the final one has started, or undefined
   * when the browser reported none within `waitMs` (a site Gloss has no access to).
   */
  hops(waitMs: number): Promise<Hop[] | undefined>;
  /** The browser's error for the request, once it failed (`net::ERR_FAILED` in Chrome). */
  readonly failure: string | undefined;
  end(): void;
}

interface Watched {
  url: string;
  allowed: (origin: string) => boolean;
  requestId?: string;
  hops: Hop[];
  done: boolean;
  failure?: string;
  /** Firefox: the redirect's target, from the answer's `Location`. */
  location?: string;
  wake: () => void;
  /** The search engine's request: its answer only teaches `proxyIps`. */
  engine?: boolean;
}

const watched = new Set<Watched>();
/** Private addresses that answered for the search engine's public name: a proxy's (`address-verdict.ts`). */
export const proxyIps = new Set<string>();
let listening = false;

type Details = { requestId: string; url: string; ip?: string; proxyInfo?: unknown; redirectUrl?: string };

const FILTER: WebRequest.RequestFilter = { urls: ['http://*/*', 'https://*/*'], tabId: -1 };

function find(requestId: string): Watched | undefined {
  for (const w of watched) if (w.requestId === requestId) return w;
  return undefined;
}

function hop(details: Details): Hop {
  return {
    url: details.url,
    ...(details.ip ? { ip: details.ip } : {}),
    ...(details.redirectUrl ? { to: details.redirectUrl } : {}),
    ...(details.proxyInfo ? { proxied: true } : {}),
  };
}

/** The first request for a watched address claims it; its redirects keep the same id. */
function claim(details: Details): Watched | undefined {
  const known = find(details.requestId);
  if (known) return known;
  const key = addressKey(details.url);
  for (const w of watched) {
    if (w.requestId === undefined && w.url === key) {
      w.requestId = details.requestId;
      return w;
    }
  }
  return undefined;
}

function settle(w: Watched, last?: Details): void {
  if (last) w.hops.push({ ...hop(last), ...(w.location ? { to: w.location } : {}) });
  w.done = true;
  if (w.engine && last) {
    const answer = hop(last);
    if (answeredByProxy(answer) && answer.ip) proxyIps.add(answer.ip);
    watched.delete(w);
  }
  w.wake();
}

function noteLocation(details: WebRequest.OnHeadersReceivedDetailsType): void {
  const w = find(details.requestId);
  const location = details.responseHeaders?.find((h) => h.name.toLowerCase() === 'location')?.value;
  if (!w || !location || details.statusCode < 300 || details.statusCode > 399) return;
  try {
    w.location = new URL(location, details.url).href;
  } catch {
    // A `Location` that is no address: the redirect has no target to follow.
  }
}

function listen(): boolean {
  const events = (browser as Partial<typeof browser>).webRequest;
  if (!events) return false;
  if (listening) return true;
  listening = true;
  events.onBeforeRequest.addListener((d) => void claim(d), FILTER);
  // Firefox reports a redirect the fetch does not follow as an answer (`onResponseStarted`), not
  // with `onBeforeRedirect` as Chrome does: its target is the `Location` it came with.
  if (import.meta.env.MODE === 'firefox')
    events.onHeadersReceived.addListener(noteLocation, FILTER, ['responseHeaders']);
  events.onBeforeRedirect.addListener((d) => void find(d.requestId)?.hops.push(hop(d)), FILTER);
  events.onResponseStarted.addListener((d) => {
    const w = find(d.requestId);
    if (w) settle(w, d);
  }, FILTER);
  events.onErrorOccurred.addListener((d) => {
    const w = find(d.requestId);
    if (!w) return;
    w.failure = d.error;
    settle(w);
  }, FILTER);
  return true;
}

function watch(url: string, allowed: (origin: string) => boolean, engine = false): Watched | undefined {
  const key = addressKey(url);
  if (!key || !listen()) return undefined;
  const w: Watched = { url: key, allowed, hops: [], done: false, wake: () => undefined, engine };
  watched.add(w);
  return w;
}

/** Starts watching the read of `url` (call before fetching it); undefined where `webRequest` is missing. */
export function watchRead(url: string, allowed: (origin: string) => boolean): RequestWatch | undefined {
  const w = watch(url, allowed);
  if (!w) return undefined;
  return {
    get failure() {
      return w.failure;
    },
    hops: (waitMs) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve(undefined), waitMs);
        w.wake = () => {
          clearTimeout(timer);
          resolve(w.hops);
        };
        if (w.done) w.wake();
      }),
    end: () => watched.delete(w),
  };
}

/** Learns from the search engine's request (call before sending it) whether a proxy answers for public names. */
export function noteEngine(url: string): void {
  const w = watch(url, () => true, true);
  if (w) setTimeout(() => watched.delete(w), 60_000);
}

/** The verdict on a watched read's answers: `privateHop` with the proxies seen so far. */
export function privateAnswer(hops: readonly Hop[], allowed: (origin: string) => boolean) {
  return privateHop(hops, allowed, proxyIps);
}
