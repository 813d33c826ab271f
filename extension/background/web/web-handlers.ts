/**
 * The worker's side of Settings → Web (`WEB_MESSAGES`): the search settings read and saved, a
 * Brave or Tavily key to the key store (bound to its API's origin, never sent back), and Try a
 * search, which runs one search as the tools will.
 *
 * Host access: the panel asks for the engine's origin in the Save or Try click (a user
 * gesture); the worker keeps it while the engine is chosen (`releaseUnneededOrigins`).
 */
import browser from 'webextension-polyfill';
import type { Handlers } from '../../shared/protocol';
import { localizeProblem, t } from '../../shared/i18n';
import type { StoredSettings } from '../../shared/settings';
import { toPublic } from '../../shared/settings';
import { TRY_QUERY, TRY_SHOWN } from '../../shared/web/web-messages';
import { accessHost, engineAccess, ENGINE_NAMES, isKeyed, type WebSettings } from '../../shared/web/web-settings';
import { coreReady, isSpecError, searchRequest } from '../core';
import type { Db } from '../db';
import { releaseUnneededOrigins } from '../settings/host-access';
import { loadSettings, saveSettings, type SettingsPlaces } from '../settings/settings-store';
import { engineKey, saveEngineKey, savedKeys } from './search-keys';
import { searchSettingsFor } from './search-settings';
import { searchWeb, type SearchSettings } from './web-search';

type WebHandlers = Pick<Handlers, 'web.get' | 'web.save' | 'web.try'>;

/** How long Try a search waits for the engine. */
export const TRY_SECONDS = 20;

export interface WebHandlerDeps {
  db: () => Promise<Db>;
  /** Where the settings live (the browser's unless a test says otherwise). */
  places?: SettingsPlaces;
  /** Gives back host access nothing saved needs. */
  release?: (settings: StoredSettings) => Promise<void>;
  /** Whether the browser grants the worker this origin pattern. */
  granted?: (pattern: string) => Promise<boolean>;
  fetchFn?: typeof fetch;
}

const browserGrants = (pattern: string) => browser.permissions.contains({ origins: [pattern] });

export function webHandlers(deps: WebHandlerDeps): WebHandlers {
  const state = async (settings: StoredSettings) => ({
    settings: toPublic(settings),
    keys: await savedKeys(await deps.db()),
  });
  return {
    'web.get': async () => state(await loadSettings(deps.places)),
    'web.save': async ({ web, key }) => {
      const refused = (await searxngProblem(web)) ?? (await keyProblem(web, key, deps.db));
      if (refused) return { ok: false, ...refused };
      if (isKeyed(web.engine) && key !== undefined) await saveEngineKey(await deps.db(), web.engine, key);
      const next = { ...(await loadSettings(deps.places)), web: { ...web, searxngUrl: web.searxngUrl.trim() } };
      await saveSettings(next, deps.places);
      await (deps.release ?? releaseUnneededOrigins)(next).catch(console.error);
      return { ok: true, ...(await state(next)) };
    },
    'web.try': async ({ web, key, query }) => trySearch(web, key, query, deps),
  };
}

/** What is wrong with the SearXNG instance's address, as a search would find it; null for other engines. */
async function searxngProblem(web: WebSettings) {
  if (web.engine !== 'searxng') return null;
  const field = 'searxngUrl' as const;
  const url = web.searxngUrl.trim();
  if (url === '') return { field, message: t('specSearchInstance') };
  if (engineAccess(web) === null) return { field, message: t('webSearxngInvalid', url) };
  await coreReady();
  try {
    searchRequest('searxng', url, undefined, TRY_QUERY, 1);
    return null;
  } catch (e) {
    if (!isSpecError(e)) throw e;
    return { field, message: localizeProblem(e).message };
  }
}

/**
 * A keyed engine saved with no key typed and none saved for its API: said at the key. Removing
 * the saved key on purpose ('') is allowed; searches then say the key is missing.
 */
async function keyProblem(web: WebSettings, key: string | undefined, db: () => Promise<Db>) {
  if (!isKeyed(web.engine) || key !== undefined) return null;
  const saved = await engineKey(await db(), web.engine);
  return saved && 'key' in saved
    ? null
    : { field: 'key' as const, message: t('webKeyMissing', ENGINE_NAMES[web.engine]) };
}

/** The form's settings for a search: a key typed is used as it is, else the saved one. */
async function draftSettings(web: WebSettings, key: string | undefined, deps: WebHandlerDeps) {
  if (isKeyed(web.engine) && key !== undefined && key.trim() !== '') return { engine: web.engine, key: key.trim() };
  const settings = { ...(await loadSettings(deps.places)), web };
  return searchSettingsFor(settings, deps.db);
}

async function trySearch(web: WebSettings, key: string | undefined, query: string | undefined, deps: WebHandlerDeps) {
  const settings: SearchSettings | { problem: string } = await draftSettings(web, key, deps);
  if ('problem' in settings) return { ok: false as const, problem: settings.problem };
  const signal = AbortSignal.timeout(TRY_SECONDS * 1000);
  const searched = await searchWeb(settings, query?.trim() || TRY_QUERY, web.resultCount, signal, deps.fetchFn);
  const pattern = engineAccess(web);
  if ('results' in searched) {
    const results = searched.results.slice(0, TRY_SHOWN).map(({ title, url }) => ({ title, url }));
    return { ok: true as const, found: searched.results.length, results };
  }
  let problem = signal.aborted ? t('webTryTimeout', ENGINE_NAMES[web.engine], TRY_SECONDS) : searched.problem;
  // Without access the browser may have refused the request before it left (no CORS): say what helps.
  if (pattern && !(await (deps.granted ?? browserGrants)(pattern).catch(() => false)))
    problem = `${problem} ${t('webAccessMissing', accessHost(pattern))}`;
  return { ok: false as const, problem };
}
