import { expect, test } from 'vitest';
import { missMessage, type Miss } from './caption-misses';

const refused: Miss = {
  kind: 'player',
  client: 'ANDROID',
  problem: { kind: 'refused', status: 400, reason: 'FAILED_PRECONDITION' },
};

test('a gated caption address is never taken for a video without captions', () => {
  expect(missMessage([refused, { kind: 'gated' }])).toContain('only to its own player');
  expect(missMessage([{ kind: 'noTracks' }, { kind: 'empty', track: 'English', gated: true }])).toContain(
    'only to its own player',
  );
});

test('the most telling reason wins: a sign-in, then a video that does not play, then a network turned away', () => {
  const login: Miss = { kind: 'player', client: 'ANDROID', problem: { kind: 'login', reason: 'Sign in to confirm' } };
  const unplayable: Miss = {
    kind: 'player',
    client: 'ANDROID',
    problem: { kind: 'unplayable', status: 'ERROR', reason: 'Video unavailable' },
  };
  const busy: Miss = { kind: 'fetch', why: 'HTTP 429', status: 429 };
  expect(missMessage([busy, { kind: 'gated' }, unplayable, login])).toContain('asks to sign in');
  expect(missMessage([busy, { kind: 'gated' }, unplayable])).toContain('“Video unavailable”');
  expect(missMessage([{ kind: 'gated' }, busy])).toContain('HTTP 429');
});

test('no captions only when a source said so and nothing failed on the way', () => {
  expect(missMessage([refused, { kind: 'noTracks' }])).toContain('This video has no captions');
  expect(missMessage([{ kind: 'noTracks' }, { kind: 'fetch', why: 'HTTP 500', status: 500 }])).toContain('HTTP 500');
  expect(missMessage([{ kind: 'empty', track: 'English', gated: false }, { kind: 'noTracks' }])).toContain(
    'no caption text for this video (track: English)',
  );
});

test('a refusal alone names its status; a changed answer says the shape changed', () => {
  expect(missMessage([refused])).toContain('HTTP 400, FAILED_PRECONDITION');
  const other: Miss = { kind: 'player', client: 'ANDROID', problem: { kind: 'otherVideo', id: 'zzzzzzzzzzz' } };
  expect(missMessage([other])).toContain('the page is about zzzzzzzzzzz');
  expect(missMessage([{ kind: 'config', detail: 'no INNERTUBE_API_KEY' }])).toContain('no INNERTUBE_API_KEY');
  expect(missMessage([{ kind: 'fetch', why: 'x', timedOut: true }])).toContain('did not answer within 20 s');
});
