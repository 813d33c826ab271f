/**
 * A server on another origin that records every request it receives, with its headers: the
 * place a key must never reach. `redirectTo` makes it a provider that answers everything with a
 * 307 to that address instead.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export async function startRecorder(options: { redirectTo?: string } = {}) {
  const seen: Recorded[] = [];
  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type');
    res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const path = req.url ?? '';
    seen.push({ method: req.method ?? '', path, headers: req.headers });
    req.resume();
    if (options.redirectTo) return void res.writeHead(307, { location: `${options.redirectTo}${path}` }).end();
    if (path.endsWith('/models')) {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[]}');
    }
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"no key here"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    /** Every header value received, joined: a key anywhere in it shows. */
    headerText: () => JSON.stringify(seen.map((r) => r.headers)),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
