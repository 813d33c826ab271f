/**
 * Watches Gloss's own page reads with `webRequest` (observing only: Chrome allows no blocking
 * listeners in Manifest V3) for the server address each answer came from, so `page-fetch.ts` can
 * refuse a page whose name led to a private address (`address-verdict.ts`) before its body is
 * read. A read's request is the worker's own (tab -1) to the address it asked for; the browser
 * reports it only where Gloss has host access, which every page read has been granted.
 *
 * Firefox also lets a listener block: there a redirect to an address private by its spelling
 * (`http://127.0.0.1/`, `http://printer.local/`) is cancelled before the browser makes that
 * request. Chrome makes it, and Gloss drops its answer unread (`page-fetch.ts`).
 *
 * Looking the name up first (Firefox's `dns.resolve`, with another permission) was not done: a
 * rebinding name answers a lookup with one address and the request with another, so the address
 * the request actually went to is the one to judge.
 *
 * The search engine's request is watched too (`noteEngine`): a public name answered from a private
 * address shows a proxy in between (Chrome does not say so itself), whose address then proves
 * nothing about pages.
 */
import browser, { type WebRequest } from 'webextension-polyfill';
import { privateAddress } from '../../shared/web/private-address';
import { answeredByProxy, privateHop, type Hop } from './address-verdict';
import { addressKey } from './given-urls';

/** One read's request, as the browser reported it. */
export interface RequestWatch {
  /**
   * Every answer (redirects, then the final one) once the final one has started, or undefined
   * when the browser reported none within `waitMs` (a site Gloss has no access to).
   */
  hops(waitMs: number): Promise<Hop[] | undefined>;
  /** The redirect target Firefox cancelled for being a private address, if it did. */
  readonly cancelled: string | undefined;
  end(): void;
}

interface Watched {
  url: string;
  allowed: (origin: string) => boolean;
  requestId?: string;
  hops: Hop[];
  done: boolean;
  cancelled?: string;
  wake: () => void;
  /** The search engine's request: its answer only teaches `proxyIps`. */
  engine?: boolean;
}

const watched = new Set<Watched>();
/** Private addresses that answered for the search engine's public name: a proxy's (`address-verdict.ts`). */
export const proxyIps = new Set<string>();
let listening = false;

type Details = { requestId: string; url: string; tabId: number; ip?: string; proxyInfo?: unknown };

const FILTER: WebRequest.RequestFilter = { urls: ['http://*/*', 'https://*/*'], tabId: -1 };

function find(requestId: string): Watched | undefined {
  for (const w of watched) if (w.requestId === requestId) return w;
  return undefined;
}

function hop(details: Details): Hop {
  return {
    url: details.url,
    ...(details.ip ? { ip: details.ip } : {}),
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
  if (last) w.hops.push(hop(last));
  w.done = true;
  if (w.engine && last) {
    const answer = hop(last);
    if (answeredByProxy(answer) && answer.ip) proxyIps.add(answer.ip);
    watched.delete(w);
  }
  w.wake();
}

/** Firefox: a redirect's new request to a private address not allowed is cancelled before it is made. */
function beforeRequest(details: Details): WebRequest.BlockingResponse | undefined {
  const w = claim(details);
  if (!w || w.engine || details.url === w.url) return undefined;
  const origin = new URL(details.url).origin;
  if (privateAddress(details.url) === undefined || w.allowed(origin)) return undefined;
  w.cancelled = details.url;
  return { cancel: true };
}

function listen(): boolean {
  const events = (browser as Partial<typeof browser>).webRequest;
  if (!events) return false;
  if (listening) return true;
  listening = true;
  // Only Firefox has `filterResponseData`, and only there may an extension's listener block.
  const blocking = typeof (events as { filterResponseData?: unknown }).filterResponseData === 'function';
  if (blocking) events.onBeforeRequest.addListener(beforeRequest, FILTER, ['blocking']);
  else events.onBeforeRequest.addListener((d) => void claim(d), FILTER);
  events.onBeforeRedirect.addListener((d) => void find(d.requestId)?.hops.push(hop(d)), FILTER);
  events.onResponseStarted.addListener((d) => {
    const w = find(d.requestId);
    if (w) settle(w, d);
  }, FILTER);
  events.onErrorOccurred.addListener((d) => {
    const w = find(d.requestId);
    if (w) settle(w);
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
    get cancelled() {
      return w.cancelled;
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
