/**
 * A YouTube video as material: its captions with timestamps, never its title alone. Read on the
 * user's action: the tab fetches the video's watch page afresh (YouTube changes videos without
 * loading a page, so the data the page started with may be another video's), `captions.ts`
 * finds a way to its captions as YouTube serves them now, and the core makes them "[m:ss] text"
 * lines. Every step that finds something unexpected says so.
 */
import browser, { type Tabs } from 'webextension-polyfill';
import { fetchText, postText } from '../../content/fetch-text';
import { transcriptPanelLines } from '../../content/transcript-panel';
import { offerMaterial, type PendingContext } from '../../shared/attachment';
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import { watchedVideo } from '../../shared/youtube';
import { coreReady, videoCaptions } from '../core';
import { FETCH_SECONDS } from './caption-misses';
import { findTranscript, shaped, VideoProblem, type VideoSite } from './captions';

/** What `func` gave when injected into tab `tabId` with `args` (undefined when nothing came back). */
async function inTab<A extends unknown[], R>(tabId: number, func: (...args: A) => R, args: A) {
  const [result] = await browser.scripting.executeScript({ target: { tabId }, func, args });
  return result?.result as Awaited<R> | undefined;
}

/** The tab's own fetches on its site, as its page would make them (the worker never does). */
function tabSite(tabId: number): VideoSite {
  const nothing = { ok: false as const, why: t('videoNoAnswer') };
  return {
    get: async (url) => (await inTab(tabId, fetchText, [url, FETCH_SECONDS * 1000])) ?? nothing,
    post: async (url, headers, body) =>
      (await inTab(tabId, postText, [url, headers, body, FETCH_SECONDS * 1000])) ?? nothing,
    panelLines: async () => (await inTab(tabId, transcriptPanelLines, [])) ?? [],
  };
}

/** The watch page's HTML, fetched afresh by the tab. */
async function watchPage(site: VideoSite, url: string): Promise<string> {
  const got = await site.get(url);
  if (!got.ok)
    throw new VideoProblem(t('videoDownloadFailed', got.timedOut ? t('videoTimedOut', FETCH_SECONDS) : got.why));
  return got.text;
}

/** The transcript of the video the tab shows now, or why there is none. */
export async function readVideo(tab: Pick<Tabs.Tab, 'id' | 'url'>, question?: string): Promise<PendingContext> {
  const video = watchedVideo(tab.url);
  if (!video) return { error: t('pageUnreadable') };
  const site = tabSite(tab.id ?? -1);
  const watchUrl = `${video.origin}/watch?v=${video.id}`;
  try {
    const html = await watchPage(site, watchUrl);
    await coreReady();
    const language = browser.i18n.getUILanguage();
    const data = shaped(() => videoCaptions(html, language));
    if (data.videoId !== video.id) throw new VideoProblem(t('videoShapeChanged', t('videoOtherVideo', data.videoId)));
    const found = await findTranscript(site, video, html, data.track, language);
    if ('error' in found) return found;
    const text = `${t('transcriptTrack', found.name)}\n\n${found.lines}`;
    // The menu's "Summarize this page." says video here; a quick action's own prompt stays.
    const offered = question === t('suggestSummarize') ? t('suggestSummarizeVideo') : question;
    return offerMaterial({ kind: 'transcript', title: data.title, url: watchUrl, text }, offered);
  } catch (e) {
    return { error: e instanceof VideoProblem ? e.message : t('videoDownloadFailed', messageOf(e)) };
  }
}
