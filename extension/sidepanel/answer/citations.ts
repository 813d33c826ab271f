/**
 * Numbered sources in answers from the web: a "[2]" in a finished block becomes a link to the
 * page the model was shown as source 2 (`shared/web/web-source.ts`), made by Gloss from the step
 * that found the page (`text-links.ts`). A number no source has stays plain text: Gloss gives
 * no number to an unsourced claim.
 */
import { t } from '../../shared/i18n';
import type { WebSource } from '../../shared/web/web-source';
import { linkTarget } from './links';
import { linkMatches, watchLinks } from './text-links';

const CITE = /\[(\d{1,3})\]/g;

/** Links each "[n]" in `root`'s text to source n, where there is one. */
export function linkCitations(root: Element, sources: ReadonlyMap<number, WebSource>): void {
  linkMatches(root, CITE, (match) => {
    const source = sources.get(Number(match[1]));
    // Only web addresses (the core gives no other, and this holds whatever a step says).
    if (!source || linkTarget(source.url)?.kind !== 'web') return null;
    const link = root.ownerDocument.createElement('a');
    link.href = source.url;
    link.className = 'cite';
    link.title = t('citeTitle', source.title, source.url);
    link.textContent = match[0];
    return link;
  });
}

/** Keeps `answer`'s numbers linked as its blocks freeze; returns the function that stops watching. */
export const watchCitations = (answer: Element, sources: ReadonlyMap<number, WebSource>): (() => void) =>
  watchLinks(answer, () => linkCitations(answer, sources));
