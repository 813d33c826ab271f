/**
 * Moments in answers about a video: a "[12:34]" in a finished block becomes a link that plays
 * the video from there. The link is Gloss's own (built with DOM calls, its address made by
 * `seekUrl` from the video the question was about, `text-links.ts`), never markup from the answer.
 */
import { t } from '../../shared/i18n';
import { seekUrl, timestampSeconds } from '../../shared/youtube';
import { linkMatches, watchLinks } from './text-links';

const STAMP = /\[((?:\d{1,2}:)?\d{1,2}:\d{2})\]/g;

/** Links each "[m:ss]" in `root`'s text to that moment of the video at `videoUrl`. */
export function linkTimestamps(root: Element, videoUrl: string): void {
  linkMatches(root, STAMP, (match) => {
    const stamp = match[1] ?? '';
    const seconds = timestampSeconds(stamp);
    const href = seconds === null ? null : seekUrl(videoUrl, seconds);
    if (seconds === null || href === null) return null;
    const link = root.ownerDocument.createElement('a');
    link.href = href;
    link.className = 'seek';
    link.dataset.seek = String(seconds);
    link.title = t('videoSeek', stamp);
    link.textContent = match[0];
    return link;
  });
}

/**
 * Keeps `answer`'s moments linked as its blocks freeze (and when a stored answer is shown);
 * returns the function that stops watching.
 */
export const watchTimestamps = (answer: Element, videoUrl: string): (() => void) =>
  watchLinks(answer, () => linkTimestamps(answer, videoUrl));
