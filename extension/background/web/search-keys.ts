/**
 * Brave's and Tavily's API keys, kept as provider keys are (`settings/settings-store.ts`): in the
 * worker's IndexedDB, which no content script can read, apart from the settings, each bound to
 * the origin of the engine's API it was saved for. The panel learns only whether one is saved.
 */
import { ENGINE_ORIGINS, KEYED_ENGINES, type KeyedEngine } from '../../shared/web/web-settings';
import type { Db } from '../db';

/** Which keyed engines have a key saved for their API's origin. */
export type SavedKeys = Record<KeyedEngine, boolean>;

/** The engine's key, nothing when none is saved, or the origin it is held for (not its API's). */
export type EngineKey = { key: string } | { heldFor: string } | null;

export async function engineKey(db: Db, engine: KeyedEngine): Promise<EngineKey> {
  const record = await db.get('searchKeys', engine);
  if (!record) return null;
  return record.origin === ENGINE_ORIGINS[engine] ? { key: record.key } : { heldFor: record.origin };
}

/** Saves `key` for the engine's API origin; an empty (or blank) key removes the saved one. */
export async function saveEngineKey(db: Db, engine: KeyedEngine, key: string): Promise<void> {
  const trimmed = key.trim();
  if (trimmed === '') return db.delete('searchKeys', engine);
  await db.put('searchKeys', { engine, key: trimmed, origin: ENGINE_ORIGINS[engine] });
}

export async function savedKeys(db: Db): Promise<SavedKeys> {
  const has = async (engine: KeyedEngine) => {
    const found = await engineKey(db, engine);
    return found !== null && 'key' in found;
  };
  const [brave, tavily] = await Promise.all(KEYED_ENGINES.map(has));
  return { brave: brave ?? false, tavily: tavily ?? false };
}
