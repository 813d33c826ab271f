/**
 * The settings: providers, time limits and the rest in `storage.local` (never sync), and the API
 * keys apart, in the worker's IndexedDB. Chrome can keep `storage.local` from content scripts
 * (storage-access.ts), but Firefox cannot: a script Gloss injects into a page could read it
 * there. IndexedDB belongs to the extension's origin, which no content script shares, so the
 * keys live only where the worker and Gloss's own pages can reach. Keys saved by earlier
 * versions in `storage.local` move over the first time the settings are read.
 *
 * Each key is stored with the origin it was saved for, and attached to its provider only while
 * the provider's base URL is still on that origin. What `storage.local` says cannot move a key:
 * in Firefox a compromised page could rewrite a provider's base URL there, and the next question
 * would otherwise carry the key to the page's server. A key held back this way is named on the
 * provider (`keyHeldFor`), so a question is refused with a reason instead of sent.
 */
import browser from 'webextension-polyfill';
import { originOf } from '../../shared/key-origin';
import { migrateSettings, SETTINGS_KEY, type StoredProvider, type StoredSettings } from '../../shared/settings';
import { openGlossDb, type Db, type KeyRecord } from '../db';

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
  const unbound = (await db.getAll('keys')).some((k) => k.origin === undefined);
  if (unbound || settings.providers.some((p) => p.apiKey !== '')) {
    // Written by an earlier version (a key in storage.local, or one stored without its origin):
    // bind each key to its provider's origin now, as saving does.
    const kept = new Map((await db.getAll('keys')).map((k) => [k.providerId, k.apiKey]));
    const merged = settings.providers.map((p) => ({ ...p, apiKey: p.apiKey || (kept.get(p.id) ?? '') }));
    await saveSettings({ ...settings, providers: merged }, places);
  }
  const keys = new Map((await db.getAll('keys')).map((k) => [k.providerId, k]));
  return { ...settings, providers: settings.providers.map((p) => withKey(p, keys.get(p.id))) };
}

/** The provider with its key while its base URL is on the key's origin; else keyless, saying why. */
function withKey({ keyHeldFor: _, ...provider }: StoredProvider, key: KeyRecord | undefined): StoredProvider {
  if (!key) return { ...provider, apiKey: '' };
  if (key.origin === originOf(provider.baseUrl)) return { ...provider, apiKey: key.apiKey };
  return { ...provider, apiKey: '', keyHeldFor: key.origin ?? '' };
}

/** The key record a provider should have: its key, bound to its base URL's origin. */
function recordFor(p: StoredProvider): KeyRecord | null {
  const origin = originOf(p.baseUrl);
  return p.apiKey === '' || origin === null ? null : { providerId: p.id, apiKey: p.apiKey, origin };
}

/**
 * Stores the keys first, then the rest with every key blank. A provider without a key loses its
 * stored one, unless that key is only held back (`keyHeldFor`): it stays for when the base URL
 * is back on its origin. `keysChangedAt` changes the stored record whenever a key does, so
 * panels that watch `storage.local` see that too.
 */
export async function saveSettings(settings: StoredSettings, places = browserPlaces()): Promise<void> {
  const db = await places.db();
  const tx = db.transaction('keys', 'readwrite');
  const before = new Map((await tx.store.getAll()).map((k) => [k.providerId, k]));
  let changed = false;
  for (const id of before.keys()) {
    const provider = settings.providers.find((p) => p.id === id);
    if (provider && (recordFor(provider) || provider.keyHeldFor !== undefined)) continue;
    await tx.store.delete(id);
    changed = true;
  }
  for (const record of settings.providers.map(recordFor)) {
    const old = record && before.get(record.providerId);
    if (!record || (old?.apiKey === record.apiKey && old.origin === record.origin)) continue;
    await tx.store.put(record);
    changed = true;
  }
  await tx.done;
  const stored = (await places.local.get(SETTINGS_KEY))[SETTINGS_KEY] as { keysChangedAt?: number } | undefined;
  const keysChangedAt = changed ? Date.now() : (stored?.keysChangedAt ?? 0);
  const providers = settings.providers.map(({ keyHeldFor: _, ...p }) => ({ ...p, apiKey: '' }));
  await places.local.set({ [SETTINGS_KEY]: { ...settings, providers, keysChangedAt } });
}
