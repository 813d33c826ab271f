/**
 * A minimal WebDriver BiDi client for Firefox's built-in Remote Agent (`--remote-debugging-port`):
 * enough to find tabs and run a script in a web page. Firefox keeps extension pages out of
 * BiDi's reach, so Gloss's own sidebar is driven with real input (xdotool) and watched through
 * what reaches the provider, as a user would see it answer.
 */
import WebSocket from 'ws';

export interface Bidi {
  send<T = unknown>(method: string, params: Record<string, unknown>): Promise<T>;
  /** Runs `expression` in the top-level browsing context showing `url` (a prefix); its JSON value. */
  evaluate<T = unknown>(url: string, expression: string): Promise<T>;
  close(): void;
}

/**
 * Connects to Firefox on `port`. `acceptInsecureCerts` makes the whole browser accept any
 * certificate (for a real site's address served from this machine, e2e/https-server.ts).
 */
export async function connectBidi(port: number, timeoutMs = 60_000, acceptInsecureCerts = false): Promise<Bidi> {
  const started = Date.now();
  let socket: WebSocket | undefined;
  while (!socket) {
    try {
      socket = await new Promise<WebSocket>((resolve, reject) => {
        const s = new WebSocket(`ws://127.0.0.1:${port}/session`);
        s.once('open', () => resolve(s));
        s.once('error', reject);
      });
    } catch (e) {
      if (Date.now() - started > timeoutMs)
        throw new Error(`Firefox's Remote Agent never answered on ${port}`, { cause: e });
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const ws = socket;
  let next = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  ws.on('message', (data: Buffer) => {
    const reply = JSON.parse(data.toString()) as { id?: number; type: string; result?: unknown; message?: string };
    const w = reply.id === undefined ? undefined : waiting.get(reply.id);
    if (!w || reply.id === undefined) return;
    waiting.delete(reply.id);
    if (reply.type === 'success') w.resolve(reply.result);
    else w.reject(new Error(`BiDi: ${reply.message ?? 'error'}`));
  });
  const send = <T>(method: string, params: Record<string, unknown>) =>
    new Promise<T>((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send('session.new', { capabilities: { alwaysMatch: { acceptInsecureCerts } } });
  return {
    send,
    evaluate: async <T>(url: string, expression: string) => {
      const tree = await send<{ contexts: { context: string; url: string }[] }>('browsingContext.getTree', {});
      const tab = tree.contexts.find((c) => c.url.startsWith(url));
      if (!tab) throw new Error(`no tab shows ${url}`);
      // BiDi returns its own serialization of values; JSON keeps the result plain.
      const out = await send<{ type: string; result?: { value?: string }; exceptionDetails?: { text: string } }>(
        'script.evaluate',
        { expression: `JSON.stringify(${expression})`, target: { context: tab.context }, awaitPromise: false },
      );
      if (out.type === 'exception') throw new Error(out.exceptionDetails?.text ?? 'script failed');
      return JSON.parse(out.result?.value ?? 'null') as T;
    },
    close: () => ws.close(),
  };
}

/**
 * Runs `body` (an async function's body, source text) in the browser's chrome, the privileged
 * side that `--remote-allow-system-access` opens to BiDi (where Gloss's own storage can be read);
 * its JSON result.
 */
export async function inChrome<T>(bidi: Bidi, body: string): Promise<T> {
  const tree = await bidi.send<{ contexts: { context: string }[] }>('browsingContext.getTree', {
    'moz:scope': 'chrome',
  });
  const out = await bidi.send<{ type: string; result?: { value?: string }; exceptionDetails?: { text: string } }>(
    'script.evaluate',
    {
      expression: `(async () => JSON.stringify(await (async () => { ${body} })()))()`,
      target: { context: tree.contexts[0]!.context },
      awaitPromise: true,
    },
  );
  if (out.type === 'exception') throw new Error(out.exceptionDetails?.text ?? 'script failed');
  return JSON.parse(out.result?.value ?? 'null') as T;
}
