/**
 * Host access for Settings → Web, in words: the engine's origin the worker needs to search
 * (asked for in the Save or Try click), and "any site", the choice to let Gloss read every page
 * without asking per site. What the browser grants is the truth (`useGranted.ts`); this says it.
 */
import { t } from '../../../shared/i18n';
import { accessHost, engineAccess } from '../../../shared/web/web-settings';
import { webOf, type WebDraft } from './web-form';

/** The pattern to ask for before the draft's engine can search, or null (no valid SearXNG address yet). */
export function draftAccess(draft: WebDraft): string | null {
  return engineAccess(webOf(draft));
}

/** "Gloss may access html.duckduckgo.com." or what is missing and why. */
export function accessWords(pattern: string, granted: boolean): string {
  const host = accessHost(pattern);
  return granted ? t('webAccessGranted', host) : t('webAccessNeeded', host);
}

/** What each choice of "Pages Gloss reads" means, said under it. */
export function anySiteWords(any: boolean): string {
  return any ? t('webAnySiteHint') : t('webEachSiteHint');
}
