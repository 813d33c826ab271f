/**
 * A real site's address served from this machine, for tests where Gloss's host matching is the
 * point (e.g. www.youtube.com): HTTPS with a self-signed certificate for that name, and the
 * Chromium switches that send the name to the local port and accept the certificate.
 * Tests never reach the live site.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

export interface HttpsSite {
  /** Chromium switches mapping `host`:443 to the local server and trusting its certificate. */
  args: string[];
  /**
   * Firefox preferences (`name=value`, for `web-ext run --pref`) that send HTTPS through a local
   * CONNECT proxy, which tunnels `host`:443 to the local server and refuses every other address:
   * Firefox has no switch like Chromium's host-resolver rules. Its certificate is accepted by the
   * WebDriver BiDi session (`acceptInsecureCerts`, e2e/bidi.ts).
   */
  firefoxPrefs: string[];
  /** Every path asked for, in order. */
  requests: string[];
  close: () => void;
}

function selfSigned(hosts: readonly string[]): { key: Buffer; cert: Buffer } {
  const [host = 'localhost'] = hosts;
  const dir = mkdtempSync(join(tmpdir(), 'gloss-cert-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${host}`,
      '-addext', `subjectAltName=${hosts.map((h) => `DNS:${h}`).join(',')}`,
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' }); // prettier-ignore
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What a site answers one request with (200 unless `status` says otherwise). */
export interface SiteAnswer {
  status?: number;
  type: string;
  /** A stream is piped as it is read (a page too large to hold, sent as the reader takes it). */
  body: string | Uint8Array | Readable;
  /** More headers (a redirect's `location`, CORS). */
  headers?: Record<string, string>;
}

/** A request as the site received it. */
export interface SiteRequest {
  method: string;
  body: string;
  headers: IncomingHttpHeaders;
}

/**
 * Serves `host` (or several hosts: one certificate names them all) over HTTPS from `address`
 * (127.0.0.1 unless another of this computer's loopback addresses is asked for): what `answer`
 * gives for each request (its path, and its method, body and headers), 404 where it gives null.
 */
export async function serveHttps(
  host: string | readonly string[],
  answer: (path: string, request: SiteRequest) => SiteAnswer | null,
  address = '127.0.0.1',
): Promise<HttpsSite> {
  const requests: string[] = [];
  const hosts = typeof host === 'string' ? [host] : host;
  const server = createServer(selfSigned(hosts), (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push(req.url ?? '/');
      const request = { method: req.method ?? 'GET', body: Buffer.concat(chunks).toString(), headers: req.headers };
      const found = answer(req.url ?? '/', request);
      if (!found) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(found.status ?? 200, { 'content-type': found.type, ...found.headers });
      const body = found.body;
      if (!(body instanceof Readable)) return void res.end(body);
      // A reader that closes the connection ends the stream: it is made no further.
      res.on('close', () => body.destroy());
      body.pipe(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const port = (server.address() as AddressInfo).port;
  const proxy = await tunnelTo(hosts, address, port);
  return {
    firefoxPrefs: ['network.proxy.type=1', 'network.proxy.ssl=127.0.0.1', `network.proxy.ssl_port=${proxy.port}`],
    args: [
      `--host-resolver-rules=${hosts.map((h) => `MAP ${h}:443 ${address}:${port}`).join(', ')}`,
      '--ignore-certificate-errors',
    ],
    requests,
    close: () => {
      server.close();
      proxy.close();
    },
  };
}

/** An HTTP CONNECT proxy on 127.0.0.1 that tunnels `hosts`:443 to `address`:`port`, and nothing else. */
async function tunnelTo(
  hosts: readonly string[],
  address: string,
  port: number,
): Promise<{ port: number; close: () => void }> {
  const proxy = createHttpServer();
  proxy.on('connect', (req: { url?: string }, client: Socket) => {
    if (!hosts.some((h) => req.url === `${h}:443`)) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(port, address, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client).pipe(upstream);
    });
    const drop = () => (upstream.destroy(), client.destroy());
    upstream.on('error', drop);
    client.on('error', drop);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return { port: (proxy.address() as AddressInfo).port, close: () => proxy.close() };
}
