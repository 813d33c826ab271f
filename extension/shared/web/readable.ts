/**
 * A page's readable text with Mozilla's Readability (the article, without menus, ads and
 * footers), one block per line, shared by the page reader injected into the user's tab
 * (`content/page.ts`) and the reader of pages a model asks for (`background/web/`). Needs a DOM:
 * it runs in a page, never in Chrome's service worker.
 */
import { Readability } from '@mozilla/readability';

const BLOCKS = 'h1,h2,h3,h4,h5,h6,p,li,pre,blockquote,td,th,figcaption,dt,dd';

/** Elements whose text is never the page's: code, styles, and markup for later. */
const NOT_TEXT = 'script,style,noscript,template,svg,math';

/**
 * The text of `root`'s blocks, one per paragraph: the page source's own line breaks and
 * indentation are noise (and tokens), so whitespace is collapsed everywhere but in code.
 */
export function blocksOf(root: ParentNode): string {
  const parts: string[] = [];
  for (const el of root.querySelectorAll(BLOCKS)) {
    if (el.tagName !== 'PRE' && el.querySelector(BLOCKS)) continue; // its inner blocks speak for it
    const raw = el.textContent;
    const text = el.tagName === 'PRE' ? raw.trimEnd() : raw.replace(/\s+/g, ' ').trim();
    if (text) parts.push(el.tagName === 'LI' ? `- ${text}` : text);
  }
  return parts.join('\n\n');
}

/** `blocksOf` an HTML fragment (Readability's article). */
export function blockText(html: string): string {
  // Parsed, never rendered: nothing in it runs or loads.
  return blocksOf(new DOMParser().parseFromString(html, 'text/html').body);
}

/**
 * The article of `doc` (a parsed page; it is left as it was) as its title and text. Without an
 * article (a short page, a list of links), the blocks of the whole body, or its bare text.
 */
export function readableText(doc: Document): { title: string; text: string } {
  let article: ReturnType<Readability['parse']> = null;
  try {
    article = new Readability(doc.cloneNode(true) as Document).parse();
  } catch {
    // Readability gives up on some markup; the body's text still reads.
  }
  const text = (article?.content ? blockText(article.content) : '') || bodyText(doc);
  return { title: article?.title?.trim() || doc.title.trim(), text };
}

function bodyText(doc: Document): string {
  const body = doc.body.cloneNode(true) as HTMLElement;
  for (const el of body.querySelectorAll(NOT_TEXT)) el.remove();
  return (
    blocksOf(body) ||
    body.textContent
      .replace(/[ \t]+/g, ' ')
      .replace(/\s*\n\s*/g, '\n')
      .trim()
  );
}
