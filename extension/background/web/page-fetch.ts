/**
 * Fetching one page for the web reader, from the worker, as the logged-out page: no cookies, no
 * HTTP authentication, no client certificates (`credentials: 'omit'`), no referrer, never from
 * the cache (so the browser always reports the server it went to). What is refused is refused
 * before the body is read, and the body is then cancelled.
 *
 * Private addresses: an address on this computer or a private network is not read unless the
 * caller allowed its origin. Each request (the address asked for, then each redirect's target)
 * is checked before it is made:
 * - by its spelling (`privateAddress`);
 * - where the browser checks the server's address itself (Chrome: `address-space.ts`), by the
 *   browser, which fails a request to a public-looking name whose server is private before the
 *   request is sent;
 * - otherwise by the server address the browser reports for each answer (`address-watch.ts`),
 *   before the answer's body is read or its redirect followed.
 *
 * Redirects are followed by Gloss, not the browser (`page-hop.ts`): the browser reports where
 * one leads, and its target is judged as the address asked for was, so a redirect to
 * `http://127.0.0.1/` is never requested, in Chrome as in Firefox. Without `webRequest` (a build
 * without it, the unit tests' plain fetch) the browser follows them and the final address is
 * judged by its spelling.
 */
import browser from 'webextension-polyfill';
import { t } from '../../shared/i18n';
import { originOf } from '../../shared/key-origin';
import { sizeLabel } from '../../shared/read-body';
import { originPattern } from '../../shared/settings';
import { privateAddress } from '../../shared/web/private-address';
import { CHECKS_ADDRESS_SPACE } from './address-space';
import { proxyIps, watchRead } from './address-watch';
import { MAX_PDF_READ_BYTES, mimeOf, pageKind, type PageKind } from './page-body';
import { fetchHop, type FetchDeps, type PageProblem } from './page-hop';
import type { ReadClock } from './read-clock';

export type { FetchDeps, PageProblem } from './page-hop';

/** A page whose body may be read: where it came from, and which reader it calls for. */
export interface FetchedPage {
  response: Response;
  finalUrl: string;
  kind: PageKind;
}

/** Firefox's resolver (the `dns` permission only its build asks for). */
async function lookUp(host: string): Promise<string[]> {
  return (await browser.dns.resolve(host)).addresses;
}

export const FETCH_DEPS: FetchDeps = {
  fetch: (...args) => fetch(...args),
  hasAccess: async (url) => {
    const pattern = originPattern(url);
    return pattern !== null && (await browser.permissions.contains({ origins: [pattern] }));
  },
  watch: watchRead,
  proxyIps,
  checksAddressSpace: CHECKS_ADDRESS_SPACE,
  // Elsewhere nothing is known of a name before its request.
  ...(import.meta.env.MODE === 'firefox' && { lookup: lookUp }),
};

/** Whether `url` may be requested: http(s), and not private unless allowed. */
export function refusal(url: string, allowedPrivate?: (origin: string) => boolean): PageProblem | undefined {
  const origin = originOf(url);
  if (origin === null) return { problem: t('readNotWeb', url) };
  const host = privateAddress(url);
  if (host !== undefined && !allowedPrivate?.(origin)) return { problem: t('readPrivate', url), privateAddress: host };
  return undefined;
}

/** Redirects followed at most, as the fetch standard's own limit. */
export const MAX_REDIRECTS = 20;

/**
 * Fetches `url` (already checked with `refusal`) up to its headers, following its redirects one
 * checked request at a time, and judges the answer.
 */
export async function fetchPage(
  url: string,
  clock: ReadClock,
  allowedPrivate: ((origin: string) => boolean) | undefined,
  deps: FetchDeps,
): Promise<FetchedPage | PageProblem> {
  const allowed = allowedPrivate ?? (() => false);
  let at = url;
  for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
    if (at !== url) {
      const refused = await nextRefusal(url, at, allowed, deps);
      if (refused) return refused;
    }
    const hop = await fetchHop(at, clock, allowed, deps);
    if ('problem' in hop) return hop;
    if ('next' in hop) {
      at = hop.next;
      continue;
    }
    const judged = judge(url, hop.response, hop.finalUrl, allowedPrivate);
    if ('problem' in judged) void hop.response.body?.cancel().catch(() => undefined);
    return judged;
  }
  return { problem: t('readTooManyRedirects', url, MAX_REDIRECTS) };
}

/** Why a redirect's target `to` may not be requested: private, not the web, or no access to it. */
async function nextRefusal(
  url: string,
  to: string,
  allowed: (origin: string) => boolean,
  deps: FetchDeps,
): Promise<PageProblem | undefined> {
  const refused = refusal(to, allowed);
  const origin = originOf(to) ?? to;
  if (refused?.privateAddress !== undefined) return { ...refused, problem: t('readRedirectedPrivate', url, origin) };
  if (refused) return refused;
  // Without access the browser would send it as a cross-origin request, unreported.
  if (!allowed(origin) && !(await deps.hasAccess(to)))
    return { problem: t('readNoAccess', origin), needsAccess: origin };
  return undefined;
}

/** The answer's verdict: where it came from, its status, its type and (for a PDF) its size. */
function judge(
  url: string,
  response: Response,
  finalUrl: string,
  allowedPrivate: ((origin: string) => boolean) | undefined,
): FetchedPage | PageProblem {
  // Where the browser followed redirects itself (no `webRequest`), only the final address's spelling is known.
  if (finalUrl !== url) {
    const refused = refusal(finalUrl, allowedPrivate);
    if (refused?.privateAddress !== undefined)
      return { ...refused, problem: t('readRedirectedPrivate', url, originOf(finalUrl) ?? refused.privateAddress) };
    if (refused) return refused;
  }
  if (!response.ok) return { problem: t('readStatus', url, response.status) };
  const type = response.headers.get('content-type');
  const kind = pageKind(type);
  if (!kind) return { problem: t('readKind', mimeOf(type) || t('readKindUnknown'), url) };
  const length = Number(response.headers.get('content-length'));
  if (kind === 'pdf' && length > MAX_PDF_READ_BYTES)
    return { problem: t('readPdfTooLarge', url, sizeLabel(MAX_PDF_READ_BYTES)) };
  return { response, finalUrl, kind };
}
