/**
 * `read_tab`'s reach into the browser (the rules are `web/tab-tool.ts`): the tab beside a chat
 * (the active tab of the panel's window), whether Gloss may read it now, and its text through
 * the reader the page menu uses: the page reader, a video's transcript, a PDF by its address.
 */
import browser from 'webextension-polyfill';
import { t } from '../../shared/i18n';
import { looksLikePdf } from '../../shared/pdf';
import { originPattern } from '../../shared/settings';
import { watchedVideo } from '../../shared/youtube';
import type { OpenTab, TabDeps, TabReading } from '../web/tab-tool';
import { pageTextIn } from './page-context';
import { readVideo } from './video-context';

/** The tab tools of the panel in `windowId` (none known: there is no tab to read). */
export function tabDeps(windowId: number | undefined): TabDeps {
  return { active: () => activeTab(windowId), canRead, read: readTab };
}

async function activeTab(windowId: number | undefined): Promise<OpenTab | undefined> {
  if (windowId === undefined) return undefined;
  const [tab] = await browser.tabs.query({ active: true, windowId }).catch(() => []);
  // Without the `tabs` permission the address and title show only where Gloss has access.
  return tab?.id === undefined ? undefined : { id: tab.id, url: tab.url ?? '', title: tab.title ?? '' };
}

/**
 * Whether Gloss may read the tab now. A grant from the shortcut or the page menu (Chrome's
 * activeTab, until the tab navigates) does not show in `permissions.contains`: a script that
 * does nothing tells. A PDF is fetched by the worker, which needs the site's own access.
 */
async function canRead(tab: OpenTab): Promise<boolean> {
  const pattern = originPattern(tab.url);
  if (looksLikePdf(tab.url)) return pattern !== null && browser.permissions.contains({ origins: [pattern] });
  try {
    await browser.scripting.executeScript({ target: { tabId: tab.id }, func: () => true });
    return true;
  } catch {
    return false;
  }
}

async function readTab(tab: OpenTab): Promise<TabReading> {
  if (watchedVideo(tab.url)) return transcript(tab);
  const name = tab.title || tab.url;
  try {
    const page = await pageTextIn(tab.id);
    if (page?.pdf) return { pdf: true };
    if (!page?.text.trim()) return { problem: t('tabNoText', name, tab.url) };
    const title = page.title || tab.title;
    return { page: { url: tab.url, finalUrl: tab.url, title, text: page.text, kind: 'html' } };
  } catch {
    // Firefox's PDF viewer takes no scripts; its address still says what it shows.
    return looksLikePdf(tab.url) ? { pdf: true } : { problem: t('tabUnreadable', name, tab.url) };
  }
}

/** A video's page text is its title and comments: what it says is in its captions. */
async function transcript(tab: OpenTab): Promise<TabReading> {
  const read = await readVideo(tab);
  if ('error' in read) return { problem: read.error };
  if ('attachment' in read) {
    const { title, url, text } = read.attachment;
    return { page: { url: tab.url, finalUrl: url, title, text, kind: 'text' } };
  }
  return { problem: t('tabNoText', tab.title || tab.url, tab.url) };
}
