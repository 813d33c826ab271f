/**
 * Host access, asked for at the moment it is needed and only for the origins involved. Must be
 * called synchronously in a click handler: browsers only show the prompt for a user gesture.
 */
import browser from 'webextension-polyfill';
import { accessPattern, widerToSwap } from '../../shared/host-access';
import { giveBackKeepingSites } from './web/any-site';

export { LOCAL_ORIGINS } from '../../shared/host-access';

/**
 * Asks for `origins`; once granted, gives back a host an older version was granted whole
 * (`http://127.0.0.1/*`) for the ports asked inside it, which the worker cannot do without
 * losing them (`widerToSwap`). The removal takes the ports along; asked again at once, still in
 * the click, Chrome grants them without a prompt.
 */
export function requestOrigins(origins: string[]): Promise<boolean> {
  const asked = browser.permissions.request({ origins }).catch(() => false);
  return asked.then(async (granted) => {
    if (granted) await giveBackWider(origins).catch(console.error);
    return granted;
  });
}

async function giveBackWider(asked: string[]): Promise<void> {
  const wider = widerToSwap((await browser.permissions.getAll()).origins ?? [], asked);
  if (wider.length > 0) await giveBackKeepingSites(wider);
}

/** Access to a provider's origin. Without it requests still work where the server allows CORS. */
export function requestProviderOrigin(baseUrl: string): Promise<boolean> {
  const origin = accessPattern(baseUrl);
  return origin ? requestOrigins([origin]) : Promise.resolve(false);
}
