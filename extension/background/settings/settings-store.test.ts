/** API keys are kept in the worker's IndexedDB, never in `storage.local`, bound to the origin they were saved for. */
import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_SETTINGS,
  SETTINGS_KEY,
  upsertProvider,
  type StoredProvider,
  type StoredSettings,
} from '../../shared/settings';
import { openGlossDb } from '../db';
import { loadSettings, saveSettings, type SettingsPlaces } from './settings-store';

const provider = (id: string, apiKey: string): StoredProvider => ({
  id,
  preset: 'anthropic',
  kind: 'anthropic',
  name: id,
  baseUrl: 'https://api.anthropic.com/v1',
  apiKey,
  model: 'claude',
});
const settings = (...providers: StoredProvider[]): StoredSettings => ({ ...DEFAULT_SETTINGS, providers });

/** A `storage.local` in memory (what a content script could read in Firefox) and a fresh database. */
function places(initial: Record<string, unknown> = {}) {
  const local = new Map(Object.entries(initial));
  const db = openGlossDb(`test-${crypto.randomUUID()}`);
  const where: SettingsPlaces = {
    local: {
      get: async (key) => (local.has(key) ? { [key]: structuredClone(local.get(key)) } : {}),
      set: async (items) => {
        for (const [k, v] of Object.entries(items)) local.set(k, structuredClone(v));
      },
    },
    db: () => db,
  };
  return { where, local: () => JSON.stringify(Object.fromEntries(local)) };
}

describe('the settings store', () => {
  test('saves keys where content scripts cannot read them, and reads them back', async () => {
    const { where, local } = places();
    await saveSettings(settings(provider('a', 'sk-ant-secret-1'), provider('b', '')), where);
    expect(local()).not.toContain('sk-ant-secret');
    expect(local()).toContain('"id":"a"');
    const loaded = await loadSettings(where);
    expect(loaded.providers.map((p) => p.apiKey)).toEqual(['sk-ant-secret-1', '']);
  });

  test('a changed or removed key is changed or removed, and the stored record says keys changed', async () => {
    const { where, local } = places();
    await saveSettings(settings(provider('a', 'first'), provider('b', 'second')), where);
    const stamp = () => (JSON.parse(local()) as Record<string, { keysChangedAt: number }>)[SETTINGS_KEY]!.keysChangedAt;
    const before = stamp();
    await new Promise((r) => setTimeout(r, 2));
    await saveSettings(settings(provider('a', 'changed')), where);
    expect((await loadSettings(where)).providers.map((p) => p.apiKey)).toEqual(['changed']);
    expect(stamp()).toBeGreaterThan(before);
    expect(await (await where.db()).count('keys')).toBe(1);
  });

  test('keys an earlier version left in storage.local move out on first read', async () => {
    const { where, local } = places({ [SETTINGS_KEY]: settings(provider('a', 'sk-old-secret')) });
    const loaded = await loadSettings(where);
    expect(loaded.providers[0]?.apiKey).toBe('sk-old-secret');
    expect(local()).not.toContain('sk-old-secret');
    expect((await loadSettings(where)).providers[0]?.apiKey).toBe('sk-old-secret');
  });
});

describe('a key and the origin it was saved for', () => {
  const rewrite = async (where: SettingsPlaces, baseUrl: string) => {
    const stored = (await where.local.get(SETTINGS_KEY))[SETTINGS_KEY] as StoredSettings;
    await where.local.set({ [SETTINGS_KEY]: { ...stored, providers: [{ ...stored.providers[0]!, baseUrl }] } });
  };

  test('a base URL rewritten in storage.local to another origin does not take the key along', async () => {
    const { where, local } = places();
    await saveSettings(settings(provider('a', 'sk-ant-secret')), where);
    await rewrite(where, 'https://evil.example/v1');
    const moved = (await loadSettings(where)).providers[0]!;
    expect(moved).toMatchObject({ apiKey: '', keyHeldFor: 'https://api.anthropic.com' });
    // Saving other settings meanwhile keeps the key for its origin, and writes no flag.
    await saveSettings(await loadSettings(where), where);
    expect(local()).not.toContain('keyHeldFor');
    await rewrite(where, 'https://api.anthropic.com/v1/');
    const back = (await loadSettings(where)).providers[0]!;
    expect(back.apiKey).toBe('sk-ant-secret');
    expect(back.keyHeldFor).toBeUndefined();
  });

  test('a held-back key stays held through an edit that types none, and goes when removed on purpose', async () => {
    const { where } = places();
    await saveSettings(settings(provider('a', 'sk-ant-secret')), where);
    await rewrite(where, 'https://evil.example/v1');
    const input = { id: 'a', preset: 'anthropic', kind: 'anthropic', name: 'a', model: 'claude' } as const;
    const edited = upsertProvider(
      await loadSettings(where),
      { ...input, baseUrl: 'https://evil.example/v1' },
      () => 'x',
    );
    await saveSettings(edited, where);
    expect((await loadSettings(where)).providers[0]).toMatchObject({
      apiKey: '',
      keyHeldFor: 'https://api.anthropic.com',
    });
    const removed = upsertProvider(
      await loadSettings(where),
      { ...input, baseUrl: 'https://evil.example/v1', apiKey: '' },
      () => 'x',
    );
    await saveSettings(removed, where);
    expect((await loadSettings(where)).providers[0]?.keyHeldFor).toBeUndefined();
    expect(await (await where.db()).count('keys')).toBe(0);
  });

  test('the same key typed again for a new origin is bound to that origin', async () => {
    const { where } = places();
    await saveSettings(settings(provider('a', 'sk-same')), where);
    await saveSettings(settings({ ...provider('a', 'sk-same'), baseUrl: 'https://proxy.example/v1' }), where);
    expect((await (await where.db()).get('keys', 'a'))?.origin).toBe('https://proxy.example');
  });

  test('a key an earlier version stored without its origin is bound to its provider’s on first read', async () => {
    const { where } = places();
    await saveSettings(settings(provider('a', '')), where);
    await (await where.db()).put('keys', { providerId: 'a', apiKey: 'sk-before-origins' });
    expect((await loadSettings(where)).providers[0]?.apiKey).toBe('sk-before-origins');
    expect((await (await where.db()).get('keys', 'a'))?.origin).toBe('https://api.anthropic.com');
  });
});
