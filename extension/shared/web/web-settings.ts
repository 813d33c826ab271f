/**
 * The web's part of the stored and public settings (issue 29): which search engine the worker's
 * `web_search` asks, the user's SearXNG instance, and how many results a search brings. Brave's
 * and Tavily's keys are not here: they live in the worker's IndexedDB, bound to their API's
 * origin (`background/web/search-keys.ts`). Absent in older records, or damaged: the defaults,
 * without losing the rest of the settings.
 *
 * Also the host access each engine needs ({@link engineAccess}), and the pair of patterns that
 * lets Gloss read any page without asking per site ({@link ANY_SITE}).
 */
import * as v from 'valibot';
import type { SearchEngine } from '../../../crates/gloss-wasm/pkg/gloss_wasm';
import type { Check, Covers } from '../core-enums';
import { accessPattern, PATTERNS_NAME_PORTS } from '../host-access';

/** Every engine the core knows, in the order Settings lists them. */
export const SEARCH_ENGINES = ['duckduckgo', 'searxng', 'brave', 'tavily'] as const satisfies readonly SearchEngine[];
export type SearchEnginesCovered = Check<Covers<SearchEngine, (typeof SEARCH_ENGINES)[number]>>;

/** The engines that need the user's API key. */
export const KEYED_ENGINES = ['brave', 'tavily'] as const satisfies readonly SearchEngine[];
export type KeyedEngine = (typeof KEYED_ENGINES)[number];

export function isKeyed(engine: SearchEngine): engine is KeyedEngine {
  return (KEYED_ENGINES as readonly string[]).includes(engine);
}

/**
 * Where each engine with one fixed address sends its searches: the origins of the core's
 * `search_request` URLs (`crates/gloss-core/src/web/request.rs`; a test builds each request in
 * the core and compares). A key is bound to its engine's origin here.
 */
export const ENGINE_ORIGINS = {
  duckduckgo: 'https://html.duckduckgo.com',
  brave: 'https://api.search.brave.com',
  tavily: 'https://api.tavily.com',
} as const satisfies Partial<Record<SearchEngine, string>>;

/** The engines' names as their makers write them (the core's `SearchEngine::name`). */
export const ENGINE_NAMES: Record<SearchEngine, string> = {
  duckduckgo: 'DuckDuckGo',
  searxng: 'SearXNG',
  brave: 'Brave Search',
  tavily: 'Tavily',
};

/** Where a user gets a key for a keyed engine. */
export const KEY_PAGES: Record<KeyedEngine, string> = {
  brave: 'https://api-dashboard.search.brave.com/',
  tavily: 'https://app.tavily.com/',
};

export const MAX_RESULT_COUNT = 10;

export const WebSettingsSchema = v.object({
  /** The search engine `web_search` asks; DuckDuckGo needs no key and no account. */
  engine: v.picklist(SEARCH_ENGINES),
  /** The user's SearXNG instance (`https://searx.example.org`); used only when it is the engine. */
  searxngUrl: v.pipe(v.string(), v.maxLength(2048)),
  /** How many results one search gives the model. */
  resultCount: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_RESULT_COUNT)),
  /**
   * In a chat that searches the web, Gloss searches with every question and sends what it read
   * before the model answers (web mode), even to a model that could call the tools itself.
   * Absent in records from before it: off.
   */
  searchFirst: v.optional(v.boolean(), false),
});
export type WebSettings = v.InferOutput<typeof WebSettingsSchema>;

export const DEFAULT_WEB: WebSettings = { engine: 'duckduckgo', searxngUrl: '', resultCount: 5, searchFirst: false };

/** The web's entry in the stored and public settings (a key is never in either). */
export const WebSettingsEntries = {
  web: v.fallback(v.optional(WebSettingsSchema, DEFAULT_WEB), DEFAULT_WEB),
};

/**
 * The host-permission pattern the worker needs to search `web.engine`: its API's host, or the
 * SearXNG instance's (`http://192.168.1.5:8888/*`, in Firefox with no port: `accessPattern`).
 * Null when the SearXNG address is not an http(s) URL, so there is nothing to ask for yet.
 */
export function engineAccess(
  web: Pick<WebSettings, 'engine' | 'searxngUrl'>,
  ports = PATTERNS_NAME_PORTS,
): string | null {
  return web.engine === 'searxng' ? accessPattern(web.searxngUrl, ports) : `${ENGINE_ORIGINS[web.engine]}/*`;
}

/** The host a pattern from {@link engineAccess} names, for words ("access to html.duckduckgo.com"). */
export function accessHost(pattern: string): string {
  return pattern.replace(/^[a-z]+:\/\//, '').replace(/\/\*$/, '');
}

/**
 * "Any site": what Gloss asks for when the user lets it read any page without asking for each
 * site (Settings → Web), and gives back when they choose to be asked again.
 */
export const ANY_SITE = ['https://*/*', 'http://*/*'];
