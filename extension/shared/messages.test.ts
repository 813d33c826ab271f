import { describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { ChatCommandSchema, ChatEventSchema, parseRequest } from './messages';

describe('parseRequest', () => {
  test('ignores messages that are not ours', () => {
    expect(parseRequest('hello')).toBeNull();
    expect(parseRequest({ gloss: 1, name: 'nope', payload: {} })).toBeNull();
  });

  test('accepts a valid request', () => {
    const provider = { preset: 'custom', kind: 'openai', name: 'x', baseUrl: 'https://x/v1', model: 'm' };
    expect(parseRequest({ gloss: 1, name: 'provider.save', payload: { provider } })).toEqual({
      name: 'provider.save',
      payload: { provider },
    });
  });

  test('explains an invalid payload', () => {
    const result = parseRequest({ gloss: 1, name: 'provider.save', payload: { provider: { baseUrl: 1 } } });
    expect(result).toMatchObject({ error: expect.stringContaining('invalid provider.save request') });
  });

  test('refuses an unknown provider kind', () => {
    const draft = { kind: 'cohere', baseUrl: 'https://x' };
    expect(parseRequest({ gloss: 1, name: 'provider.models', payload: { draft } })).toMatchObject({
      error: expect.any(String),
    });
  });
});

describe('chat schemas', () => {
  const ID = '0b5c8a4e-3f1d-4c2a-9e7b-6d8f1a2b3c4d';
  test.each([
    [{ type: 'ask', parentId: null, question: 'q' }, false],
    [{ type: 'ask', conversationId: ID, turnId: ID, parentId: null, question: 'q' }, true],
    [{ type: 'ask', conversationId: 'c', turnId: ID, parentId: null, question: 'q' }, false],
    [{ type: 'ask', conversationId: ID, turnId: ID, parentId: 'p', question: 'q', providerId: 'x' }, true],
    [{ type: 'ask', conversationId: ID, turnId: ID, parentId: null, question: 'q', attachments: [{}] }, false],
    [{ type: 'regenerate', of: 't', turnId: ID }, true],
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
  ])('event %j valid: %s', (event, valid) => {
    expect(v.safeParse(ChatEventSchema, event).success).toBe(valid);
  });
});
