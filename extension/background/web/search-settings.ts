/**
 * What the worker's `web_search` searches with: the engine chosen in Settings → Web, with its
 * SearXNG instance or its key from the key store (`search-keys.ts`). Anything missing is said as
 * the problem, in the user's language and naming where to fix it, instead of a search that
 * cannot work: a keyed engine without its key, a SearXNG instance not given or not a web
 * address, a key held for another origin than its engine's API.
 */
import { t } from '../../shared/i18n';
import type { StoredSettings } from '../../shared/settings';
import { engineAccess, ENGINE_NAMES, ENGINE_ORIGINS, isKeyed } from '../../shared/web/web-settings';
import { openGlossDb, type Db } from '../db';
import { engineKey } from './search-keys';
import type { SearchSettings } from './web-search';

let opening: Promise<Db> | undefined;
const keyStore = () => (opening ??= openGlossDb());

/** The engine with its base URL and key, or why it cannot search. */
export async function searchSettingsFor(
  settings: StoredSettings,
  db: () => Promise<Db> = keyStore,
): Promise<SearchSettings | { problem: string }> {
  const { engine, searxngUrl } = settings.web;
  if (engine === 'searxng') {
    const baseUrl = searxngUrl.trim();
    if (baseUrl === '') return { problem: t('specSearchInstance') };
    if (engineAccess(settings.web) === null) return { problem: t('webSearxngInvalid', baseUrl) };
    return { engine, baseUrl };
  }
  if (!isKeyed(engine)) return { engine };
  const found = await engineKey(await db(), engine);
  if (found === null) return { problem: t('webKeyMissing', ENGINE_NAMES[engine]) };
  if ('heldFor' in found)
    return { problem: t('webKeyHeld', ENGINE_NAMES[engine], found.heldFor, ENGINE_ORIGINS[engine]) };
  return { engine, key: found.key };
}
