/**
 * Where a page read actually went, judged (issue 29): a public-looking name can resolve to this
 * computer or a private network (DNS rebinding: `https://rebind.example/` answering from
 * 127.0.0.1), which the name's spelling (`private-address.ts`) cannot show. The browser reports
 * the server address each answer came from (`webRequest`'s `ip`, `address-watch.ts`); an answer
 * from a private address is refused unless the user allowed that origin.
 *
 * Through a proxy, the address is the proxy's, not the site's, and tells nothing about the
 * site: Firefox says when a request went through one (`proxyInfo`); Chrome does not, so an
 * address that also answered for the user's search engine (a public name the user chose, which
 * no page can steer) is taken as the proxy's, or the network's own answer for public names.
 */
import { originOf } from '../../shared/key-origin';
import { privateAddress, privateIp } from '../../shared/web/private-address';

/** One answer of a request (a redirect, or the final answer): where from, and the server's address. */
export interface Hop {
  url: string;
  /** The server address the browser connected to; absent when it reported none. */
  ip?: string;
  /** The request went through a proxy (Firefox): `ip` is the proxy's. */
  proxied?: boolean;
  /** A redirect: where it leads, as the browser resolved its `Location`. */
  to?: string;
}

/** An answer from a private address: the address asked for there, its host and the server's address. */
export interface PrivateHop {
  url: string;
  host: string;
  ip: string;
}

/**
 * The first answer that came from a private address whose origin `allowed` does not let through,
 * skipping proxied answers and addresses in `proxyIps`; undefined when none did.
 */
export function privateHop(
  hops: readonly Hop[],
  allowed: (origin: string) => boolean,
  proxyIps: ReadonlySet<string>,
): PrivateHop | undefined {
  for (const hop of hops) {
    if (hop.ip === undefined || hop.proxied || proxyIps.has(hop.ip) || !privateIp(hop.ip)) continue;
    const origin = originOf(hop.url);
    if (origin !== null && allowed(origin)) continue;
    return { url: hop.url, host: hostOf(hop.url), ip: hop.ip };
  }
  return undefined;
}

/**
 * Whether an answer for `url` from `ip` shows a proxy (or a network that answers for public names
 * itself): a public name, answered from a private address, not through a proxy Firefox named.
 */
export function answeredByProxy(hop: Hop): boolean {
  return hop.ip !== undefined && !hop.proxied && privateAddress(hop.url) === undefined && privateIp(hop.ip);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
