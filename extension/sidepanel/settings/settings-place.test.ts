import { expect, test } from 'vitest';
import { placeToFix } from './settings-place';

test('a refused key, a wrong address or an unreachable server open the provider’s form', () => {
  for (const code of ['auth', 'not_found', 'network']) expect(placeToFix(code, 'p1')).toEqual({ provider: 'p1' });
});

test('a timeout opens the time limits', () => {
  expect(placeToFix('timeout', 'p1')).toBe('timeouts');
});

test('errors Settings cannot fix get no button', () => {
  for (const code of ['rate_limit', 'server', 'context_length', 'content_filter', 'bad_response', 'truncated'])
    expect(placeToFix(code, 'p1')).toBeNull();
  expect(placeToFix('auth', undefined)).toBeNull();
});
