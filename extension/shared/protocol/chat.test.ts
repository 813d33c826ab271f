import { describe, expect, test, vi } from 'vitest';
import type { Runtime } from 'webextension-polyfill';
import * as v from 'valibot';
import { ChatCommandSchema, ChatEventSchema, typed, type ChatEvent } from './chat';

describe('chat schemas', () => {
  const ID = '0b5c8a4e-3f1d-4c2a-9e7b-6d8f1a2b3c4d';
  test.each([
    [{ type: 'ask', parentId: null, question: 'q' }, false],
    [{ type: 'ask', conversationId: ID, turnId: ID, parentId: null, question: 'q' }, true],
    [{ type: 'ask', conversationId: 'c', turnId: ID, parentId: null, question: 'q' }, false],
    [{ type: 'ask', conversationId: ID, turnId: ID, parentId: 'p', question: 'q', providerId: 'x' }, true],
    [{ type: 'ask', conversationId: ID, turnId: ID, parentId: null, question: 'q', attachments: [{}] }, false],
    [{ type: 'regenerate', of: 't', turnId: ID }, true],
    [{ type: 'regenerate', of: 't', turnId: ID, windowId: 3 }, true],
    [{ type: 'regenerate', of: 't', turnId: ID, windowId: 'w' }, false],
    [{ type: 'continue', turnId: 't', windowId: 1.5 }, false],
    [{ type: 'continue' }, false],
    [{ type: 'attach', turnId: 't' }, true],
    [{ type: 'stop' }, true],
  ])('command %j valid: %s', (command, valid) => {
    expect(v.safeParse(ChatCommandSchema, command).success).toBe(valid);
  });

  test.each([
    [{ type: 'error', code: 'rate_limit', message: 'm' }, true],
    [{ type: 'error', code: 'made_up', message: 'm' }, false],
    [{ type: 'done', reason: 'stop' }, true],
    [{ type: 'render' }, false],
    [{ type: 'modelLoading', loading: true }, true],
    [{ type: 'modelLoading' }, false],
  ])('event %j valid: %s', (event, valid) => {
    expect(v.safeParse(ChatEventSchema, event).success).toBe(valid);
  });
});

describe('a typed port', () => {
  /** A browser port whose messages the test delivers and whose posts it reads. */
  function fakePort() {
    const listeners: ((raw: unknown) => void)[] = [];
    const posted: unknown[] = [];
    const port = {
      postMessage: (m: unknown) => posted.push(m),
      onMessage: { addListener: (l: (raw: unknown) => void) => listeners.push(l) },
      onDisconnect: { addListener: () => undefined },
      disconnect: () => undefined,
    } as unknown as Runtime.Port;
    return { port, posted, deliver: (raw: unknown) => listeners.forEach((l) => l(raw)) };
  }

  test('several events posted together are one message, heard one by one in order, each checked', () => {
    const { port, posted } = fakePort();
    const worker = typed<never, ChatEvent>(port, v.never());
    const events: ChatEvent[] = [
      { type: 'model', name: 'm' },
      { type: 'usage', inputTokens: 1, outputTokens: 2 },
    ];
    worker.postAll?.(events);
    expect(posted).toEqual([events]);
    const heard: ChatEvent[] = [];
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const panel = fakePort();
    typed<ChatEvent, never>(panel.port, ChatEventSchema).listen((e) => heard.push(e));
    panel.deliver([events[0], { type: 'render' }, events[1]]);
    panel.deliver({ type: 'done', reason: 'stop' });
    expect(heard).toEqual([...events, { type: 'done', reason: 'stop' }]);
    expect(warned).toHaveBeenCalledTimes(1);
  });
});
