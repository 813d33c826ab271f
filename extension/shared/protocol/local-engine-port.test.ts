/**
 * An answer's port between the worker and the engine host, both ends real (`engineByMessage` and
 * `serveEngine`), joined by a fake runtime whose ports pass messages as Chrome's do: later, in
 * order, and only while both ends are open.
 */
import { describe, expect, test, vi } from 'vitest';
import * as v from 'valibot';
import { AnswerEventSchema, engineByMessage, serveEngine, type EngineHost } from './local-engine';

type Listener = (message: unknown) => void;

interface FakePort {
  name: string;
  sender?: { id: string; url: string };
  postMessage: (message: unknown) => void;
  disconnect: () => void;
  onMessage: { addListener: (l: Listener) => void };
  onDisconnect: { addListener: (l: () => void) => void };
}

interface End {
  port: FakePort;
  heard: Listener[];
  closed: (() => void)[];
  join: (end: End) => void;
}

function endOf(name: string, sender?: FakePort['sender']): End {
  const heard: Listener[] = [];
  const closed: (() => void)[] = [];
  let other: End | undefined;
  const port: FakePort = {
    name,
    sender,
    postMessage: (m) => setTimeout(() => other?.heard.forEach((l) => l(structuredClone(m)))),
    disconnect: () => setTimeout(() => other?.closed.forEach((l) => l())),
    onMessage: { addListener: (l) => heard.push(l) },
    onDisconnect: { addListener: (l) => closed.push(l) },
  };
  return {
    port,
    heard,
    closed,
    join: (end) => {
      other = end;
    },
  };
}

const hosts: ((port: FakePort) => void)[] = [];
vi.mock('webextension-polyfill', () => ({
  default: {
    runtime: {
      id: 'gloss',
      getURL: (path: string) => `chrome-extension://gloss/${path}`,
      onMessage: { addListener: () => undefined },
      onConnect: { addListener: (l: (port: FakePort) => void) => hosts.push(l) },
      connect: ({ name }: { name: string }) => {
        const worker = endOf(name);
        const host = endOf(name, { id: 'gloss', url: 'chrome-extension://gloss/service-worker.js' });
        worker.join(host);
        host.join(worker);
        hosts.forEach((l) => l(host.port));
        return worker.port;
      },
    },
  },
}));

const ASK = { id: 'tiny', messages: [{ role: 'user' as const, content: 'Hi' }], maxTokens: 8 };

function serving(generate: EngineHost['generate']) {
  hosts.length = 0;
  serveEngine({ generate } as EngineHost);
}

describe('an answer over the engine host’s port', () => {
  test('carries the model’s loading, then its text and its end, in order', async () => {
    serving(async (_ask, onText, _signal, onLoading) => {
      onLoading?.(true);
      await new Promise((resolve) => setTimeout(resolve, 5));
      onLoading?.(false);
      onText('Hello');
      return { inputTokens: 3, outputTokens: 1, finish: 'stop' };
    });
    const heard: string[] = [];
    const done = await engineByMessage.generate(
      ASK,
      (d) => heard.push(`text ${d}`),
      new AbortController().signal,
      (loading) => heard.push(loading ? 'loading' : 'loaded'),
    );
    expect(heard).toEqual(['loading', 'loaded', 'text Hello']);
    expect(done).toEqual({ inputTokens: 3, outputTokens: 1, finish: 'stop' });
  });

  test('a warm model’s answer carries no loading', async () => {
    serving(async (_ask, onText) => {
      onText('Hi');
      return { inputTokens: 3, outputTokens: 1, finish: 'stop' };
    });
    const loading = vi.fn();
    await engineByMessage.generate(ASK, () => undefined, new AbortController().signal, loading);
    expect(loading).not.toHaveBeenCalled();
  });
});

describe('the host’s answer events are checked', () => {
  test.each([
    [{ kind: 'loading', loading: true }, true],
    [{ kind: 'loading', loading: false }, true],
    [{ kind: 'loading' }, false],
    [{ kind: 'loading', loading: 'yes' }, false],
    [{ kind: 'text', delta: 'a' }, true],
  ])('%o → %s', (event, valid) => {
    expect(v.safeParse(AnswerEventSchema, event).success).toBe(valid);
  });
});
