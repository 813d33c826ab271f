/** Pages and files for e2e tests, served from 127.0.0.1 (tests never depend on a live site). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startHeaded, type Headed } from './headed';

export interface FileServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  close: () => void;
}

/** Serves what `answer` gives for each path (with its content type); 404 where it gives null. */
export async function serveFiles(
  answer: (path: string) => { type: string; body: string | Uint8Array } | null,
): Promise<FileServer> {
  const server = createServer((req, res) => {
    const found = answer(req.url ?? '/');
    if (found) res.writeHead(200, { 'content-type': found.type }).end(found.body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** Headed Chromium with the test provider saved (e2e/headed), and `answer`'s files served. */
export async function headedWithFiles(
  answer: Parameters<typeof serveFiles>[0],
): Promise<{ h: Headed; filesUrl: string; close: () => Promise<void> }> {
  const h = await startHeaded();
  await h.ensureProvider();
  const files = await serveFiles(answer);
  const close = async () => {
    files.close();
    await h.close();
  };
  return { h, filesUrl: files.url, close };
}
