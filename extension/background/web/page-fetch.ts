/**
 * Fetching one page for the web reader, from the worker, as the logged-out page: no cookies, no
 * HTTP authentication, no client certificates (`credentials: 'omit'`), no referrer, never from
 * the cache (so the browser always reports the server it went to). What is refused is refused
 * before the body is read, and the body is then cancelled.
 *
 * Private addresses: an address on this computer or a private network is not read unless the
 * caller allowed its origin. Three checks see to it:
 * - by its spelling (`privateAddress`), before anything is requested;
 * - by where the answer came from in the end (`response.url`), after redirects;
 * - by the server address the browser connected to for each answer (`address-watch.ts`): a
 *   public-looking name that resolves to a private address (DNS rebinding) is refused there, and
 *   a page whose server the browser did not report within `WHERE_MS` is not read either.
 *
 * A redirect is followed by the browser before an extension's fetch can see where it leads: with
 * `redirect: 'manual'` the browser hides the `Location` from extension fetches as from pages (an
 * opaque redirect, https://fetch.spec.whatwg.org/#concept-filtered-response-opaque-redirect), so
 * a reader that refused every redirect could not read the many pages that move (http to https,
 * a trailing slash, a shortened link). In Firefox a blocking `webRequest` listener cancels a
 * redirect to an address private by its spelling before that request is made. Chrome allows
 * extensions no blocking listener in Manifest V3, so there the redirected request is made,
 * without cookies or credentials, and its answer is dropped unread. Stopping it otherwise was
 * looked into, and not done:
 * - declarativeNetRequest (Gloss has `declarativeNetRequestWithHostAccess`) cannot tell a
 *   request that a redirect made from one Gloss made directly: both come from the extension's
 *   origin, with tab -1 and type `xmlhttprequest`. Blocking the extension's requests to private
 *   addresses would block Ollama and other local providers, "Find local models" and local MCP
 *   servers, all fetched from this worker.
 * - A rule on the redirect response itself (`responseHeaders` matching `Location`, Chrome 128+)
 *   only sees the header's text with `*` wildcards, while the URL parser accepts endless
 *   spellings of a private host (`http://2130706433/`, `http://0x7f.1/`, `http://[::ffff:7f00:1]/`,
 *   a tab inside the host, which the parser drops), so
 *   it would stop careless redirects, not a page that means it; and Chrome 121–127 apply such a
 *   rule without its header condition (crbug.com/347186592), which would block every request
 *   Gloss makes.
 */
import browser from 'webextension-polyfill';
import { t } from '../../shared/i18n';
import { originOf } from '../../shared/key-origin';
import { sizeLabel } from '../../shared/read-body';
import { originPattern } from '../../shared/settings';
import { privateAddress } from '../../shared/web/private-address';
import { privateHop, type Hop } from './address-verdict';
import { proxyIps, watchRead, type RequestWatch } from './address-watch';
import { MAX_PDF_READ_BYTES, mimeOf, pageKind, type PageKind } from './page-body';
import { abortable, type ReadClock } from './read-clock';

/** A problem, in the user's language, with what the caller may act on. */
export interface PageProblem {
  problem: string;
  /** Set when refused for being a private address: the host. */
  privateAddress?: string;
  /** Set when Gloss lacks host access to the page's site: its origin, to ask the user for. */
  needsAccess?: string;
}

/** A page whose body may be read: where it came from, and which reader it calls for. */
export interface FetchedPage {
  response: Response;
  finalUrl: string;
  kind: PageKind;
}

export interface FetchDeps {
  fetch: typeof fetch;
  /** Whether Gloss has host access to `url`'s site. */
  hasAccess: (url: string) => Promise<boolean>;
  /** Starts watching where the read of `url` goes (`address-watch.ts`); none: names are judged only. */
  watch?: (url: string, allowed: (origin: string) => boolean) => RequestWatch | undefined;
  /** Private addresses known to be a proxy's, which say nothing about a page. */
  proxyIps?: ReadonlySet<string>;
}

/**
 * How long after the answer's headers the browser's report of its server may come. Chrome sends
 * it before the fetch resolves (measured: within a millisecond); the margin is for a busy machine.
 */
export const WHERE_MS = 3000;

/** Types the reader reads, best first; a site that serves several picks from these. */
const ACCEPT = 'text/html,application/xhtml+xml,application/pdf;q=0.9,text/plain;q=0.8,*/*;q=0.1';

export const FETCH_DEPS: FetchDeps = {
  fetch: (...args) => fetch(...args),
  hasAccess: async (url) => {
    const pattern = originPattern(url);
    return pattern !== null && (await browser.permissions.contains({ origins: [pattern] }));
  },
  watch: watchRead,
  proxyIps,
};

/** Whether `url` may be requested: http(s), and not private unless allowed. */
export function refusal(url: string, allowedPrivate?: (origin: string) => boolean): PageProblem | undefined {
  const origin = originOf(url);
  if (origin === null) return { problem: t('readNotWeb', url) };
  const host = privateAddress(url);
  if (host !== undefined && !allowedPrivate?.(origin)) return { problem: t('readPrivate', url), privateAddress: host };
  return undefined;
}

/** Fetches `url` (already checked with `refusal`) up to its headers, and judges the answer. */
export async function fetchPage(
  url: string,
  clock: ReadClock,
  allowedPrivate: ((origin: string) => boolean) | undefined,
  deps: FetchDeps,
): Promise<FetchedPage | PageProblem> {
  const allowed = allowedPrivate ?? (() => false);
  const watch = deps.watch?.(url, allowed);
  try {
    let response: Response;
    try {
      response = await deps.fetch(url, {
        credentials: 'omit',
        redirect: 'follow',
        referrerPolicy: 'no-referrer',
        cache: 'no-store',
        headers: { accept: ACCEPT },
        signal: clock.signal,
      });
    } catch (e) {
      if (clock.why) throw e; // stopped or timed out: the caller says which
      return await failed(url, watch, deps);
    }
    clock.tick();
    const judged = judge(url, response, allowedPrivate);
    const checked = 'problem' in judged || !watch ? judged : await checkWhere(url, judged, watch, allowed, clock, deps);
    if ('problem' in checked) void response.body?.cancel().catch(() => undefined);
    return checked;
  } finally {
    watch?.end();
  }
}

/** Why a fetch failed: Firefox cancelled a redirect to a private address, no access, or no answer. */
async function failed(url: string, watch: RequestWatch | undefined, deps: FetchDeps): Promise<PageProblem> {
  const cancelled = watch?.cancelled;
  if (cancelled !== undefined)
    return { problem: t('readRedirectedPrivate', url, originOf(cancelled) ?? cancelled), privateAddress: cancelled };
  // Chrome and Firefox fail a cross-origin fetch without host access as they fail an
  // unreachable server (a TypeError, as CORS does): the permission tells them apart.
  const origin = originOf(url) ?? url;
  if (!(await deps.hasAccess(url))) return { problem: t('readNoAccess', origin), needsAccess: origin };
  return { problem: t('readUnreachable', url) };
}

/** The page, unless one of its answers came from a private address the caller did not allow. */
async function checkWhere(
  url: string,
  page: FetchedPage,
  watch: RequestWatch,
  allowed: (origin: string) => boolean,
  clock: ReadClock,
  deps: FetchDeps,
): Promise<FetchedPage | PageProblem> {
  // The browser reports requests only to sites Gloss has access to: without it no report comes,
  // and only a page the caller allowed (the user's own address) is read unseen.
  if (!(await deps.hasAccess(page.finalUrl))) {
    const origin = originOf(page.finalUrl) ?? page.finalUrl;
    if (allowed(origin) && allowed(originOf(url) ?? url)) return page;
    return { problem: t('readNoAccess', origin), needsAccess: origin };
  }
  const hops: Hop[] | undefined = await abortable(watch.hops(WHERE_MS), clock.signal);
  if (!hops) return { problem: t('readUnchecked', url) };
  const found = privateHop(hops, allowed, deps.proxyIps ?? new Set());
  if (!found) return page;
  return { problem: t('readResolvedPrivate', url, found.host, found.ip), privateAddress: found.host };
}

/** The answer's verdict: where it came from, its status, its type and (for a PDF) its size. */
function judge(
  url: string,
  response: Response,
  allowedPrivate: ((origin: string) => boolean) | undefined,
): FetchedPage | PageProblem {
  const finalUrl = response.url || url;
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
