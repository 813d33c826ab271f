/**
 * Giving back "every website" (or a host whole) without losing the sites granted one by one. Chrome's
 * `permissions.remove` of `https://*` + `/*` also removes every site inside it: the search
 * engine's, the providers', which then could not be reached until asked for again (measured in
 * e2e/web-settings.e2e.ts). So what the removal took beyond the patterns named is asked for
 * again at once, still in the user's click; Chrome grants a site granted before without a
 * prompt. Where that is refused (Firefox allows a request only inside the click's own handler),
 * Settings → Web says the engine's access is missing, with its button.
 */
import browser from 'webextension-polyfill';
import { holds } from '../../../shared/host-access';

/** Whether Chrome's removal of `wide` takes `site` along: every site of its scheme, or a host's ports. */
const inside = (site: string, wide: string) =>
  (wide.endsWith('://*/*') && site.startsWith(wide.slice(0, -'*/*'.length))) || holds(wide, site);

type Permissions = Pick<typeof browser.permissions, 'getAll' | 'remove' | 'request'>;

/**
 * Gives back `patterns` (wildcards, or a host whole), then asks again for the sites their
 * removal took along (the ports granted inside a host, in Chrome).
 */
export async function giveBackKeepingSites(
  patterns: readonly string[],
  permissions: Permissions = browser.permissions,
): Promise<boolean> {
  const before = (await permissions.getAll()).origins ?? [];
  const removed = await permissions.remove({ origins: [...patterns] });
  const after = new Set((await permissions.getAll()).origins ?? []);
  // Only what the removal took along: the worker may give back other sites meanwhile.
  const lost = before.filter((o) => !after.has(o) && !patterns.includes(o) && patterns.some((p) => inside(o, p)));
  if (lost.length > 0) await permissions.request({ origins: lost }).catch(() => false);
  return removed;
}
