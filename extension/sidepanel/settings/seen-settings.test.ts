import { expect, test } from 'vitest';
import { DEFAULT_SETTINGS, toPublic } from '../../shared/settings';
import { lastSeen, rememberSeen } from './seen-settings';

function memory(kept?: string) {
  const items = new Map<string, string>(kept === undefined ? [] : [['gloss.settings.seen', kept]]);
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
  };
}

test('the settings last seen are shown again', () => {
  const storage = memory();
  const seen = { ...toPublic(DEFAULT_SETTINGS), theme: 'dark' as const };
  rememberSeen(storage, seen);
  expect(lastSeen(storage)).toEqual(seen);
});

test('no key is ever kept, even on settings that carry one', () => {
  const items = new Map<string, string>();
  const storage = { setItem: (key: string, value: string) => items.set(key, value) };
  const stored = {
    id: 'p',
    preset: 'openai',
    kind: 'openai',
    name: 'P',
    baseUrl: '',
    apiKey: 'sk-k',
    model: 'm',
  } as const;
  const seen = toPublic({ ...DEFAULT_SETTINGS, providers: [stored] });
  // What a worker that let the key through would send.
  const leaking = { ...seen.providers[0]!, apiKey: 'sk-never-kept' };
  rememberSeen(storage, { ...seen, providers: [leaking] });
  expect([...items.values()].join()).toContain('"hasApiKey":true');
  expect([...items.values()].join()).not.toContain('sk-never-kept');
});

test.each([
  ['nothing kept', undefined],
  ['not JSON', '{'],
  ['settings of another shape', '{"providers":"none"}'],
])('%s shows no settings until the worker answers', (_, kept) => {
  expect(lastSeen(memory(kept))).toBeUndefined();
});
