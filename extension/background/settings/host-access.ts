/**
 * Gives back host access no saved provider needs, after every settings change and at startup
 * (which also catches access granted for a URL that was only tested). Removing needs no user
 * gesture; asking does, so the panel asks (`sidepanel/settings/permissions.ts`).
 */
import browser from 'webextension-polyfill';
import { unneededOrigins } from '../../shared/host-access';
import type { StoredSettings } from '../../shared/settings';

export async function releaseUnneededOrigins(settings: StoredSettings): Promise<void> {
  const { origins = [] } = await browser.permissions.getAll();
  const unneeded = unneededOrigins(origins, settings.providers);
  if (unneeded.length > 0) await browser.permissions.remove({ origins: unneeded });
}
