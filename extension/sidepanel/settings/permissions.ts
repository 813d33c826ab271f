/**
 * Host access, asked for at the moment it is needed and only for the origins involved. Must be
 * called synchronously in a click handler: browsers only show the prompt for a user gesture.
 */
import browser from 'webextension-polyfill';
import { originPattern } from '../../shared/settings';

export { LOCAL_ORIGINS } from '../../shared/host-access';

export function requestOrigins(origins: string[]): Promise<boolean> {
  return browser.permissions.request({ origins }).catch(() => false);
}

/** Access to a provider's origin. Without it requests still work where the server allows CORS. */
export function requestProviderOrigin(baseUrl: string): Promise<boolean> {
  const origin = originPattern(baseUrl);
  return origin ? requestOrigins([origin]) : Promise.resolve(false);
}
