/**
 * Gloss's own tools for one answer, wired to the browser: the engine from Settings → Web, the
 * page reader, the tab beside the chat, the host access the browser has granted, and giving back a page's site after it.
 */
import browser from 'webextension-polyfill';
import type { StoredSettings } from '../../shared/settings';
import { releaseUnneededOrigins } from '../settings/host-access';
import { tabDeps } from '../material/tab-reader';
import { loadSettings } from '../settings/settings-store';
import { GlossTools } from './gloss-tools';
import { readWebPage } from './read-page';
import { searchSettingsFor } from './search-settings';
import { searchWeb } from './web-search';

/** `windowId`: the panel's window, whose active tab `read_tab` reads. */
export function webTools(settings: StoredSettings, given: ReadonlySet<string>, windowId?: number): GlossTools {
  return new GlossTools({
    policies: settings.glossPolicies,
    given,
    search: async (query, signal) => {
      const engine = await searchSettingsFor(settings);
      if ('problem' in engine) return engine;
      return searchWeb(engine, query, settings.web.resultCount, signal);
    },
    read: readWebPage,
    hasAccess: (pattern) => browser.permissions.contains({ origins: [pattern] }),
    giveBack: async () => releaseUnneededOrigins(await loadSettings()),
    tab: tabDeps(windowId),
  });
}
