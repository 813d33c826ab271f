import { describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { ChatCommandSchema, ChatEventSchema } from './chat';

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
