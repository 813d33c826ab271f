/**
 * Playing a video from a moment an answer named: in the tab showing that video (its player is
 * moved there, without reloading), else in the tab loaded at that moment, else in a new tab.
 */
import browser from 'webextension-polyfill';
import { watchedVideo } from '../../shared/youtube';

/** Injected into the video's tab on the user's click: moves the page's player to `seconds`. */
function seekTo(seconds: number): boolean {
  const video = document.querySelector<HTMLVideoElement>('#movie_player video, video');
  if (!video) return false;
  video.currentTime = seconds;
  return true;
}

/** Plays `url` (a watch address with `t=`) from `seconds`, where the user is watching it if possible. */
export async function seekVideo(url: string, seconds: number): Promise<void> {
  const target = watchedVideo(url);
  if (!target) return;
  const win = await browser.windows.getCurrent();
  const [tab] = await browser.tabs.query({ active: true, windowId: win.id });
  // The tab's address is readable while Gloss may read the tab (the question gave it access).
  if (tab?.id !== undefined && watchedVideo(tab.url)?.id === target.id) {
    try {
      const [done] = await browser.scripting.executeScript({
        target: { tabId: tab.id },
        func: seekTo,
        args: [seconds],
      });
      if (done?.result === true) return;
    } catch {
      // No longer allowed into the tab: loading it at the moment does the same.
    }
    await browser.tabs.update(tab.id, { url });
    return;
  }
  await browser.tabs.create({ url });
}
