/**
 * What every request to a provider shares: no cookies, and no redirects followed. Browsers drop
 * only `Authorization` on a cross-origin redirect, so `x-api-key`, `x-goog-api-key` and (on
 * 307/308) the whole conversation would follow one to wherever it points; with `manual` the
 * browser stops at the redirect and Gloss says so instead.
 * https://fetch.spec.whatwg.org/#http-redirect-fetch
 */
import { originOf } from '../../shared/key-origin';
import { t } from '../../shared/i18n';

export const PROVIDER_FETCH = {
  // Never send cookies of the provider's site along with an API request.
  credentials: 'omit',
  redirect: 'manual',
} as const satisfies RequestInit;

/** The provider answered with a redirect (the browser's opaque one, or a plain 3xx). */
export function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
}

/** Why a redirect ends the request: what happened, and what to do. */
export function redirectError(url: string) {
  return { type: 'error', code: 'bad_response', message: t('errRedirect', originOrUrl(url)) } as const;
}

function originOrUrl(url: string): string {
  return originOf(url) ?? url;
}

/**
 * Whether the browser says there is no network at all. Only `false` counts: where `onLine` is
 * not known (as in Node, for the tests), nothing is claimed.
 */
export function browserOffline(): boolean {
  return (globalThis.navigator as Navigator | undefined)?.onLine === false;
}
