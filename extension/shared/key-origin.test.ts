import { describe, expect, test } from 'vitest';
import { keyMove, originOf, sameOrigin, savedKeyAt } from './key-origin';

describe('a stored key stays with its origin', () => {
  test.each([
    ['https://api.openai.com/v1', 'https://api.openai.com/v2/', true],
    ['https://api.openai.com/v1', 'https://api.openai.com:443/v1', true],
    [' http://127.0.0.1:8080/v1 ', 'http://127.0.0.1:8080', true],
    ['https://api.openai.com/v1', 'http://api.openai.com/v1', false],
    ['https://api.openai.com/v1', 'https://api.openai.com:8443/v1', false],
    ['https://api.openai.com/v1', 'https://evil.example/v1', false],
    ['https://api.openai.com/v1', 'https://api.openai.com.evil.example/v1', false],
    ['http://127.0.0.1:8080/v1', 'http://127.0.0.2:8080/v1', false],
    ['not a url', 'not a url', false],
    ['ftp://h/x', 'ftp://h/x', false],
  ])('%s and %s: same origin %s', (a, b, same) => {
    expect(sameOrigin(a, b)).toBe(same);
  });

  test('origins are http(s) only', () => {
    expect(originOf('https://API.example.com/v1?x=1')).toBe('https://api.example.com');
    expect(originOf('javascript:alert(1)')).toBeNull();
  });

  test('the key moves only when one is stored, none is typed, and the origin changed', () => {
    const saved = { baseUrl: 'https://api.anthropic.com/v1', hasApiKey: true };
    expect(keyMove(saved, 'https://other.example/v1', undefined)).toEqual({
      from: 'https://api.anthropic.com',
      to: 'https://other.example',
    });
    expect(keyMove(saved, 'https://api.anthropic.com/v2', undefined)).toBeNull();
    expect(keyMove(saved, 'https://other.example/v1', 'typed')).toBeNull();
    expect(keyMove(saved, 'https://other.example/v1', '')).toBeNull();
    expect(keyMove({ ...saved, hasApiKey: false }, 'https://other.example/v1', undefined)).toBeNull();
    expect(keyMove(undefined, 'https://other.example/v1', undefined)).toBeNull();
    expect(keyMove(saved, 'half typed', undefined)).toEqual({ from: 'https://api.anthropic.com', to: 'half typed' });
  });

  test('a key held back belongs where it was saved: saving the moved address asks for the key again', () => {
    const moved = { baseUrl: 'https://collect.example/v1', keyHeldFor: 'https://api.openai.com' };
    const saved = savedKeyAt(moved, false);
    expect(keyMove(saved, 'https://collect.example/v1', undefined)).toEqual({
      from: 'https://api.openai.com',
      to: 'https://collect.example',
    });
    expect(keyMove(saved, 'https://api.openai.com/v1', undefined)).toBeNull();
    expect(keyMove(saved, 'https://collect.example/v1', '')).toBeNull(); // removed on purpose
    expect(savedKeyAt({ baseUrl: 'https://api.openai.com/v1' }, true)).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      hasApiKey: true,
    });
  });
});
