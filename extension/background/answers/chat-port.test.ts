/** A chat port's commands reach the registry, and every failure reaches the panel. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ChatCommand, ChatEvent, TypedPort } from '../../shared/protocol';
import type { Answer } from './answer';
import { serveChat } from './chat-port';
import { eventually, freshStore, loadCore, scripted } from '../test-support';

/** The worker's side of a port, driven by the test as the panel. */
function fakePort() {
  const posted: ChatEvent[] = [];
  let onCommand: (command: ChatCommand) => void = () => undefined;
  const port: TypedPort<ChatCommand, ChatEvent> = {
    post: (event) => posted.push(event),
    listen: (callback) => (onCommand = callback),
    onClose: () => undefined,
    close: () => undefined,
  };
  return { port, posted, send: (command: ChatCommand) => onCommand(command) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.restoreAllMocks());

describe('a chat port', () => {
  test('an answer that cannot be followed is reported to the panel and logged, not left unhandled', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = {
      follow: () => {
        throw new Error('null pointer passed to rust');
      },
    } as unknown as Answer;
    const { port, posted, send } = fakePort();
    serveChat(port, { stop: () => undefined, approve: () => undefined, open: async () => broken });
    send({ type: 'attach', turnId: 't' });
    await settle();
    expect(posted).toEqual([{ type: 'error', code: 'bad_request', message: expect.stringContaining('null pointer') }]);
    expect(logged).toHaveBeenCalled();
  });

  test('a refused command says why', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { port, posted, send } = fakePort();
    serveChat(port, {
      stop: () => undefined,
      approve: () => undefined,
      open: () => Promise.reject(new Error('no longer exists')),
    });
    send({ type: 'continue', turnId: 't' });
    await settle();
    expect(posted).toEqual([
      { type: 'error', code: 'bad_request', message: expect.stringContaining('no longer exists') },
    ]);
  });

  test('attach with nothing running says gone', async () => {
    const { port, posted, send } = fakePort();
    serveChat(port, { stop: () => undefined, approve: () => undefined, open: async () => undefined });
    send({ type: 'attach', turnId: 't' });
    await settle();
    expect(posted).toEqual([{ type: 'gone' }]);
  });
});

test('a Stop right after the question, before the worker registered it, ends it as stopped with no request', async () => {
  loadCore();
  const { answers, calls } = scripted(await freshStore());
  const { port, posted, send } = fakePort();
  serveChat(port, answers);
  const turnId = crypto.randomUUID();
  send({ type: 'ask', conversationId: crypto.randomUUID(), turnId, parentId: null, question: 'q' });
  send({ type: 'stop' });
  await eventually(() => posted.some((e) => e.type === 'stopped'), 'the answer to stop');
  expect(posted.map((e) => e.type)).toEqual(['turn', 'stopped']);
  expect(calls).toHaveLength(0);
});
