import { expect, test } from 'vitest';
import { messageOf } from './errors';

test.each([
  [new Error('disk full'), 'disk full'],
  [new DOMException('quota', 'QuotaExceededError'), 'quota'],
  ['plain text', 'plain text'],
  [42, '42'],
  [undefined, 'undefined'],
])('the message of %o is %s', (error, message) => {
  expect(messageOf(error)).toBe(message);
});
