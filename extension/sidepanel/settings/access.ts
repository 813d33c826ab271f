/**
 * What Gloss may access now, as Settings lists it: each site granted (with the providers and the
 * search engine that use it, which would ask again once it is given back), every website when
 * the user let Gloss read any page (Settings → Web), and the optional `tabs` permission (the
 * tab picker's list of titles and addresses). Read from the browser's own record of grants, so
 * the list is what the browser would allow, whatever the settings say.
 */
import { t } from '../../shared/i18n';
import { originPattern, type PublicProvider } from '../../shared/settings';
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
  const sites = (granted.origins ?? []).map((pattern) => {
    const any = ANY_SITE.includes(pattern);
    const usedBy = providers.filter((p) => originPattern(p.baseUrl) === pattern).map((p) => p.name);
    if (web && pattern === engine) usedBy.push(t('accessWebSearch', ENGINE_NAMES[web.engine]));
    if (any) usedBy.push(t('accessPagesRead'));
    const site = any ? t('accessAnySite', pattern.replace(/:.*/, '')) : pattern.replace(/\/\*$/, '');
    return { pattern, site, usedBy };
  });
  // Every website first (the widest grant), then each site by name.
  const wide = (s: SiteAccess) => (ANY_SITE.includes(s.pattern) ? 0 : 1);
  sites.sort((a, b) => wide(a) - wide(b) || a.site.localeCompare(b.site));
  return { sites, tabs: (granted.permissions ?? []).includes('tabs') };
}
