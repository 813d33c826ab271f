/**
 * Try a search's outcome as Settings → Web shows it: searching, what was found (the first few
 * titles and addresses), or the problem in the worker's words. An outcome belongs to the form's
 * settings and query it ran with; once they change it is retired rather than left under them.
 */
import { t } from '../../../shared/i18n';
import { TRY_QUERY } from '../../../shared/web/web-messages';
import { accessHost, ENGINE_NAMES } from '../../../shared/web/web-settings';
import type { WebRes } from './web-changes';
import { requestOf, type WebDraft } from './web-form';

export type TryOutcome =
  | { state: 'pending'; message: string }
  | { state: 'found'; message: string; results: { title: string; url: string; host: string }[] }
  | { state: 'problem'; message: string };

/** What a draft and query are, as an outcome remembers them: a change of either retires it. */
export function tryFields(draft: WebDraft, query: string): string {
  return JSON.stringify([requestOf(draft), query.trim()]);
}

/** Waiting for the browser's prompt for access to `pattern`'s host, which the search needs. */
export function waiting(pattern: string): TryOutcome {
  return { state: 'pending', message: t('webTryWaiting', accessHost(pattern)) };
}

export function searching(draft: WebDraft): TryOutcome {
  return { state: 'pending', message: t('webSearching', ENGINE_NAMES[draft.engine]) };
}

/** The worker's answer as an outcome. */
export function outcomeOf(draft: WebDraft, query: string, res: WebRes<'web.try'>): TryOutcome {
  if (!res.ok) return { state: 'problem', message: res.problem };
  const engine = ENGINE_NAMES[draft.engine];
  const asked = query.trim() || TRY_QUERY;
  const message =
    res.found === 0
      ? t('webFoundNone', engine, asked)
      : res.found === 1
        ? t('webFoundOne', engine, asked)
        : t('webFoundMany', engine, res.found, asked);
  return { state: 'found', message, results: res.results.map((r) => ({ ...r, host: hostOf(r.url) })) };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
