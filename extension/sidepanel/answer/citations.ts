/**
 * Numbered sources in answers from the web: a "[2]" in a finished block becomes a link to the
 * page the model was shown as source 2 (`shared/web/web-source.ts`). The link is Gloss's own,
 * built with DOM calls from the step that found the page, never markup from the answer; a
 * number no source has stays plain text (Gloss gives no number to an unsourced claim), and text
 * inside code, math, links and the still-streaming tail is left alone.
 */
import { t } from '../../shared/i18n';
import type { WebSource } from '../../shared/web/web-source';
import { linkTarget } from './links';

const CITE = /\[(\d{1,3})\]/g;
// Frozen blocks sit in the panel's own groups (`data-gloss-ui="blocks"`); steps and other UI are left alone.
const LEAVE = 'a, code, pre, .tail, .katex, [data-math-style], [data-gloss-ui]:not([data-gloss-ui="blocks"])';

/** Links each "[n]" in `root`'s text to source n, where there is one. */
export function linkCitations(root: Element, sources: ReadonlyMap<number, WebSource>): void {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text && !node.parentElement?.closest(LEAVE) && CITE.test(node.data)) texts.push(node);
    CITE.lastIndex = 0;
  }
  for (const text of texts) linkIn(text, sources);
}

function linkIn(text: Text, sources: ReadonlyMap<number, WebSource>): void {
  const doc = text.ownerDocument;
  const parts: Node[] = [];
  let at = 0;
  for (const match of text.data.matchAll(CITE)) {
    const source = sources.get(Number(match[1]));
    // Only web addresses (the core gives no other, and this holds whatever a step says).
    if (!source || linkTarget(source.url)?.kind !== 'web') continue;
    parts.push(doc.createTextNode(text.data.slice(at, match.index)));
    const link = doc.createElement('a');
    link.href = source.url;
    link.className = 'cite';
    link.title = t('citeTitle', source.title, source.url);
    link.textContent = match[0];
    parts.push(link);
    at = match.index + match[0].length;
  }
  if (parts.length === 0) return;
  parts.push(doc.createTextNode(text.data.slice(at)));
  text.replaceWith(...parts);
}

/** Keeps `answer`'s numbers linked as its blocks freeze; returns the function that stops watching. */
export function watchCitations(answer: Element, sources: ReadonlyMap<number, WebSource>): () => void {
  linkCitations(answer, sources);
  // Its own changes come back once and find nothing more to link.
  const observer = new MutationObserver(() => linkCitations(answer, sources));
  observer.observe(answer, { childList: true, subtree: true });
  return () => observer.disconnect();
}
