/**
 * Whether an address points at this computer or a private network, where a page read must not
 * go unless the user allowed that origin: a model asked to "read" `http://192.168.1.1/` would
 * otherwise reach the user's router, printer or a local server from inside the browser.
 *
 * The host is taken from the WHATWG URL parser, which is what the browser's own fetch uses, so
 * every spelling it accepts is judged as the browser will send it: `http://0x7f.1/`,
 * `http://2130706433/` and `http://0177.0.0.1/` all become `127.0.0.1`, and
 * `[::ffff:127.0.0.1]` becomes `[::ffff:7f00:1]`. Names are judged as names here; a public name
 * that resolves to a private address (DNS rebinding) is caught by the server address the browser
 * reports for the answer (`privateIp`, `background/web/address-watch.ts`).
 *
 * Wider on purpose than `key-transport.ts`'s `isPrivateHost`, which answers another question
 * (may a key go over plain http to this host?): here anything that is not the public internet
 * counts (carrier-grade NAT, multicast, dotless intranet names, IPv4 inside IPv6), since a page
 * read must not reach it; a key sent in the clear to a carrier's shared network must not follow.
 */

/** IPv4 ranges that are not the public internet: [first octets as a 32-bit prefix, prefix length]. */
const PRIVATE_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches this computer on Linux and macOS
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT, RFC 6598
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, and cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments, RFC 6890
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking, RFC 2544
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/** Names that only mean something inside this computer or network. */
const PRIVATE_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa'];

/**
 * The host (as the URL parser spells it: `127.0.0.1`, `[::1]`, `printer.local`) when `url` points
 * at this computer or a private network; undefined for a public address, or for a string that
 * is not a URL (which nothing can fetch).
 */
export function privateAddress(url: string): string | undefined {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return undefined;
  }
  return isPrivateHost(host) ? host : undefined;
}

/**
 * Whether a server's IP address, as the browser reports where a request went (`::1`,
 * `127.0.0.1`, `::ffff:7f00:1`), is on this computer or a private network. What does not parse
 * as an address counts as private: the caller refuses rather than guesses.
 */
export function privateIp(ip: string): boolean {
  const literal = ip.includes(':') ? `[${ip.replace(/^\[|\]$/g, '')}]` : ip;
  let host: string;
  try {
    host = new URL(`http://${literal}/`).hostname;
  } catch {
    return true;
  }
  if (!host.startsWith('[') && ipv4(host) === undefined) return true;
  return isPrivateHost(host);
}

function isPrivateHost(host: string): boolean {
  if (host.startsWith('[')) return isPrivateV6(host.slice(1, -1));
  const v4 = ipv4(host);
  if (v4 !== undefined) return isPrivateV4(v4);
  const name = host.replace(/\.$/, '');
  // A name without a dot ("router", "intranet") is completed by the network's search domains.
  if (name !== '' && !name.includes('.')) return true;
  return PRIVATE_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/** A dotted-quad IPv4 address (the parser's normal form) as a 32-bit number. */
function ipv4(host: string): number | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function isPrivateV4(address: number): boolean {
  return PRIVATE_V4.some(([first, bits]) => {
    const base = ipv4(first) ?? 0;
    const size = 2 ** (32 - bits);
    return Math.floor(address / size) === Math.floor(base / size);
  });
}

/** The eight 16-bit groups of an IPv6 address in the parser's form (hex groups, `::` once). */
function ipv6Groups(address: string): number[] | undefined {
  const [head = '', tail, extra] = address.split('::');
  if (extra !== undefined) return undefined;
  const read = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const front = read(head);
  const back = tail === undefined ? [] : read(tail);
  const fill = tail === undefined ? 0 : 8 - front.length - back.length;
  const groups = [...front, ...Array<number>(fill).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

function isPrivateV6(address: string): boolean {
  const g = ipv6Groups(address);
  // Not an address the parser would give: refuse rather than guess.
  if (!g) return true;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, lo1 = 0, lo2 = 0] = g;
  const embedded = lo1 * 65536 + lo2;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0) {
    // :: and ::1; IPv4-mapped (::ffff:a.b.c.d) and the old IPv4-compatible form (::a.b.c.d).
    if (f === 0xffff || f === 0) return embedded <= 1 || isPrivateV4(embedded);
  }
  // NAT64 (64:ff9b::a.b.c.d) reaches the IPv4 address it embeds.
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return isPrivateV4(embedded);
  // 6to4 (2002:aabb:ccdd::) embeds an IPv4 address in its second and third groups.
  if (a === 0x2002) return isPrivateV4(b * 65536 + c);
  return (
    (a & 0xfe00) === 0xfc00 || // unique local, fc00::/7
    (a & 0xffc0) === 0xfe80 || // link-local, fe80::/10
    (a & 0xffc0) === 0xfec0 || // site-local (deprecated), fec0::/10
    (a & 0xff00) === 0xff00 // multicast, ff00::/8
  );
}
