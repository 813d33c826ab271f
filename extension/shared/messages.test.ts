import { describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { ChatCommandSchema, ChatEventSchema, parseRequest } from './messages';

describe('parseRequest', () => {
  test('ignores messages that are not ours', () => {
    expect(parseRequest('hello')).toBeNull();
    expect(parseRequest({ gloss: 1, name: 'nope', payload: {} })).toBeNull();
  });

  test('accepts a valid request', () => {
    const provider = { baseUrl: 'https://x/v1', model: 'm' };
    expect(parseRequest({ gloss: 1, name: 'settings.save', payload: { provider } })).toEqual({
      name: 'settings.save',
      payload: { provider },
    });
  });

  test('explains an invalid payload', () => {
    const result = parseRequest({ gloss: 1, name: 'settings.save', payload: { provider: { baseUrl: 1 } } });
    expect(result).toMatchObject({ error: expect.stringContaining('invalid settings.save request') });
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
