/**
 * Moments in answers about a video: a "[12:34]" in a finished block becomes a link that plays
 * the video from there. The link is Gloss's own (built with DOM calls, its address made by
 * `seekUrl` from the video the question was about), never markup from the answer; text inside
 * code, math, existing links and the still-streaming tail is left alone.
 */
import { t } from '../../shared/i18n';
import { seekUrl, timestampSeconds } from '../../shared/youtube';

const STAMP = /\[((?:\d{1,2}:)?\d{1,2}:\d{2})\]/g;
// Frozen blocks sit in the panel's own groups (`data-gloss-ui="blocks"`); its other UI has no moments.
const LEAVE = 'a, code, pre, .tail, .katex, [data-math-style], [data-gloss-ui]:not([data-gloss-ui="blocks"])';

/** Links each "[m:ss]" in `root`'s text to that moment of the video at `videoUrl`. */
export function linkTimestamps(root: Element, videoUrl: string): void {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text && !node.parentElement?.closest(LEAVE) && STAMP.test(node.data)) texts.push(node);
    STAMP.lastIndex = 0;
  }
  for (const text of texts) linkIn(text, videoUrl);
}

function linkIn(text: Text, videoUrl: string): void {
  const doc = text.ownerDocument;
  const parts: Node[] = [];
  let at = 0;
  for (const match of text.data.matchAll(STAMP)) {
    const stamp = match[1] ?? '';
    const seconds = timestampSeconds(stamp);
    const href = seconds === null ? null : seekUrl(videoUrl, seconds);
    if (seconds === null || href === null) continue;
    parts.push(doc.createTextNode(text.data.slice(at, match.index)));
    const link = doc.createElement('a');
    link.href = href;
    link.className = 'seek';
    link.dataset.seek = String(seconds);
    link.title = t('videoSeek', stamp);
    link.textContent = match[0];
    parts.push(link);
    at = match.index + match[0].length;
  }
  if (parts.length === 0) return;
  parts.push(doc.createTextNode(text.data.slice(at)));
  text.replaceWith(...parts);
}

/**
 * Keeps `answer`'s moments linked as its blocks freeze (and when a stored answer is shown);
 * returns the function that stops watching.
 */
export function watchTimestamps(answer: Element, videoUrl: string): () => void {
  linkTimestamps(answer, videoUrl);
  // Its own changes come back once and find nothing more to link.
  const observer = new MutationObserver(() => linkTimestamps(answer, videoUrl));
  observer.observe(answer, { childList: true, subtree: true });
  return () => observer.disconnect();
}
