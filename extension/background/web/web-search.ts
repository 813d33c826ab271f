/**
 * One web search from the worker: the core builds the engine's request and reads its answer
 * (`web/` in the core); this sends it with no cookies or credentials (a search is the
 * logged-out one, and nothing of the user's sessions reaches the model), follows no redirect
 * (a key goes only where it was saved for), and reads at most MAX_SEARCH_BODY of the answer.
 */
import { messageOf } from '../../shared/errors';
import { localizeError, localizeProblem, t } from '../../shared/i18n';
import { originOf } from '../../shared/key-origin';
import { readText } from '../../shared/read-body';
import { coreReady, isSpecError, searchRequest, searchResults, type SearchEngine, type SearchResult } from '../core';
import { isRedirect, PROVIDER_FETCH } from '../providers/provider-fetch';
import { privateAddress } from '../../shared/web/private-address';
import { CHECKS_ADDRESS_SPACE, publicOnly } from './address-space';
import { noteEngine } from './address-watch';

/** An engine's answer page is tens of KB; DuckDuckGo's HTML page about 30–60 KB. */
export const MAX_SEARCH_BODY = 2 * 1024 * 1024;

export interface SearchSettings {
  engine: SearchEngine;
  /** A SearXNG instance's address. */
  baseUrl?: string;
  /** Brave's or Tavily's key. */
  key?: string;
}

/** The results, or why there are none, in the user's language. */
export type Searched = { results: SearchResult[] } | { problem: string };

/**
 * The browser's fetch, for the engine: an engine's public name reached through a private address
 * shows a proxy, whose address then says nothing about the pages read (`address-watch.ts`). Where
 * the browser checks server addresses (`address-space.ts`), the engine is first asked as a
 * public server; only when the browser refuses that is it asked again, and its request watched.
 */
export async function engineFetch(input: string, init: RequestInit, checks = CHECKS_ADDRESS_SPACE): Promise<Response> {
  if (checks && privateAddress(input) === undefined) {
    try {
      return await fetch(input, publicOnly(init));
    } catch (e) {
      if (init.signal?.aborted) throw e;
    }
  }
  noteEngine(input);
  return fetch(input, init);
}

export async function searchWeb(
  settings: SearchSettings,
  query: string,
  count: number,
  signal: AbortSignal,
  fetchFn: (url: string, init: RequestInit) => Promise<Response> = engineFetch,
): Promise<Searched> {
  await coreReady();
  let request;
  try {
    request = searchRequest(settings.engine, settings.baseUrl, settings.key, query, count);
  } catch (e) {
    return { problem: isSpecError(e) ? localizeProblem(e).message : messageOf(e) };
  }
  const where = originOf(request.url) ?? request.url;
  let response: Response;
  try {
    const body = request.method === 'GET' ? undefined : request.body;
    response = await fetchFn(request.url, {
      method: request.method,
      headers: request.headers,
      body,
      signal,
      ...PROVIDER_FETCH,
    });
  } catch {
    return { problem: signal.aborted ? t('webSearchStopped') : t('webUnreachable', where) };
  }
  if (isRedirect(response)) return { problem: t('webRedirected', where) };
  const { text } = await readText(response, MAX_SEARCH_BODY);
  const found = searchResults(settings.engine, response.status, text);
  return 'results' in found ? { results: found.results } : { problem: localizeError(found.problem, found.l10n) };
}
