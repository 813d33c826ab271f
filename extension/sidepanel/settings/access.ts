/**
 * What Gloss may access now, as Settings lists it: each site granted (with the providers that
 * use it, which would ask again once it is given back) and the optional `tabs` permission (the
 * tab picker's list of titles and addresses). Read from the browser's own record of grants, so
 * the list is what the browser would allow, whatever the settings say.
 */
import { originPattern, type PublicProvider } from '../../shared/settings';

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

/** The access granted, by site, with the providers that use each. */
export function describeAccess(
  granted: { origins?: string[]; permissions?: string[] },
  providers: readonly Pick<PublicProvider, 'name' | 'baseUrl'>[],
): Access {
  const sites = (granted.origins ?? []).map((pattern) => ({
    pattern,
    site: pattern.replace(/\/\*$/, ''),
    usedBy: providers.filter((p) => originPattern(p.baseUrl) === pattern).map((p) => p.name),
  }));
  sites.sort((a, b) => a.site.localeCompare(b.site));
  return { sites, tabs: (granted.permissions ?? []).includes('tabs') };
}
