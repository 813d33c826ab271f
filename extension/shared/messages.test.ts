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
  test.each([
    [{ type: 'ask', messages: [] }, false],
    [{ type: 'ask', messages: [{ role: 'user', content: 'q' }] }, true],
    [{ type: 'ask', messages: [{ role: 'tool', content: 'q' }] }, false],
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
