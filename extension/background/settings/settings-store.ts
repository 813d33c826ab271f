/**
 * The settings (providers, time limits, preferences and instructions, MCP servers, web search) in
 * the worker's IndexedDB, with the API keys beside them in a store of their own. IndexedDB
 * belongs to the extension's origin, which no content script shares: only the worker and Gloss's
 * own pages can reach it.
 *
 * Earlier versions kept the settings in `storage.local`, which Firefox lets every script an
 * extension injects into a page read and rewrite (it has no `setAccessLevel`, storage-access.ts).
 * A compromised page could read the provider list and the instructions there, or point a
 * provider, an MCP server or the SearXNG address at itself, and the next question (the user's
 * conversation) went there. The worker's first read moves them here and removes them from
 * `storage.local`; nothing is written there again. Chrome can keep `storage.local` from content
 * scripts, but both browsers take this one path: one place for the settings, one migration.
 *
 * Each key is stored with the origin it was saved for, and attached to its provider only while
 * the provider's base URL is still on that origin: whatever changed the stored settings, a key
 * goes nowhere it was not typed for. A key held back this way is named on the provider
 * (`keyHeldFor`), so a question is refused with a reason instead of sent.
 */
import browser from 'webextension-polyfill';
import { originOf } from '../../shared/key-origin';
import { announceSettingsChanged } from '../../shared/protocol';
import { migrateSettings, SETTINGS_KEY, type StoredProvider, type StoredSettings } from '../../shared/settings';
import { openGlossDb, SETTINGS_RECORD, type Db, type KeyRecord } from '../db';

/** Where the settings live; the browser's by default, fakes in tests. */
export interface SettingsPlaces {
  /** `storage.local`, where earlier versions kept the settings: read once to move them, then cleared. */
  legacy: { get(key: string): Promise<Record<string, unknown>>; remove(key: string): Promise<void> };
  db: () => Promise<Db>;
  /** Tells every open panel the settings changed; they ask for them again. */
  changed: () => void;
}

let opening: Promise<Db> | undefined;
let browserPlaces: SettingsPlaces | undefined;
// One object for the worker's life, so the move below is done once per worker start.
const inBrowser = (): SettingsPlaces =>
  (browserPlaces ??= {
    legacy: browser.storage.local,
    db: () => (opening ??= openGlossDb()),
    changed: announceSettingsChanged,
  });

const moves = new WeakMap<SettingsPlaces, Promise<void>>();

/** Resolves once settings an earlier version left in `storage.local` are here and gone there. */
function moved(places: SettingsPlaces): Promise<void> {
  let move = moves.get(places);
  if (!move) {
    move = moveFromLocal(places);
    moves.set(places, move);
    move.catch(() => moves.delete(places)); // tried again on the next read
  }
  return move;
}

async function moveFromLocal(places: SettingsPlaces): Promise<void> {
  const db = await places.db();
  if ((await db.get('settings', SETTINGS_RECORD)) === undefined) {
    // Nothing there yet: an upgrade (or a new install, whose `storage.local` is empty: defaults).
    const old = migrateSettings((await places.legacy.get(SETTINGS_KEY))[SETTINGS_KEY]);
    await write(db, withKeys(old, await db.getAll('keys')));
  }
  // Removed also when already moved: a worker stopped between the two steps left them there.
  await places.legacy.remove(SETTINGS_KEY);
}

export async function loadSettings(places = inBrowser()): Promise<StoredSettings> {
  await moved(places);
  const db = await places.db();
  const keys = await db.getAll('keys');
  const settings = withKeys(migrateSettings(await db.get('settings', SETTINGS_RECORD)), keys);
  // Keys stored before their origin was (an earlier version): bound now, as saving does.
  if (keys.some((k) => k.origin === undefined)) await write(db, settings);
  return settings;
}

/**
 * The providers with their keys. A key still in the record (kept there by the oldest versions)
 * or stored without its origin is taken as it is, to be bound to the provider's origin when
 * written; any other only while the base URL is on its origin.
 */
function withKeys(settings: StoredSettings, keys: KeyRecord[]): StoredSettings {
  const byProvider = new Map(keys.map((k) => [k.providerId, k]));
  const providers = settings.providers.map(({ keyHeldFor: _, ...p }) => {
    const key = byProvider.get(p.id);
    if (p.apiKey !== '') return p;
    if (key && key.origin === undefined) return { ...p, apiKey: key.apiKey };
    return withKey(p, key);
  });
  return { ...settings, providers };
}

/** The provider with its key while its base URL is on the key's origin; else keyless, saying why. */
function withKey(provider: StoredProvider, key: KeyRecord | undefined): StoredProvider {
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
 * Stores the settings and tells the open panels. A provider without a key loses its stored one,
 * unless that key is only held back (`keyHeldFor`): it stays for when the base URL is back on
 * its origin.
 */
export async function saveSettings(settings: StoredSettings, places = inBrowser()): Promise<void> {
  await moved(places); // a later move must not overwrite this
  await write(await places.db(), settings);
  saves++;
  places.changed();
}

let saves = 0;
/**
 * How many times this worker has saved the settings, counted once each save is complete: a
 * reader that kept what it read with this count knows it is still current while the count is
 * the same (only the worker writes them; `mcp-servers.ts` reads them once per answer this way).
 */
export const settingsSaves = (): number => saves;

/** The keys and the rest (every key blank) in one transaction: never one without the other. */
async function write(db: Db, settings: StoredSettings): Promise<void> {
  const tx = db.transaction(['keys', 'settings'], 'readwrite');
  const keys = tx.objectStore('keys');
  const before = new Map((await keys.getAll()).map((k) => [k.providerId, k]));
  for (const id of before.keys()) {
    const provider = settings.providers.find((p) => p.id === id);
    if (!provider || !(recordFor(provider) || provider.keyHeldFor !== undefined)) await keys.delete(id);
  }
  for (const record of settings.providers.map(recordFor)) {
    const old = record && before.get(record.providerId);
    if (record && (old?.apiKey !== record.apiKey || old.origin !== record.origin)) await keys.put(record);
  }
  const providers = settings.providers.map(({ keyHeldFor: _, ...p }) => ({ ...p, apiKey: '' }));
  await tx.objectStore('settings').put({ ...settings, providers }, SETTINGS_RECORD);
  await tx.done;
}
