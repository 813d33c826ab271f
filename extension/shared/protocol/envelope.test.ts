import { describe, expect, test } from 'vitest';
import { parseRequest } from './envelope';

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
