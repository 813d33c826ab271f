/**
 * What Gloss may access now, as Settings lists it: each site granted (with the providers and the
 * search engine that use it, which would ask again once it is given back; in Chrome a server on
 * this computer by its port, `http://127.0.0.1:1234`, and the ports "Find local models" tried
 * until the settings next change), every website when the user let Gloss read any page
 * (Settings → Web), and the optional `tabs` permission (the tab picker's list of titles and
 * addresses). Read from the browser's own record of grants, so
 * the list is what the browser would allow, whatever the settings say.
 */
import { t } from '../../shared/i18n';
import { accessPattern, holds, LOCAL_ORIGINS } from '../../shared/host-access';
import type { PublicProvider } from '../../shared/settings';
import { ANY_SITE, engineAccess, ENGINE_NAMES, type WebSettings } from '../../shared/web/web-settings';

export interface SiteAccess {
  /** The match pattern granted (`https://api.openai.com/*`). */
  pattern: string;
  /** What a reader recognises: the scheme and host (`https://api.openai.com`). */
  site: string;
  /** The saved providers on that site. */
  usedBy: string[];
}

export interface Access {
  sites: SiteAccess[];
  tabs: boolean;
}

/** The access granted, by site, with the providers (and the search engine of `web`) that use each. */
export function describeAccess(
  granted: { origins?: string[]; permissions?: string[] },
  providers: readonly Pick<PublicProvider, 'name' | 'baseUrl'>[],
  web?: Pick<WebSettings, 'engine' | 'searxngUrl'>,
): Access {
  const engine = web && engineAccess(web);
  // A host granted whole (by an older version, in Chrome) serves the ports inside it too.
  const serves = (pattern: string, needed: string | null) =>
    needed !== null && (needed === pattern || holds(pattern, needed));
  const sites = (granted.origins ?? []).map((pattern) => {
    const any = ANY_SITE.includes(pattern);
    const usedBy = providers.filter((p) => serves(pattern, accessPattern(p.baseUrl))).map((p) => p.name);
    if (web && engine && serves(pattern, engine)) usedBy.push(t('accessWebSearch', ENGINE_NAMES[web.engine]));
    if (usedBy.length === 0 && LOCAL_ORIGINS.includes(pattern)) usedBy.push(t('accessLocalSearch'));
    if (any) usedBy.push(t('accessPagesRead'));
    const site = any ? t('accessAnySite', pattern.replace(/:.*/, '')) : pattern.replace(/\/\*$/, '');
    return { pattern, site, usedBy };
  });
  // Every website first (the widest grant), then each site by name.
  const wide = (s: SiteAccess) => (ANY_SITE.includes(s.pattern) ? 0 : 1);
  sites.sort((a, b) => wide(a) - wide(b) || a.site.localeCompare(b.site));
  return { sites, tabs: (granted.permissions ?? []).includes('tabs') };
}
