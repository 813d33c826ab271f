/**
 * The tab picker's list, decided without the DOM: which of the window's tabs Gloss can read
 * (web pages, and PDFs served from the web), named by title and host, and the one origin to ask
 * access to before reading one (never more than that tab's site).
 */
import { originPattern } from '../../shared/settings';
import { hostOf } from './attachment-text';

/** A tab as `tabs.query` gives it (title and URL only with the `tabs` permission). */
interface QueriedTab {
  id?: number;
  title?: string;
  url?: string;
  active?: boolean;
}

export interface PickableTab {
  id: number;
  title: string;
  url: string;
  host: string;
  /** The tab beside the panel. */
  active: boolean;
  /** What to ask access to before reading it: its site only (`https://host/*`). */
  origin: string;
}

/** The tabs Gloss can read, in the window's order; browser pages and the like are left out. */
export function pickableTabs(tabs: readonly QueriedTab[]): PickableTab[] {
  return tabs.flatMap((tab) => {
    const origin = tab.url ? originPattern(tab.url) : null;
    if (tab.id === undefined || !tab.url || !origin) return [];
    const host = hostOf(tab.url);
    return [{ id: tab.id, title: tab.title || host, url: tab.url, host, active: tab.active ?? false, origin }];
  });
}
