/**
 * A YouTube video as material: its captions with timestamps, never its title alone. Read on the
 * user's action: the tab fetches the video's watch page afresh (YouTube changes videos without
 * loading a page, so the data the page started with may be another video's), the core finds the
 * caption track to read in its player data, the tab fetches that track as json3, and the core
 * makes it "[m:ss] text" lines. Every step that finds something unexpected says so.
 */
import browser, { type Tabs } from 'webextension-polyfill';
import { fetchText } from '../../content/fetch-text';
import { offerMaterial, type PendingContext } from '../../shared/attachment';
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import { watchedVideo } from '../../shared/youtube';
import { coreReady, transcriptText, videoCaptions } from '../core';

class VideoProblem extends Error {}

/** How long the tab waits for YouTube's answer to each fetch (fetchText's limit). */
const FETCH_SECONDS = 20;

/** `url` fetched by the tab itself, as its page would. */
async function fetchInTab(tabId: number, url: string): Promise<string> {
  const [result] = await browser.scripting.executeScript({
    target: { tabId },
    func: fetchText,
    args: [url, FETCH_SECONDS * 1000],
  });
  const got = result?.result as Awaited<ReturnType<typeof fetchText>> | undefined;
  if (!got) throw new VideoProblem(t('videoDownloadFailed', t('videoNoAnswer')));
  if (!got.ok)
    throw new VideoProblem(t('videoDownloadFailed', got.timedOut ? t('videoTimedOut', FETCH_SECONDS) : got.why));
  return got.text;
}

/** The core's reading of YouTube's data; a thrown error means the shape changed. */
function shaped<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    throw new VideoProblem(t('videoShapeChanged', messageOf(e)));
  }
}

/** The transcript of the video the tab shows now, or why there is none. */
export async function readVideo(tab: Tabs.Tab, question?: string): Promise<PendingContext> {
  const video = watchedVideo(tab.url);
  if (!video) return { error: t('pageUnreadable') };
  const tabId = tab.id ?? -1;
  const watchUrl = `${video.origin}/watch?v=${video.id}`;
  try {
    const html = await fetchInTab(tabId, watchUrl);
    await coreReady();
    const data = shaped(() => videoCaptions(html, browser.i18n.getUILanguage()));
    if (data.videoId !== video.id) throw new VideoProblem(t('videoShapeChanged', t('videoOtherVideo', data.videoId)));
    const track = data.track;
    if (!track) return { error: t('videoNoCaptions') };
    // The address comes from the page: it may only lead to the video's own site.
    if (shaped(() => new URL(track.url).origin) !== video.origin)
      throw new VideoProblem(t('videoShapeChanged', t('videoCaptionsElsewhere')));
    const json = await fetchInTab(tabId, track.url);
    if (!json.trim()) return { error: t('videoCaptionsEmpty', track.name) };
    const lines = shaped(() => transcriptText(json));
    if (!lines) return { error: t('videoCaptionsEmpty', track.name) };
    const text = `${t('transcriptTrack', track.name)}\n\n${lines}`;
    // The menu's "Summarize this page." says video here; a quick action's own prompt stays.
    const offered = question === t('suggestSummarize') ? t('suggestSummarizeVideo') : question;
    return offerMaterial({ kind: 'transcript', title: data.title, url: watchUrl, text }, offered);
  } catch (e) {
    return { error: e instanceof VideoProblem ? e.message : t('videoDownloadFailed', messageOf(e)) };
  }
}
