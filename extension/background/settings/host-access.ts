/**
 * Gives back access no feature in use needs: host access no saved provider, MCP server or the
 * chosen search engine needs, after every settings change and at startup (which also catches
 * access granted for a URL that was only tested), and the list of tabs once no panel is open. Removing needs no user gesture; asking
 * does, so the panel asks (`sidepanel/settings/permissions.ts`).
 */
import browser from 'webextension-polyfill';
import { neededOrigins, unneededOrigins } from '../../shared/host-access';
import type { StoredSettings } from '../../shared/settings';
import { engineAccess } from '../../shared/web/web-settings';

export async function releaseUnneededOrigins(settings: StoredSettings): Promise<void> {
  const { origins = [] } = await browser.permissions.getAll();
  const addresses = [...settings.providers.map((p) => p.baseUrl), ...settings.mcpServers.map((s) => s.url)];
  const engine = engineAccess(settings.web);
  const unneeded = unneededOrigins(origins, [...neededOrigins(addresses), ...(engine ? [engine] : [])]);
  if (unneeded.length > 0) await browser.permissions.remove({ origins: unneeded });
}

/**
 * The titles and addresses of the user's tabs (the optional `tabs` permission) serve the panel's
 * tab picker only: with no panel open nothing can use them, so they are given back, and the
 * picker asks again next time.
 */
export async function releaseTabs(): Promise<void> {
  if (await browser.permissions.contains({ permissions: ['tabs'] }))
    await browser.permissions.remove({ permissions: ['tabs'] });
}
