/**
 * The settings: providers, time limits and the rest in `storage.local` (never sync), and the API
 * keys apart, in the worker's IndexedDB. Chrome can keep `storage.local` from content scripts
 * (storage-access.ts), but Firefox cannot: a script Gloss injects into a page could read it
 * there. IndexedDB belongs to the extension's origin, which no content script shares, so the
 * keys live only where the worker and Gloss's own pages can reach. Keys saved by earlier
 * versions in `storage.local` move over the first time the settings are read.
 */
import browser from 'webextension-polyfill';
import { migrateSettings, SETTINGS_KEY, type StoredSettings } from '../../shared/settings';
import { openGlossDb, type Db } from '../db';

/** Where the settings live; the browser's by default, fakes in tests. */
export interface SettingsPlaces {
  local: { get(key: string): Promise<Record<string, unknown>>; set(items: Record<string, unknown>): Promise<void> };
  db: () => Promise<Db>;
}

let opening: Promise<Db> | undefined;
const browserPlaces = (): SettingsPlaces => ({
  local: browser.storage.local,
  db: () => (opening ??= openGlossDb()),
});

export async function loadSettings(places = browserPlaces()): Promise<StoredSettings> {
  const settings = migrateSettings((await places.local.get(SETTINGS_KEY))[SETTINGS_KEY]);
  const db = await places.db();
  if (settings.providers.some((p) => p.apiKey !== '')) {
    // Written by an earlier version, key included: move the keys out now.
    const kept = new Map((await db.getAll('keys')).map((k) => [k.providerId, k.apiKey]));
    const merged = settings.providers.map((p) => ({ ...p, apiKey: p.apiKey || (kept.get(p.id) ?? '') }));
    await saveSettings({ ...settings, providers: merged }, places);
  }
  const keys = new Map((await db.getAll('keys')).map((k) => [k.providerId, k.apiKey]));
  return { ...settings, providers: settings.providers.map((p) => ({ ...p, apiKey: keys.get(p.id) ?? '' })) };
}

/**
 * Stores the keys first, then the rest with every key blank. `keysChangedAt` changes the stored
 * record whenever a key does, so panels that watch `storage.local` see that too.
 */
export async function saveSettings(settings: StoredSettings, places = browserPlaces()): Promise<void> {
  const db = await places.db();
  const tx = db.transaction('keys', 'readwrite');
  const before = new Map((await tx.store.getAll()).map((k) => [k.providerId, k.apiKey]));
  let changed = false;
  for (const id of before.keys()) {
    if (settings.providers.some((p) => p.id === id && p.apiKey !== '')) continue;
    await tx.store.delete(id);
    changed = true;
  }
  for (const { id, apiKey } of settings.providers) {
    if (apiKey === '' || before.get(id) === apiKey) continue;
    await tx.store.put({ providerId: id, apiKey });
    changed = true;
  }
  await tx.done;
  const stored = (await places.local.get(SETTINGS_KEY))[SETTINGS_KEY] as { keysChangedAt?: number } | undefined;
  const keysChangedAt = changed ? Date.now() : (stored?.keysChangedAt ?? 0);
  const providers = settings.providers.map((p) => ({ ...p, apiKey: '' }));
  await places.local.set({ [SETTINGS_KEY]: { ...settings, providers, keysChangedAt } });
}
