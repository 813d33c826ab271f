/**
 * The browser's own check of where a request connects (Local Network Access: Chrome's
 * `targetAddressSpace` request option). A request made with `targetAddressSpace: 'public'` is
 * failed by the browser once it has connected, before a byte of the request is sent, when the
 * server's address turns out to be on this computer or a private network, so a public-looking
 * name that resolves there (DNS rebinding, an intranet name) is never asked anything. Checked in
 * Chromium 156: a name mapped to 127.0.0.2 fails with the server recording no request; the same
 * address declared public (`--ip-address-space-overrides`) is read.
 *
 * Behind a proxy on the user's network every request connects to the proxy, a private address,
 * so the check would refuse every page: the search engine's request finds that out (a public
 * name reached through a private address, `web-search.ts`), and pages are then judged by the
 * address the browser reports instead (`address-verdict.ts`).
 *
 * Firefox has no such option; there the reported address is what is judged.
 */

/** Whether this browser checks a request's server address against `targetAddressSpace`. */
export const CHECKS_ADDRESS_SPACE = typeof Request === 'function' && 'targetAddressSpace' in Request.prototype;

/** `init`, for a request that may only go to a server on the public internet. */
export function publicOnly(init: RequestInit): RequestInit {
  // TypeScript's DOM types do not have the option yet.
  return { ...init, targetAddressSpace: 'public' } as RequestInit;
}

/**
 * What Chrome's `webRequest` reports of a request its address check failed: the generic error,
 * where a server that could not be reached gives its own (`net::ERR_CONNECTION_REFUSED`,
 * `net::ERR_NAME_NOT_RESOLVED`, …), and where the request was never made.
 */
export const REFUSED_BY_ADDRESS_CHECK = 'net::ERR_FAILED';
