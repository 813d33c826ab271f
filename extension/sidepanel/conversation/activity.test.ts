/** What the reader is told while an answer is on its way, at the moments they would look. */
import { expect, test } from 'vitest';
import { activityOf, STALL_AFTER_MS } from './activity';

test('before the first token, the time spent waiting counts up in whole seconds', () => {
  expect(activityOf({ since: 1000, last: null, now: 1000 })).toEqual({ kind: 'waiting', seconds: 0 });
  expect(activityOf({ since: 1000, last: null, now: 17_600 })).toEqual({ kind: 'waiting', seconds: 16 });
});

test('a long wait for the first token is waiting, not a stall (a local model reads the prompt first)', () => {
  expect(activityOf({ since: 0, last: null, now: 60_000 }).kind).toBe('waiting');
});

test('tokens arriving is streaming; silence after the answer started becomes a stall with its length', () => {
  expect(activityOf({ since: 0, last: 5000, now: 5000 + STALL_AFTER_MS - 1 })).toEqual({ kind: 'streaming' });
  expect(activityOf({ since: 0, last: 5000, now: 5000 + STALL_AFTER_MS })).toEqual({ kind: 'stalled', seconds: 10 });
  expect(activityOf({ since: 0, last: 5000, now: 47_900 })).toEqual({ kind: 'stalled', seconds: 42 });
});

test('while the model loads into memory, the wait says so, counting from the question (or the Continue), and not a stall', () => {
  expect(activityOf({ since: 1000, last: null, now: 5200, loading: true })).toEqual({ kind: 'loading', seconds: 4 });
  expect(activityOf({ since: 1000, last: null, now: 5200, loading: false })).toEqual({ kind: 'waiting', seconds: 4 });
  expect(activityOf({ since: 1000, last: 5000, now: 5200, loading: false })).toEqual({ kind: 'streaming' });
  // A Continue's model loading long after its last text is loading, not a stall.
  expect(activityOf({ since: 1000, last: 1000, now: 30_000, loading: true })).toEqual({ kind: 'loading', seconds: 29 });
});
