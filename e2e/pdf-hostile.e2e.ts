/**
 * A PDF tab whose server turns on Gloss's download (issue 33), in the real PDF viewer with the
 * real shortcut: the viewer gets a real PDF, while the request Gloss makes for the same address
 * (a `cors`-mode fetch, where the viewer navigates) is redirected to another origin Gloss can reach (the test
 * provider's), or answered with a body that never ends. Neither is read: the panel says why.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { textPdf } from './fixtures/pdf';
import { startHeaded, type Headed } from './headed';

const PDF = textPdf([['Tides rise and fall twice a day.']]);
/** What another origin serves, readable by any page's script (CORS open), as an origin Gloss can reach. */
const PRIVATE = textPdf([['Notes that only this computer should read.']]);
/** What the endless body may send at most before the test's server stops by itself. */
const MAX_SENT = 200 * 1024 * 1024;

let h: Headed;
let server: Server;
let other: Server;
let filesUrl: string;
let otherUrl: string;
let endlessSent = 0;

beforeAll(async () => {
  h = await startHeaded();
  await h.ensureProvider();
  // Open to credentialed reads from any origin (after a redirect from another site, the request's
  // Origin is `null`), as a local development server often is.
  other = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-credentials': 'true',
    };
    res.writeHead(200, { 'content-type': 'application/pdf', ...cors }).end(PRIVATE);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  server = createServer((req, res) => {
    // The viewer navigates; Gloss fetches (cors mode, and with host access Chromium sends no Origin).
    const fromGloss = req.headers['sec-fetch-mode'] === 'cors';
    if (!fromGloss) return void res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
    if (req.url === '/moved.pdf') return void res.writeHead(302, { location: `${otherUrl}/notes.pdf` }).end();
    // No content-length, and bytes for as long as Gloss reads (bounded here all the same).
    res.writeHead(200, { 'content-type': 'application/pdf', 'access-control-allow-origin': '*' });
    const chunk = Buffer.alloc(1024 * 1024, 0x25);
    const more = () => {
      while (!res.destroyed && endlessSent < MAX_SENT) {
        endlessSent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end();
    };
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  other.close();
  await h.close();
});

async function askInViewer(path: string): Promise<string> {
  const page = await h.page();
  await page.goto(filesUrl + path);
  await new Promise((r) => setTimeout(r, 1500)); // the viewer loads after the page
  await h.shortcut('alt+shift+q');
  const alert = () => h.inPanel((doc) => doc?.querySelector('[role=alert]')?.textContent ?? '');
  await expect.poll(alert, { timeout: 20_000 }).not.toBe('');
  return alert();
}

test('a PDF address that redirects Gloss to another origin is not read; the panel says where it went', async () => {
  const said = await askInViewer('/moved.pdf');
  expect(said).toContain(`The PDF’s address on ${filesUrl} sent Gloss on to ${otherUrl}.`);
  // Nothing of what the other origin answered became material.
  expect(await h.inPanel((doc) => doc?.querySelector('.chip') === null)).toBe(true);
});

test('a PDF whose body never ends stops at 50 MB and says so', async () => {
  const said = await askInViewer('/endless.pdf');
  expect(said).toContain('This PDF is larger than 50 MB, the most Gloss reads.');
  expect(endlessSent).toBeLessThan(MAX_SENT);
});
