/** The MCP transports' fetch: the server's origin only, no redirects, and refusals noted. */
import { describe, expect, test, vi } from 'vitest';
import { guardedFetch, RefusedRequest, type FetchLog } from './guarded-fetch';

const SERVER = new URL('https://mcp.example.com/mcp');

function setUp(answer: () => Response) {
  const log: FetchLog = {};
  const base = vi.fn<(url: string | URL, init?: RequestInit) => Promise<Response>>(async () => answer());
  return { log, base, fetch: guardedFetch(SERVER, log, base) };
}

describe('the guarded fetch', () => {
  test('never sends to another origin (an SSE endpoint elsewhere, say)', async () => {
    const { log, base, fetch } = setUp(() => new Response('{}'));
    const init = { method: 'POST', headers: { Authorization: 'Bearer test-key-1' } };
    await expect(fetch('https://evil.example/message', init)).rejects.toThrow(RefusedRequest);
    await expect(fetch('http://mcp.example.com/mcp', init)).rejects.toThrow(
      /only ever contacted at .*https:\/\/mcp\.example\.com/,
    );
    expect(base).not.toHaveBeenCalled();
    expect(log.refused).toMatch(/did not send a request to http:\/\/mcp\.example\.com/);
  });

  test('sends to the server with redirects left unfollowed', async () => {
    const { base, fetch } = setUp(() => new Response('{}'));
    await fetch('/messages?session=1', { method: 'POST' });
    expect(String(base.mock.calls[0]?.[0])).toBe('https://mcp.example.com/messages?session=1');
    expect(base.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', redirect: 'manual' });
  });

  test('a redirect is an error naming where it led, without its query', async () => {
    const { fetch } = setUp(
      () => new Response(null, { status: 302, headers: { location: 'https://other.example/mcp?token=secret' } }),
    );
    const said = await fetch(SERVER).catch((e: unknown) => (e as Error).message);
    expect(said).toMatch(/sent Gloss on to https:\/\/other\.example\/mcp\. Gloss does not follow redirects/);
    expect(said).not.toContain('secret');
  });

  test("a browser's opaque redirect is an error too", async () => {
    const opaque = { type: 'opaqueredirect', status: 0, headers: new Headers(), body: null } as Response;
    const { fetch } = setUp(() => opaque);
    await expect(fetch(SERVER)).rejects.toThrow(/sent Gloss on to another address/);
  });

  test.each([
    ['Bearer realm="mcp"', false],
    ['Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource"', true],
  ])('a 401 with WWW-Authenticate %s is noted (OAuth: %s)', async (challenge, oauth) => {
    const { log, fetch } = setUp(() => new Response(null, { status: 401, headers: { 'www-authenticate': challenge } }));
    expect((await fetch(SERVER)).status).toBe(401);
    expect(log.denied).toEqual({ status: 401, oauth });
  });
});
