/**
 * Turning "Search the web" on: the engine's site must be granted to the worker, which searches.
 * Asked from the click itself (browsers show the prompt only for a user gesture), so nothing
 * may be awaited before the request.
 */
import browser from 'webextension-polyfill';
import { t } from '../../shared/i18n';

type Request = (origins: string[]) => Promise<boolean>;
const request: Request = (origins) => browser.permissions.request({ origins }).catch(() => false);

/** Asks for `access`; a problem in words when it was refused or cannot be asked for. */
export async function switchOn(access: string | null, ask: Request = request): Promise<string | undefined> {
  if (access === null) return t('webSearchNoEngine');
  return (await ask([access])) ? undefined : t('webSearchRefused', hostOf(access));
}

/** `https://html.duckduckgo.com/*` → `html.duckduckgo.com`. */
export const hostOf = (pattern: string): string => pattern.replace(/^[a-z]+:\/\//, '').replace(/\/\*$/, '');
