/**
 * Links made in an answer's finished text by Gloss itself (a video's moments, numbered web
 * sources): each match of a pattern in a text node becomes Gloss's own link, built with DOM
 * calls, never markup from the answer. Text inside code, math, existing links, the streaming
 * tail and the panel's own UI (tool steps) is left alone.
 */

// Frozen blocks sit in the panel's own groups (`data-gloss-ui="blocks"`); its other UI has none.
const LEAVE = 'a, code, pre, .tail, .katex, [data-math-style], [data-gloss-ui]:not([data-gloss-ui="blocks"])';

/** Replaces each match of `pattern` (global) in `root`'s text with `link(match)`, where it gives one. */
export function linkMatches(
  root: Element,
  pattern: RegExp,
  link: (match: RegExpMatchArray) => HTMLAnchorElement | null,
): void {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text && !node.parentElement?.closest(LEAVE) && pattern.test(node.data)) texts.push(node);
    pattern.lastIndex = 0;
  }
  for (const text of texts) linkIn(text, pattern, link);
}

function linkIn(text: Text, pattern: RegExp, link: (match: RegExpMatchArray) => HTMLAnchorElement | null): void {
  const parts: Node[] = [];
  let at = 0;
  for (const match of text.data.matchAll(pattern)) {
    const made = link(match);
    if (!made) continue;
    parts.push(text.ownerDocument.createTextNode(text.data.slice(at, match.index)), made);
    at = match.index + match[0].length;
  }
  if (parts.length === 0) return;
  parts.push(text.ownerDocument.createTextNode(text.data.slice(at)));
  text.replaceWith(...parts);
}

/** Keeps `answer` linked (`relink`) as its blocks freeze; returns the function that stops watching. */
export function watchLinks(answer: Element, relink: () => void): () => void {
  relink();
  // Its own changes come back once and find nothing more to link.
  const observer = new MutationObserver(relink);
  observer.observe(answer, { childList: true, subtree: true });
  return () => observer.disconnect();
}
