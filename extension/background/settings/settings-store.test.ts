/** API keys are kept in the worker's IndexedDB, never in `storage.local`. */
import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS, SETTINGS_KEY, type StoredProvider, type StoredSettings } from '../../shared/settings';
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
